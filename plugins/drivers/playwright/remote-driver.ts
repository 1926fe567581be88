/**
 * The `remoteInstance` driver: a Chromium that is already running elsewhere,
 * reached over the DevTools protocol (`ws://host:9222/devtools/browser/<id>`)
 * or through a Playwright server (`chromium.connect`: `playwright run-server`,
 * browserless, Moon, cloud Playwright services). One connection per URL and
 * protocol is shared by the flows using it; each flow gets its own context
 * there. Closing disconnects and leaves the remote browser running (a
 * Playwright server closes the browser it launched for the connection).
 */
import type { Browser } from 'playwright-core';
import { playwright } from './playwright-module';
import type { BrowserDriver, BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import { acquireBrowser } from '../../../lib/endpoint-slots/acquire-browser';
import { EndpointSlots } from '../../../lib/endpoint-slots/endpoint-slots';
import { endpointLabel } from '../../../lib/endpoint-slots/endpoint-label';
import { RemoteUsingSchema, remoteProtocol, type PlaywrightConfig, type RemoteUsing } from './config-schema';
import { openSessionOnBrowser } from './open-session';
import { SharedBrowsers } from './shared-browsers';

export interface RemoteDriverDeps {
  config: PlaywrightConfig;
  logger: Logger;
  ffmpegPath: string | null;
  /** The service's own origins, read when a session opens. */
  serviceOrigins: () => ServiceOrigins;
}

export class RemoteDriver implements BrowserDriver<RemoteUsing> {
  readonly type = 'remoteInstance';
  readonly description = 'A Chromium running elsewhere, at `url` (ws:// or wss://): its DevTools endpoint (`protocol: "cdp"`, the default for a /devtools/ URL) or a Playwright server (`protocol: "playwright"`, the default otherwise)';
  readonly usingSchema = RemoteUsingSchema;
  /** Network rules and traces on its contexts, and HAR recording (a context option, so only on contexts it creates). */
  readonly supports = ['network.rules', 'network.har', 'trace'] as const;
  private readonly shared: SharedBrowsers;
  /** Sessions held per remote endpoint (`maxConcurrentPerEndpoint`). */
  private readonly slots = new EndpointSlots();

  constructor(private readonly deps: RemoteDriverDeps) {
    this.shared = new SharedBrowsers('remote browser', deps.logger);
  }

  /** Every Playwright browser here is a Chromium: its requests are intercepted (request-guard.ts), so allowedOrigins are enforced. */
  navigationPolicyProblem(): string | null {
    return null;
  }

  async open(remote: RemoteUsing, options: OpenSessionOptions): Promise<BrowserSession> {
    if (!options.acquire) return this.openOn(remote, options, () => {});
    // The remote end may be full, refusing or restarting: wait for it (bounded, visible, cancellable), holding a slot while the session lives.
    let release = () => {};
    const acquired = await acquireBrowser({
      slots: this.slots, endpoint: endpointLabel(remote.url), wait: options.acquire,
      open: () => this.openOn(remote, options, () => release()),
      discard: (session) => session.close(),
    });
    release = acquired.release;
    return acquired.value;
  }

  /** A context on the (shared) connection to `remote.url`; `onClosed` runs once the session is closed. */
  private openOn(remote: RemoteUsing, options: OpenSessionOptions, onClosed: () => void): Promise<BrowserSession> {
    const protocol = remoteProtocol(remote);
    return this.shared.use(`${protocol} ${remote.url}`, () => this.connect(remote.url, protocol), (browser) => openSessionOnBrowser({
      browser,
      contextOptions: { viewport: this.deps.config.defaultViewport },
      options,
      logger: this.deps.logger,
      ffmpegPath: this.deps.ffmpegPath,
      videoFps: this.deps.config.videoFps, videoSource: this.deps.config.videoSource,
      serviceOrigins: this.deps.serviceOrigins(),
      maxResultBytes: this.deps.config.maxResultBytes,
      onClosed,
    }));
  }

  close(): Promise<void> {
    return this.shared.closeAll();
  }

  private async connect(url: string, protocol: 'cdp' | 'playwright'): Promise<Browser> {
    // The URL may carry a token in its query: log the host only.
    this.deps.logger.info('Connecting to a remote browser', { host: new URL(url).host, protocol });
    const timeout = this.deps.config.launchTimeoutMs;
    try {
      return protocol === 'cdp' ? await playwright().chromium.connectOverCDP(url, { timeout }) : await playwright().chromium.connect(url, { timeout });
    } catch (err) {
      throw new Error(`Could not connect to the remote browser at ${new URL(url).host}: ${(err as Error).message.split('\n')[0]}`);
    }
  }
}
