/**
 * Plugin `driver-playwright`: browser drivers on Playwright and Chromium.
 * `device` launches a local Chromium (shared per launch options, one context
 * per flow); `remoteInstance` connects to a running one, over CDP (a
 * /devtools/ URL, or `protocol: 'cdp'`) or to a Playwright server
 * (`chromium.connect`, `protocol: 'playwright'`); `hostedBrowser` gets a
 * cloud browser per flow from a Browserbase-style API. All record videos
 * through lib/video and the system ffmpeg, from the flow's own screenshots
 * by default or the DevTools screencast (`videoSource`).
 */
import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, LIFECYCLE, LOGGER } from '../../../kernel/tokens';
import { serviceOriginsResolver } from '../../../lib/service-guard/service-origins';
import { PlaywrightConfigSchema } from './config-schema';
import { createPlaywrightDrivers, type PlaywrightDrivers } from './drivers';
import { HTTP_SERVER } from '../../../lib/http/route-contract';

export default definePlugin({
  id: 'driver-playwright',
  apiVersion: 2,
  description: 'Playwright browser drivers: device (local Chromium), remoteInstance (CDP or a Playwright server) and hostedBrowser (cloud browser API)',
  configSchema: PlaywrightConfigSchema,
  provides: [BROWSER_DRIVERS, LIFECYCLE],
  deps: { logger: LOGGER },
  // The service's own address, which every context blocks; read when a session opens (absent: nothing to block).
  optionalDeps: { server: HTTP_SERVER },
  register({ config, settings, deps, provide }) {
    let drivers: PlaywrightDrivers | null = null;
    const serviceOrigins = serviceOriginsResolver(() => deps.server, settings);
    // Built on first resolve, shared by the four registrations below.
    const get = () => (drivers ??= createPlaywrightDrivers(config, deps.logger, serviceOrigins));
    provide(BROWSER_DRIVERS, () => get().device);
    provide(BROWSER_DRIVERS, () => get().remote);
    provide(BROWSER_DRIVERS, () => get().hosted);
    provide(LIFECYCLE, () => ({
      name: 'driver-playwright', order: 10,
      // Nothing to close when no driver was ever used.
      stop: async () => { await drivers?.closeAll(); },
    }));
  },
});
