/**
 * The `device` driver: a local Chromium, headless by default, optionally
 * emulating a Playwright device and going through a proxy. Flows with the
 * same launch options share one Chromium process; each gets its own context.
 */
import { existsSync } from 'node:fs';
import type { Browser, LaunchOptions } from 'playwright-core';
import { playwright } from './playwright-module';
import type { BrowserDriver, BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import { DeviceUsingSchema, type DeviceUsing, type PlaywrightConfig } from './config-schema';
import { assertKnownDevice, contextOptionsFor } from './device-profiles';
import { openSessionOnBrowser } from './open-session';
import { SharedBrowsers } from './shared-browsers';

/** Switches every launch gets: root in a container, no GPU, no background traffic. */
export const FIXED_LAUNCH_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

export interface DeviceDriverDeps {
  config: PlaywrightConfig;
  logger: Logger;
  /** Resolved Chromium binary (headed flows). */
  executablePath: string;
  /** The binary of headless flows (executables.ts resolveHeadlessPath); absent: executablePath. */
  headlessExecutablePath?: string;
  ffmpegPath: string | null;
  /** The service's own origins, read when a session opens. */
  serviceOrigins: () => ServiceOrigins;
}

export class DeviceDriver implements BrowserDriver<DeviceUsing> {
  readonly type = 'device';
  readonly description = 'A local Chromium (headless unless `headless: false`), optionally emulating a Playwright device (`deviceName`) and using a `proxy`';
  readonly usingSchema = DeviceUsingSchema;
  /** Flows that name no browser run on a local headless Chromium. */
  readonly defaultUsing: DeviceUsing = { type: 'device', headless: true };
  /** Network rules and traces on its contexts, and HAR recording (a context option, so only on contexts it creates). */
  readonly supports = ['network.rules', 'network.har', 'trace'] as const;
  private readonly shared: SharedBrowsers;

  constructor(private readonly deps: DeviceDriverDeps) {
    this.shared = new SharedBrowsers('local Chromium', deps.logger);
  }

  /** Every Playwright browser here is a Chromium: its requests are intercepted (request-guard.ts), so allowedOrigins are enforced. */
  navigationPolicyProblem(): string | null {
    return null;
  }

  validate(using: DeviceUsing): void {
    if (using.deviceName) assertKnownDevice(using.deviceName);
  }

  async open(parsed: DeviceUsing, options: OpenSessionOptions): Promise<BrowserSession> {
    const contextOptions = contextOptionsFor(parsed.deviceName, this.deps.config.defaultViewport);
    if (parsed.proxy?.password) this.deps.logger.addSecret(parsed.proxy.password);
    const launch = this.launchOptions(parsed);
    return this.shared.use(JSON.stringify(launch), () => this.launch(launch), (browser) => openSessionOnBrowser({
      browser,
      contextOptions,
      options,
      logger: this.deps.logger,
      ffmpegPath: this.deps.ffmpegPath,
      videoFps: this.deps.config.videoFps, videoSource: this.deps.config.videoSource,
      serviceOrigins: this.deps.serviceOrigins(),
      maxResultBytes: this.deps.config.maxResultBytes,
    }));
  }

  close(): Promise<void> {
    return this.shared.closeAll();
  }

  /** Process ids of the running Chromium browser processes (tests and diagnostics). */
  async browserProcessIds(): Promise<number[]> {
    const ids: number[] = [];
    for (const browser of this.shared.browsers()) {
      const cdp = await browser.newBrowserCDPSession();
      try {
        const info = await cdp.send('SystemInfo.getProcessInfo');
        for (const p of info.processInfo) if (p.type === 'browser') ids.push(p.id);
      } finally {
        await cdp.detach().catch(() => undefined);
      }
    }
    return ids;
  }

  private launchOptions(using: DeviceUsing): LaunchOptions {
    const headless = using.headless ?? this.deps.config.defaultHeadless;
    const options: LaunchOptions = {
      executablePath: headless ? this.deps.headlessExecutablePath ?? this.deps.executablePath : this.deps.executablePath,
      headless,
      args: [...FIXED_LAUNCH_ARGS, ...this.deps.config.launchArgs],
      timeout: this.deps.config.launchTimeoutMs,
    };
    if (using.proxy) options.proxy = { ...using.proxy };
    return options;
  }

  private async launch(options: LaunchOptions): Promise<Browser> {
    if (!existsSync(options.executablePath!)) {
      throw new Error(`Chromium was not found at ${options.executablePath}; install it or set executablePath in the driver-playwright config`);
    }
    if (options.headless === false && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
      throw new Error('A headed browser (headless: false) needs a display, and none is set (DISPLAY); use headless: true');
    }
    this.deps.logger.info('Starting Chromium', { headless: options.headless, executablePath: options.executablePath, proxy: options.proxy?.server ?? null });
    try {
      return await playwright().chromium.launch(options);
    } catch (err) {
      throw new Error(`Chromium could not start: ${(err as Error).message.split('\n')[0]}`);
    }
  }
}
