/**
 * Builds the plugin's three drivers from its config: binaries are resolved
 * once and the ffmpeg verdict is logged once, not per flow.
 */
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import type { PlaywrightConfig } from './config-schema';
import { DeviceDriver } from './device-driver';
import { HostedDriver } from './hosted-driver';
import { RemoteDriver } from './remote-driver';
import { resolveChromiumPath, resolveFfmpegPath, resolveHeadlessPath } from './executables';
import { videosWritten } from '../../../lib/video/frame-encoder';

export interface PlaywrightDrivers {
  device: DeviceDriver;
  remote: RemoteDriver;
  hosted: HostedDriver;
  /** Closes every browser of every driver and releases hosted sessions (service shutdown). */
  closeAll(): Promise<void>;
}

/**
 * `serviceOrigins` tells, at each session's opening, which origins are the
 * service's own (every context blocks them; see service-guard.ts).
 */
export function createPlaywrightDrivers(config: PlaywrightConfig, logger: Logger, serviceOrigins: () => ServiceOrigins): PlaywrightDrivers {
  const executablePath = resolveChromiumPath(config.executablePath);
  const headlessExecutablePath = resolveHeadlessPath(executablePath);
  const ffmpegPath = resolveFfmpegPath(config.ffmpegPath);
  if (!ffmpegPath) logger.warn('ffmpeg was not found: flows will run without video', { configured: config.ffmpegPath ?? null });
  // The key may be logged by accident (a failed request's options): mask it from the start.
  if (config.hosted.apiKey) logger.addSecret(config.hosted.apiKey);
  const device = new DeviceDriver({ config, logger, executablePath, headlessExecutablePath, ffmpegPath, serviceOrigins });
  const remote = new RemoteDriver({ config, logger, ffmpegPath, serviceOrigins });
  const hosted = new HostedDriver({ config, logger, ffmpegPath, serviceOrigins });
  return {
    device,
    remote,
    hosted,
    async closeAll() {
      await Promise.all([device.close(), remote.close(), hosted.close()]);
      // Videos of flows that just ended are still being finished: none is cut short by the shutdown.
      await videosWritten();
    },
  };
}
