/**
 * The `hostedBrowser` driver: a cloud browser from a Browserbase-style
 * provider. Each flow gets a session of its own: the provider starts a
 * browser (`POST /v1/sessions`), the driver connects to it over the DevTools
 * protocol and uses the context it comes with; closing disconnects and
 * releases the session (`REQUEST_RELEASE`), which stops the browser. A
 * provider at its session limit (429) or briefly down is waited for like any
 * farm (lib/endpoint-slots: `waitingFor`, retries within
 * `browserAcquireTimeoutMs`, `maxConcurrentPerEndpoint` by its API origin).
 *
 * The API key comes from the plugin config (`hosted.apiKey`) or the
 * BROWSERFLOW_HOSTED_API_KEY environment variable, never from a flow.
 */
import type { Browser } from 'playwright-core';
import { playwright } from './playwright-module';
import type { BrowserDriver, BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import { invalidRequest } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import { acquireBrowser } from '../../../lib/endpoint-slots/acquire-browser';
import { EndpointSlots } from '../../../lib/endpoint-slots/endpoint-slots';
import { endpointLabel } from '../../../lib/endpoint-slots/endpoint-label';
import { HostedUsingSchema, type HostedUsing, type PlaywrightConfig } from './config-schema';
import { HostedApi, type CreateSessionBody, type HostedSessionInfo } from './hosted-api';
import { openSessionOnContext } from './open-session';
import { defaultUserAgent, markedUserAgent } from './service-guard';

/** Where the API key is read when the config has none. */
export const HOSTED_API_KEY_ENV = 'BROWSERFLOW_HOSTED_API_KEY';

/** Why a session that finished opening after close() is closed again. */
const STOPPING = 'The hosted browser driver was closed while the session opened (service shutdown)';
const MISSING_KEY = `hostedBrowser needs an API key for the hosted browser provider: set hosted.apiKey in the driver-playwright plugin config or the ${HOSTED_API_KEY_ENV} environment variable`;

/** Bound of the release request at close: a flow's end must not wait long on the provider. */
const RELEASE_TIMEOUT_MS = 10_000;

export interface HostedDriverDeps {
  config: PlaywrightConfig;
  logger: Logger;
  ffmpegPath: string | null;
  /** The service's own origins, read when a session opens. */
  serviceOrigins: () => ServiceOrigins;
}

export class HostedDriver implements BrowserDriver<HostedUsing> {
  readonly type = 'hostedBrowser';
  readonly description = 'A cloud browser session from the configured hosted browser provider (Browserbase-style API); `sessionArgs` sets its project, viewport, ad blocking, captcha solving, timeout (seconds) and region';
  readonly usingSchema = HostedUsingSchema;
  /** Network rules and traces on its contexts (no HAR: its context comes with the browser, and HAR recording is an option of a new context). */
  readonly supports = ['network.rules', 'trace'] as const;
  /** Sessions still open, released at service shutdown. */
  private readonly live = new Set<BrowserSession>();
  /** Counts close() calls: a session whose opening began before one is closed when it arrives, not left to the provider's timeout. */
  private generation = 0;
  /** Sessions held on the provider (`maxConcurrentPerEndpoint`, keyed by its API origin). */
  private readonly slots = new EndpointSlots();

  constructor(private readonly deps: HostedDriverDeps) {}

  /** Rejects the type at flow creation when no API key is configured. */
  /** Every Playwright browser here is a Chromium: its requests are intercepted (request-guard.ts), so allowedOrigins are enforced. */
  navigationPolicyProblem(): string | null {
    return null;
  }

  validate(): void {
    if (!this.apiKey()) throw invalidRequest(`browser.using.type: ${MISSING_KEY}`);
  }

  async open(parsed: HostedUsing, options: OpenSessionOptions): Promise<BrowserSession> {
    const generation = this.generation;
    const apiKey = this.apiKey();
    if (!apiKey) throw new Error(MISSING_KEY);
    this.deps.logger.addSecret(apiKey);
    const body = createBody(parsed, this.deps.config.hosted.projectId);
    const api = new HostedApi({ apiUrl: this.deps.config.hosted.apiUrl, apiKey, timeoutMs: this.deps.config.launchTimeoutMs });
    if (!options.acquire) return this.openOn(api, parsed, body, options, () => {}, generation);
    // A provider at its session limit (429), or briefly down, is a full farm: wait for it (bounded, visible, cancellable).
    let release = () => {};
    const acquired = await acquireBrowser({
      slots: this.slots, endpoint: endpointLabel(this.deps.config.hosted.apiUrl), wait: options.acquire,
      open: () => this.openOn(api, parsed, body, options, () => release(), generation),
      discard: (session) => session.close(),
    });
    release = acquired.release;
    return acquired.value;
  }

  /** One provider session and the flow's browser session on it; `onClosed` runs once it is closed and released. */
  private async openOn(api: HostedApi, parsed: HostedUsing, body: CreateSessionBody, options: OpenSessionOptions, onClosed: () => void, generation: number): Promise<BrowserSession> {
    const hosted = await api.createSession(body);
    this.deps.logger.info('Hosted browser session created', { flowId: options.flowId, sessionId: hosted.id, host: hostOf(hosted.connectUrl) });
    let released: Promise<void> | null = null;
    const release = () => (released ??= this.release(api, hosted, body.projectId));
    let browser: Browser;
    try {
      browser = await playwright().chromium.connectOverCDP(hosted.connectUrl, { timeout: this.deps.config.launchTimeoutMs });
    } catch (err) {
      await release();
      throw new Error(`Could not connect to hosted browser session ${hosted.id} at ${hostOf(hosted.connectUrl)}: ${(err as Error).message.split('\n')[0]}`);
    }
    let session: BrowserSession | null = null;
    try {
      // A hosted browser comes with a context; a provider without one gets a fresh context.
      const viewport = parsed.sessionArgs?.browserSettings?.viewport ?? this.deps.config.defaultViewport;
      const userAgent = markedUserAgent(await defaultUserAgent(browser));
      const existing = browser.contexts()[0];
      const context = existing ?? (await browser.newContext({ viewport, userAgent }));
      session = await openSessionOnContext({
        browser,
        context,
        viewport,
        // The provider's context takes no options: its requests get the marked User-Agent by route.
        rewriteUserAgent: existing ? userAgent : null,
        options,
        logger: this.deps.logger,
        ffmpegPath: this.deps.ffmpegPath,
        videoFps: this.deps.config.videoFps, videoSource: this.deps.config.videoSource,
        serviceOrigins: this.deps.serviceOrigins(),
        maxResultBytes: this.deps.config.maxResultBytes,
        closeContext: async () => {
          if (session) this.live.delete(session);
          // Only disconnects (Playwright does not close a browser it connected to); the release stops it.
          await browser.close().catch(() => undefined);
          await release();
          onClosed();
        },
      });
      if (generation !== this.generation) {
        // The service stopped while it opened: closed (its video ended) and released, never left to the provider's timeout.
        await session.close().catch(() => undefined);
        throw new Error(STOPPING);
      }
      this.live.add(session);
      return session;
    } catch (err) {
      await browser.close().catch(() => undefined);
      await release();
      throw err;
    }
  }

  /** Closes and releases every session still open (service shutdown). */
  async close(): Promise<void> {
    this.generation++;
    const sessions = [...this.live];
    this.live.clear();
    await Promise.all(sessions.map((s) => s.close().catch(() => undefined)));
  }

  /** The configured key, else the environment's; read at each use so a changed environment counts. */
  private apiKey(): string | undefined {
    return this.deps.config.hosted.apiKey || process.env[HOSTED_API_KEY_ENV] || undefined;
  }

  /** Best effort: a failed release is logged (the provider ends the session at its timeout). */
  private async release(api: HostedApi, hosted: HostedSessionInfo, projectId: string | undefined): Promise<void> {
    try {
      await api.releaseSession(hosted.id, projectId, Math.min(RELEASE_TIMEOUT_MS, this.deps.config.launchTimeoutMs));
      this.deps.logger.debug('Hosted browser session released', { sessionId: hosted.id });
    } catch (err) {
      this.deps.logger.warn('Could not release a hosted browser session; the provider ends it at its timeout', {
        sessionId: hosted.id, error: (err as Error).message,
      });
    }
  }
}

/** The create body: sessionArgs as given, the configured project when they name none. */
export function createBody(using: HostedUsing, defaultProjectId: string | undefined): CreateSessionBody {
  const args = using.sessionArgs ?? {};
  const body: CreateSessionBody = {};
  const projectId = args.projectId ?? defaultProjectId;
  if (projectId) body.projectId = projectId;
  if (args.browserSettings) body.browserSettings = args.browserSettings;
  if (args.timeout !== undefined) body.timeout = args.timeout;
  if (args.region) body.region = args.region;
  return body;
}

/** The connect URL may carry a token in its query: logs and errors name the host only. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}
