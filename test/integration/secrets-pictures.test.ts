/** No env value readable by OCR in any picture, Playwright `device` driver with its screencast video (support/secret-pictures-suite.ts). */
import { describeSecretPictures } from './support/secret-pictures-suite';

describeSecretPictures('device');
