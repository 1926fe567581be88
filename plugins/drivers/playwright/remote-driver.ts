/**
 * The `remoteInstance` driver: a Chromium that is already running elsewhere
 * and reachable over the DevTools protocol (`ws://host:9222/devtools/browser/<id>`).
 * One connection per URL is shared by the flows using it; each flow gets its
 * own context there. Closing disconnects and leaves the remote browser running.
 */
import { chromium, type Browser } from 'playwright-core';
import type { BrowserDriver, BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import type { BrowserConfig } from '../../../kernel/flows/flow-types';
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import { parseOrThrow } from '../../../kernel/validation';
import { RemoteUsingSchema, type PlaywrightConfig } from './config-schema';
import { openSessionOnBrowser } from './open-session';
import { SharedBrowsers } from './shared-browsers';

export interface RemoteDriverDeps {
  config: PlaywrightConfig;
  logger: Logger;
  ffmpegPath: string | null;
  /** The service's own origins, read when a session opens. */
  serviceOrigins: () => ServiceOrigins;
}

export class RemoteDriver implements BrowserDriver {
  readonly type = 'remoteInstance';
  readonly description = 'A Chromium already running elsewhere, reached over the DevTools protocol at `url` (ws:// or wss://)';
  readonly usingSchema = RemoteUsingSchema;
  private readonly shared: SharedBrowsers;

  constructor(private readonly deps: RemoteDriverDeps) {
    this.shared = new SharedBrowsers('remote browser', deps.logger);
  }

  validate(using: BrowserConfig): void {
    parseOrThrow(RemoteUsingSchema, using, 'browser.using');
  }

  async open(using: BrowserConfig, options: OpenSessionOptions): Promise<BrowserSession> {
    const { url } = parseOrThrow(RemoteUsingSchema, using, 'browser.using');
    return this.shared.use(url, () => this.connect(url), (browser) => openSessionOnBrowser({
      browser,
      contextOptions: { viewport: this.deps.config.defaultViewport },
      options,
      logger: this.deps.logger,
      ffmpegPath: this.deps.ffmpegPath,
      videoFps: this.deps.config.videoFps,
      serviceOrigins: this.deps.serviceOrigins(),
      maxResultBytes: this.deps.config.maxResultBytes,
    }));
  }

  close(): Promise<void> {
    return this.shared.closeAll();
  }

  private async connect(url: string): Promise<Browser> {
    // The URL may carry a token in its query: log the host only.
    this.deps.logger.info('Connecting to a remote browser', { host: new URL(url).host });
    try {
      return await chromium.connectOverCDP(url, { timeout: this.deps.config.launchTimeoutMs });
    } catch (err) {
      throw new Error(`Could not connect to the remote browser at ${new URL(url).host}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
}
