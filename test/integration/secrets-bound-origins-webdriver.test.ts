/** Issue 21's attack suite on the `webdriver` driver, local chromedriver (test/integration/support/secret-attack-suite.ts). */
import { describeSecretAttacks } from './support/secret-attack-suite';

describeSecretAttacks('webdriver');
