/**
 * The `webdriver` driver: one WebDriver session per flow, either on an
 * endpoint the flow names (`url`, e.g. a Selenium Grid) or on the plugin's
 * own chromedriver. WebdriverIO speaks the protocol (classic WebDriver, no
 * BiDi, so any W3C endpoint and browser works).
 */
import { videosWritten } from '../../../lib/video/frame-encoder';
import type { BrowserDriver, BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import { invalidRequest } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import { buildCapabilities, DEFAULT_BROWSER, isChromeFamily } from './capabilities';
import { WebdriverUsingSchema, type WebdriverConfig, type WebdriverUsing } from './config-schema';
import { LocalChromedriver } from './local-chromedriver';
import { WebdriverSession } from './session';
import { UserAgentMarker } from './user-agent';
import { readableMessage } from './webdriver-errors';
import { resolveFfmpegPath } from '../../../lib/video/find-ffmpeg';
import { acquireBrowser } from '../../../lib/endpoint-slots/acquire-browser';
import { EndpointSlots } from '../../../lib/endpoint-slots/endpoint-slots';
import { endpointLabel } from '../../../lib/endpoint-slots/endpoint-label';
import { CdpRequestGuard, devtoolsUrl } from './cdp-request-guard';
import { WebdriverSecretMasking } from './secret-masking';
import { join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { downloadPrefs, type DownloadSource } from './downloads';
import { mergeCapabilities } from './capabilities';

/** Where WebdriverIO connects, from an endpoint URL. */
export interface EndpointOptions {
  protocol: 'http' | 'https';
  hostname: string;
  port: number;
  path: string;
  user?: string;
  key?: string;
}

/** Splits an endpoint URL into WebdriverIO's options; credentials in the URL become user/key. */
export function endpointOptions(url: string): EndpointOptions {
  const u = new URL(url);
  const protocol = u.protocol === 'https:' ? 'https' : 'http';
  const options: EndpointOptions = {
    protocol,
    hostname: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : protocol === 'https' ? 443 : 80,
    path: u.pathname || '/',
  };
  if (u.username) options.user = decodeURIComponent(u.username);
  if (u.password) options.key = decodeURIComponent(u.password);
  return options;
}

/** What the driver needs from its plugin. */
export interface WebdriverDriverDeps {
  config: WebdriverConfig;
  logger: Logger;
  /** The service's own origins, read when a session opens (sessions block them). */
  serviceOrigins: () => ServiceOrigins;
}

/** Where a session's downloads are read from: the local folder, the Grid when it granted managed downloads, else nowhere. */
function downloadsOf(options: NonNullable<OpenSessionOptions['downloads']>, incomingDir: string | null, granted: Record<string, unknown>) {
  const source: DownloadSource | null = incomingDir ? { kind: 'local', incomingDir } : granted['se:downloadsEnabled'] === true ? { kind: 'grid' } : null;
  return source ? { options, source } : undefined;
}

/** Why a session that finished starting after close() is deleted again. */
const STOPPING = 'The WebDriver driver was closed while the session started (service shutdown)';

/** The `webdriver` BrowserDriver. */
export class WebdriverDriver implements BrowserDriver<WebdriverUsing> {
  readonly type = 'webdriver';
  readonly description = 'A WebDriver session per flow: on the endpoint at `url` (Selenium Grid, any W3C WebDriver server and browser), else on a local chromedriver and Chromium; `capabilities` are merged over the defaults';
  readonly usingSchema = WebdriverUsingSchema;
  private readonly local: LocalChromedriver;
  private readonly sessions = new Set<WebdriverSession>();
  /** Counts close() calls: a session whose start began before one is deleted when it arrives, not left behind (on a Grid, or a local browser). */
  private generation = 0;
  private readonly userAgents: UserAgentMarker;
  /** Sessions held per remote endpoint (`maxConcurrentPerEndpoint`). */
  private readonly slots = new EndpointSlots();

  /** ffmpeg for videos, or null: sessions then record none. */
  private readonly ffmpegPath: string | null;

  constructor(private readonly deps: WebdriverDriverDeps) {
    this.ffmpegPath = resolveFfmpegPath(deps.config.ffmpegPath);
    this.local = new LocalChromedriver({ binary: deps.config.chromedriverPath, startTimeoutMs: deps.config.startTimeoutMs, logger: deps.logger });
    this.userAgents = new UserAgentMarker((caps, endpoint) => this.probeUserAgent(caps, endpoint), deps.logger);
  }

  /** The browser a local chromedriver can run (Chrome/Chromium), or any with a WebDriver url. */
  validate(using: WebdriverUsing): void {
    const browserName = using.capabilities?.browserName ?? DEFAULT_BROWSER;
    if (typeof browserName !== 'string' || !browserName) throw invalidRequest('browser.using.capabilities.browserName: expected a non-empty string');
    if (!using.url && !isChromeFamily(browserName)) {
      throw invalidRequest(`browser.using.capabilities.browserName: the local chromedriver runs Chrome/Chromium only; give a WebDriver url (a Selenium Grid) for "${browserName}"`);
    }
  }

  /**
   * allowedOrigins are enforced over a DevTools connection to the browser
   * (cdp-request-guard.ts): Chrome, Chromium and Edge, on the local
   * chromedriver or a Selenium Grid (`se:cdp`). An endpoint that gives
   * none fails the flow when it starts.
   */
  navigationPolicyProblem(using: WebdriverUsing): string | null {
    const browserName = String(using.capabilities?.browserName ?? DEFAULT_BROWSER).toLowerCase();
    return isChromeFamily(browserName) || ['microsoftedge', 'msedge', 'edge'].includes(browserName)
      ? null
      : `the webdriver driver blocks navigations over the DevTools protocol, which "${browserName}" does not offer`;
  }

  async open(parsed: WebdriverUsing, options: OpenSessionOptions): Promise<BrowserSession> {
    const generation = this.generation;
    if (!parsed.url) {
      if (parsed.headless === false && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
        throw new Error('A headed browser (headless: false) needs a display, and none is set (DISPLAY); use headless: true');
      }
      return this.openOn(parsed, await this.local.endpoint(), true, options, () => {}, generation);
    }
    const url = parsed.url;
    if (!options.acquire) return this.openOn(parsed, url, false, options, () => {}, generation);
    // A farm may be full or restarting: wait for it (bounded, visible, cancellable), and hold one of its slots while the session lives.
    let release = () => {};
    const acquired = await acquireBrowser({
      slots: this.slots, endpoint: endpointLabel(url), wait: options.acquire,
      open: () => this.openOn(parsed, url, false, options, () => release(), generation),
      discard: (session) => session.close(),
    });
    release = acquired.release;
    return acquired.value;
  }

  /** A session on `endpoint`; `onClosed` runs once it is closed (or found gone and closed). */
  private async openOn(parsed: WebdriverUsing, endpoint: string, local: boolean, options: OpenSessionOptions, onClosed: () => void, generation: number): Promise<WebdriverSession> {
    const where = local ? 'the local chromedriver' : new URL(endpoint).host;
    const connection = endpointOptions(endpoint);
    if (connection.key) this.deps.logger.addSecret(connection.key);
    const requestTimeoutMs = Math.max(this.deps.config.startTimeoutMs, options.navigationTimeoutMs + 10_000);
    let browser;
    // The local Chromium saves downloads into the flow's folder; a Grid keeps them when asked to (managed downloads).
    const incomingDir = local && options.downloads ? join(options.downloads.dir, '.incoming') : null;
    if (incomingDir) await mkdir(incomingDir, { recursive: true, mode: 0o700 });
    try {
      let built = buildCapabilities(parsed, this.deps.config, local);
      if (incomingDir) built = mergeCapabilities(built, { 'goog:chromeOptions': { prefs: downloadPrefs(incomingDir) } });
      const capabilities = await this.userAgents.mark(built, endpoint);
      browser = await this.connect(connection, capabilities, requestTimeoutMs);
    } catch (err) {
      throw new Error(`Could not start a WebDriver session on ${where}: ${readableMessage(err)}`);
    }
    // The URL may carry credentials or a token: the host only.
    this.deps.logger.info('WebDriver session started', { flowId: options.flowId, endpoint: where, sessionId: browser.sessionId });
    let requestGuard: CdpRequestGuard | null = null;
    if (options.secrets || options.navigationPolicy) {
      try {
        requestGuard = await this.guardRequests(browser, local, options);
      } catch (err) {
        await browser.deleteSession().catch(() => undefined);
        throw err;
      }
    }
    let unsubscribe = () => {};
    const session: WebdriverSession = new WebdriverSession({
      browser,
      logger: this.deps.logger,
      flowId: options.flowId,
      actionTimeoutMs: options.actionTimeoutMs,
      navigationTimeoutMs: options.navigationTimeoutMs,
      heartbeatMs: this.deps.config.heartbeatMs,
      maxResultBytes: this.deps.config.maxResultBytes,
      remoteFiles: !local,
      serviceOrigins: this.deps.serviceOrigins,
      viewport: parsed.viewport ?? this.deps.config.defaultViewport,
      video: options.videoPath && this.ffmpegPath ? { ffmpegPath: this.ffmpegPath, outputPath: options.videoPath, fps: this.deps.config.videoFps } : null,
      requestGuard,
      masking: options.secrets ? new WebdriverSecretMasking(options.secrets, this.deps.logger) : null,
      ...(options.downloads ? { downloads: downloadsOf(options.downloads, incomingDir, browser.capabilities as Record<string, unknown>) } : {}),
      ...(options.storageState ? { storageState: options.storageState } : {}),
      onClosed: () => {
        unsubscribe();
        this.sessions.delete(session);
        onClosed();
      },
    });
    this.sessions.add(session);
    if (local) unsubscribe = this.local.onUnexpectedExit((cause) => session.markGone(cause));
    try {
      await session.start();
    } catch (err) {
      await session.close().catch(() => undefined);
      throw new Error(`The WebDriver session on ${where} could not be set up: ${readableMessage(err)}`);
    }
    if (generation !== this.generation) {
      // The service stopped while it started: deleted now, not left behind.
      await session.close().catch(() => undefined);
      throw new Error(STOPPING);
    }
    return session;
  }

  /**
   * The request guard of a new session (a DevTools connection to its
   * browser). Without one, a flow with allowedOrigins cannot run here (the
   * session is refused); a flow with env values runs, and its navigations
   * may carry none.
   */
  private async guardRequests(browser: { capabilities: unknown }, local: boolean, options: OpenSessionOptions): Promise<CdpRequestGuard | null> {
    const url = await devtoolsUrl(browser.capabilities as Record<string, unknown>, local);
    const guard = new CdpRequestGuard(options.secrets, options.navigationPolicy ?? null, this.deps.logger);
    try {
      if (!url) throw new Error('the endpoint gives no DevTools address for this browser (se:cdp, goog:chromeOptions.debuggerAddress)');
      await guard.start(url);
      return guard;
    } catch (err) {
      guard.close();
      if (options.navigationPolicy) throw new Error(`The flow's allowedOrigins cannot be enforced on this WebDriver endpoint: ${(err as Error).message}`);
      this.deps.logger.warn('No DevTools connection to this WebDriver browser: navigations of this flow may carry no env value', { flowId: options.flowId, error: (err as Error).message });
      return null;
    }
  }

  /** Deletes every open session and stops the local chromedriver. */
  async close(): Promise<void> {
    this.generation++;
    await Promise.all([...this.sessions].map((s) => s.close().catch(() => undefined)));
    await this.local.stop();
    // Videos of flows that just ended are still being finished: none is cut short by the shutdown.
    await videosWritten();
  }

  /** A new WebDriver session on `connection`. */
  private async connect(connection: EndpointOptions, capabilities: Record<string, unknown>, requestTimeoutMs: number) {
    // Loaded on first use: importing WebdriverIO costs half a second of every service start otherwise.
    const { remote } = await import('webdriverio');
    return remote({
      ...connection,
      capabilities: capabilities as WebdriverIO.Capabilities,
      logLevel: 'silent',
      // A retried command could click twice; each request is bounded instead.
      connectionRetryCount: 0,
      connectionRetryTimeout: requestTimeoutMs,
    });
  }

  /** The browser's own User-Agent, read from a session started with `caps` and deleted at once (see user-agent.ts). */
  private async probeUserAgent(caps: Record<string, unknown>, endpoint: string): Promise<string> {
    const browser = await this.connect(endpointOptions(endpoint), caps, this.deps.config.startTimeoutMs);
    try {
      const agent = await browser.executeScript('return navigator.userAgent', []);
      if (typeof agent !== 'string' || !agent) throw new Error('the browser reported no User-Agent');
      return agent;
    } finally {
      await browser.deleteSession().catch(() => undefined);
    }
  }

  /** Process id of the local chromedriver while it runs (tests and diagnostics). */
  get chromedriverPid(): number | null {
    return this.local.pid;
  }

  /** Endpoint of the local chromedriver while it runs (tests and diagnostics). */
  get chromedriverUrl(): string | null {
    return this.local.runningUrl;
  }

}
