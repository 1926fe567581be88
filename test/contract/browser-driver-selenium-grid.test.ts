/**
 * The BrowserSession contract on the `webdriver` driver through a real
 * Selenium Grid 4.20 (standalone, a Chromium node with three slots: the suite holds two sessions open and opens a third), as a
 * platform team runs it.
 */
import plugin from '../../plugins/drivers/webdriver/index';
import { loadDriverFromPlugin, runBrowserDriverContract } from './browser-driver.contract';
import { startSeleniumGrid } from '../helpers/selenium-grid';

runBrowserDriverContract('webdriver on a Selenium Grid', async (env) => {
  const grid = await startSeleniumGrid({ slots: 3 });
  try {
    const dut = await loadDriverFromPlugin(plugin, 'webdriver', { type: 'webdriver', url: grid.url }, {}, env.serviceUrl);
    return { ...dut, async cleanup() { await dut.cleanup(); await grid.stop(); } };
  } catch (err) {
    await grid.stop();
    throw err;
  }
});
