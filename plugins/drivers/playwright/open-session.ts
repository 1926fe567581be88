/**
 * Opens one flow's session: on a shared browser, a new BrowserContext; on a
 * browser of its own (a hosted session), the context it came with. Either
 * way the session gets the flow's timeouts, a `disconnected` signal wired to
 * the browser, the service guard (service-guard.ts), and the video recorder
 * when a video is asked for and ffmpeg exists.
 */
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import { defaultUserAgent, markedUserAgent, ServiceGuard } from './service-guard';
import { PlaywrightSession } from './session';
import { RequestGuard } from './request-guard';
import { SecretMasking } from './secret-masking';
import { applyStorageState } from './storage-state';
import { installNetworkRules } from './network-rules';
import { finishRecordings, harContextOptions, startTrace, stopTrace } from './recordings';

/** What every session needs besides its context. */
export interface SessionBasics {
  browser: Browser;
  options: OpenSessionOptions;
  logger: Logger;
  /** ffmpeg binary, or null when videos cannot be made here. */
  ffmpegPath: string | null;
  videoFps: number;
  /** How videos are recorded (the plugin's `videoSource`). */
  videoSource: 'screenshots' | 'screencast';
  /** The service's own origins, which the context blocks. */
  serviceOrigins: ServiceOrigins;
  /** Largest result a page hands back, in bytes (the plugin's `maxResultBytes`). */
  maxResultBytes: number;
  /** Runs once the session is closed (gives back its endpoint slot). */
  onClosed?: () => void;
}

export interface OpenOnBrowserArgs extends SessionBasics {
  contextOptions: BrowserContextOptions;
}

export interface OpenOnContextArgs extends SessionBasics {
  context: BrowserContext;
  /** Size of the video frames (the viewport the pages get). */
  viewport: { width: number; height: number };
  /**
   * Ends the browser side when the session closes; default: closes the
   * context. A disconnect from the moment it starts is expected, not a crash.
   */
  closeContext?: () => Promise<void>;
  /**
   * The marked User-Agent to write on every request, for a context created
   * without it (one that came with the browser); null when its options carry it.
   */
  rewriteUserAgent?: string | null;
  /** The context was created with `options.storageState` (else it is applied to it here). */
  stateApplied?: boolean;
}

/**
 * A new context on a (shared) browser, its User-Agent marked (the device
 * profile's, else the browser's own); it is closed again if the first tab
 * cannot open.
 */
export async function openSessionOnBrowser(args: OpenOnBrowserArgs): Promise<BrowserSession> {
  const { contextOptions, ...basics } = args;
  const userAgent = markedUserAgent(contextOptions.userAgent ?? (await defaultUserAgent(args.browser)));
  const storageState = args.options.storageState;
  const context = await args.browser.newContext({ ...contextOptions, userAgent, ...(storageState ? { storageState } : {}), ...harContextOptions(args.options) });
  return openSessionOnContext({ ...basics, context, viewport: contextOptions.viewport ?? { width: 1280, height: 720 }, stateApplied: true });
}

/** A session on an existing context; `closeContext` runs if the first tab cannot open. */
export async function openSessionOnContext(args: OpenOnContextArgs): Promise<BrowserSession> {
  const { browser, context, options, logger } = args;
  context.setDefaultTimeout(options.actionTimeoutMs);
  context.setDefaultNavigationTimeout(options.navigationTimeoutMs);

  let signal!: (cause: Error) => void;
  const disconnected = new Promise<Error>((resolve) => { signal = resolve; });
  let closing = false;
  const onDisconnect = () => {
    if (closing) return;
    logger.warn('The browser of a flow disconnected unexpectedly', { flowId: options.flowId });
    signal(new Error('The browser disconnected unexpectedly (its process exited or the connection dropped)'));
  };
  browser.on('disconnected', onDisconnect);

  const closeContext = args.closeContext ?? (() => context.close());
  const guard = new ServiceGuard(args.serviceOrigins);
  const requests = new RequestGuard(options.secrets, options.navigationPolicy ?? null, logger);
  const session = new PlaywrightSession({
    context,
    logger,
    guard,
    requests,
    masking: options.secrets ? new SecretMasking(options.secrets, logger) : null,
    maxResultBytes: args.maxResultBytes,
    actionTimeoutMs: options.actionTimeoutMs,
    navigationTimeoutMs: options.navigationTimeoutMs,
    disconnected,
    ...(options.downloads ? { downloads: options.downloads } : {}),
    tracing: Boolean(options.tracePath),
    beforeClose: () => stopTrace(context, options).catch((err) => logger.warn('Writing the trace of a flow failed', { flowId: options.flowId, error: (err as Error).message })),
    afterClose: () => finishRecordings(options, logger),
    closeContext: () => {
      closing = true;
      return closeContext();
    },
    onClosed: () => {
      closing = true;
      browser.off('disconnected', onDisconnect);
      args.onClosed?.();
    },
  });
  try {
    // Before the first tab exists: nothing may load unguarded.
    await guard.install(context, args.rewriteUserAgent ?? null);
    // The flow's network rules before the request guard: routes registered last are asked first, so a rule never answers a request the guard refuses.
    if (options.networkRules?.length) await installNetworkRules(context, options.networkRules);
    await requests.install(context);
    if (options.storageState && !args.stateApplied) await applyStorageState(context, options.storageState);
    // Screenshots when no value is typed, or when the values are masked in the page (secret-masking.ts): the trace's
    // screencast frames are painted from the masked page, like the video's. A picture cannot be redacted afterwards.
    await startTrace(context, options, !options.hasSecrets || Boolean(options.secrets));
    await session.start();
  } catch (err) {
    await session.close().catch(() => undefined);
    throw err;
  }

  if (options.videoPath) {
    if (args.ffmpegPath) {
      session.startVideo({
        ffmpegPath: args.ffmpegPath,
        outputPath: options.videoPath,
        width: args.viewport.width,
        height: args.viewport.height,
        fps: args.videoFps,
        source: args.videoSource,
      });
    } else {
      logger.warn('No ffmpeg found: this flow runs without a video', { flowId: options.flowId });
    }
  }
  return session;
}
