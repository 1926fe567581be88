/**
 * Plugin `driver-webdriver`: the `webdriver` browser driver, on WebdriverIO.
 * A flow runs in its own WebDriver session, on a WebDriver endpoint it names
 * (Selenium Grid, any W3C server and browser) or on a chromedriver the
 * plugin starts. Videos are made of screenshots (WebDriver has no screencast).
 */
import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, HTTP_SERVER, LIFECYCLE, LOGGER, SETTINGS, provide, resolve } from '../../../kernel/tokens';
import { serviceOriginsResolver } from '../../../kernel/service-origins';
import { WebdriverConfigSchema } from './config-schema';
import { WebdriverDriver } from './webdriver-driver';

/** The `driver-webdriver` plugin manifest. */
export default definePlugin({
  id: 'driver-webdriver',
  apiVersion: 1,
  description: 'WebDriver browser driver (Selenium Grid, chromedriver, any W3C WebDriver endpoint)',
  configSchema: WebdriverConfigSchema,
  provides: [BROWSER_DRIVERS, LIFECYCLE],
  requires: [SETTINGS, LOGGER],
  // The service's own address, which sessions block; read when a session opens (absent: nothing to block).
  optional: [HTTP_SERVER],
  register(ctx) {
    let driver: WebdriverDriver | null = null;
    const serviceOrigins = serviceOriginsResolver(ctx.container, ctx.settings);
    provide(ctx.container, BROWSER_DRIVERS, (c) => (driver ??= new WebdriverDriver({ config: ctx.config, logger: resolve(c, LOGGER), serviceOrigins })));
    provide(ctx.container, LIFECYCLE, () => ({
      name: 'driver-webdriver', order: 10,
      // Nothing to close when no flow ever used the driver.
      stop: async () => { await driver?.close(); },
    }));
  },
});
