/**
 * Opens one flow's session on a shared browser: a new BrowserContext with the
 * flow's timeouts, a `disconnected` signal wired to the browser, and the
 * video recorder when a video is asked for and ffmpeg exists.
 */
import type { Browser, BrowserContextOptions } from 'playwright-core';
import type { BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { PlaywrightSession } from './session';
import { VideoRecorder } from './video-recorder';

export interface OpenOnBrowserArgs {
  browser: Browser;
  contextOptions: BrowserContextOptions;
  options: OpenSessionOptions;
  logger: Logger;
  /** ffmpeg binary, or null when videos cannot be made here. */
  ffmpegPath: string | null;
  videoFps: number;
}

/** Creates the session; the context is closed again if the first tab cannot open. */
export async function openSessionOnBrowser(args: OpenOnBrowserArgs): Promise<BrowserSession> {
  const { browser, options } = args;
  const logger = args.logger;
  const context = await browser.newContext(args.contextOptions);
  context.setDefaultTimeout(options.actionTimeoutMs);
  context.setDefaultNavigationTimeout(options.navigationTimeoutMs);

  let signal!: (cause: Error) => void;
  const disconnected = new Promise<Error>((resolve) => { signal = resolve; });
  let closed = false;
  const onDisconnect = () => {
    if (closed) return;
    logger.warn('The browser of a flow disconnected unexpectedly', { flowId: options.flowId });
    signal(new Error('The browser disconnected unexpectedly (its process exited or the connection dropped)'));
  };
  browser.on('disconnected', onDisconnect);

  const session = new PlaywrightSession({
    context,
    logger,
    actionTimeoutMs: options.actionTimeoutMs,
    navigationTimeoutMs: options.navigationTimeoutMs,
    disconnected,
    onClosed: () => {
      closed = true;
      browser.off('disconnected', onDisconnect);
    },
  });
  try {
    await session.start();
  } catch (err) {
    await session.close().catch(() => undefined);
    throw err;
  }

  if (options.videoPath) {
    if (args.ffmpegPath) {
      const viewport = args.contextOptions.viewport ?? { width: 1280, height: 720 };
      session.attachRecorder(new VideoRecorder({
        ffmpegPath: args.ffmpegPath,
        outputPath: options.videoPath,
        width: viewport.width,
        height: viewport.height,
        fps: args.videoFps,
        logger,
      }));
    } else {
      logger.warn('No ffmpeg found: this flow runs without a video', { flowId: options.flowId });
    }
  }
  return session;
}
