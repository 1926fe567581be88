/**
 * Plugin `driver-webdriver`: the `webdriver` browser driver, on WebdriverIO.
 * A flow runs in its own WebDriver session, on a WebDriver endpoint it names
 * (Selenium Grid, any W3C server and browser) or on a chromedriver the
 * plugin starts. Videos are made of screenshots (WebDriver has no screencast).
 */
import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, LIFECYCLE, LOGGER } from '../../../kernel/tokens';
import { serviceOriginsResolver } from '../../../lib/service-guard/service-origins';
import { WebdriverConfigSchema } from './config-schema';
import { WebdriverDriver } from './webdriver-driver';
import { HTTP_SERVER } from '../../../lib/http/route-contract';

/** The `driver-webdriver` plugin manifest. */
export default definePlugin({
  id: 'driver-webdriver',
  apiVersion: 2,
  description: 'WebDriver browser driver (Selenium Grid, chromedriver, any W3C WebDriver endpoint)',
  configSchema: WebdriverConfigSchema,
  provides: [BROWSER_DRIVERS, LIFECYCLE],
  deps: { logger: LOGGER },
  // The service's own address, which sessions block; read when a session opens (absent: nothing to block).
  optionalDeps: { server: HTTP_SERVER },
  register({ config, settings, deps, provide }) {
    let driver: WebdriverDriver | null = null;
    const serviceOrigins = serviceOriginsResolver(() => deps.server, settings);
    provide(BROWSER_DRIVERS, () => (driver ??= new WebdriverDriver({ config, logger: deps.logger, serviceOrigins })));
    provide(LIFECYCLE, () => ({
      name: 'driver-webdriver', order: 10,
      // Nothing to close when no flow ever used the driver.
      stop: async () => { await driver?.close(); },
    }));
  },
});
