/** The BrowserSession contract on the Playwright `device` driver (local Chromium). */
import plugin from '../../plugins/drivers/playwright/index';
import { loadDriverFromPlugin, runBrowserDriverContract } from './browser-driver.contract';

runBrowserDriverContract('playwright device', (env) => loadDriverFromPlugin(plugin, 'device', { type: 'device' }, {}, env.serviceUrl));
