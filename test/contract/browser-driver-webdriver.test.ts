/** The BrowserSession contract on the `webdriver` driver (a local chromedriver and Chromium). */
import plugin from '../../plugins/drivers/webdriver/index';
import { loadDriverFromPlugin, runBrowserDriverContract } from './browser-driver.contract';

runBrowserDriverContract('webdriver', (env) => loadDriverFromPlugin(plugin, 'webdriver', { type: 'webdriver' }, {}, env.serviceUrl));
