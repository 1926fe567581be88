/**
 * Plugin `driver-playwright`: browser drivers on Playwright and Chromium.
 * `device` launches a local Chromium (shared per launch options, one context
 * per flow); `remoteInstance` connects to a running one over CDP;
 * `hostedBrowser` gets a cloud browser per flow from a Browserbase-style API.
 * All record videos with the DevTools screencast and the system ffmpeg.
 */
import type { DependencyContainer } from 'tsyringe';
import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, HTTP_SERVER, LIFECYCLE, LOGGER, SETTINGS, provide, resolve } from '../../../kernel/tokens';
import { serviceOriginsResolver } from '../../../kernel/service-origins';
import { PlaywrightConfigSchema } from './config-schema';
import { createPlaywrightDrivers, type PlaywrightDrivers } from './drivers';

export default definePlugin({
  id: 'driver-playwright',
  apiVersion: 1,
  description: 'Playwright browser drivers: device (local Chromium), remoteInstance (CDP) and hostedBrowser (cloud browser API)',
  configSchema: PlaywrightConfigSchema,
  provides: [BROWSER_DRIVERS, LIFECYCLE],
  requires: [SETTINGS, LOGGER],
  // The service's own address, which every context blocks; read when a session opens (absent: nothing to block).
  optional: [HTTP_SERVER],
  register(ctx) {
    let drivers: PlaywrightDrivers | null = null;
    const serviceOrigins = serviceOriginsResolver(ctx.container, ctx.settings);
    // Built on first resolve, shared by the four registrations below.
    const get = (c: DependencyContainer) => (drivers ??= createPlaywrightDrivers(ctx.config, resolve(c, LOGGER), serviceOrigins));
    provide(ctx.container, BROWSER_DRIVERS, (c) => get(c).device);
    provide(ctx.container, BROWSER_DRIVERS, (c) => get(c).remote);
    provide(ctx.container, BROWSER_DRIVERS, (c) => get(c).hosted);
    provide(ctx.container, LIFECYCLE, () => ({
      name: 'driver-playwright', order: 10,
      // Nothing to close when no driver was ever used.
      stop: async () => { await drivers?.closeAll(); },
    }));
  },
});
