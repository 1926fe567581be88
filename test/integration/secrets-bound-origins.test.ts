/** Issue 21's attack suite on the Playwright `device` driver (test/integration/support/secret-attack-suite.ts). */
import { describeSecretAttacks } from './support/secret-attack-suite';

describeSecretAttacks('device');
