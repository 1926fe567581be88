/** No env value readable by OCR in any picture, `webdriver` driver (support/secret-pictures-suite.ts). */
import { describeSecretPictures } from './support/secret-pictures-suite';

describeSecretPictures('webdriver');
