/**
 * Records a session's active tab to WebM (VP9).
 *
 * Playwright's own `recordVideo` needs its bundled ffmpeg, which cannot be
 * installed here, so frames come from the DevTools screencast
 * (`Page.startScreencast`, JPEG) and the system ffmpeg encodes them. Chromium
 * sends a frame only when something repaints; lib/video/frame-encoder.ts
 * writes the latest one at the video's steady frame rate.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Logger } from '../../../kernel/logger';
import { FrameEncoder } from '../../../lib/video/frame-encoder';

export interface VideoRecorderOptions {
  ffmpegPath: string;
  outputPath: string;
  /** Frame size (the viewport); frames of another size are scaled and padded into it. */
  width: number;
  height: number;
  fps: number;
  logger: Logger;
}

/** A screencast silent this long after it started is restarted (Chromium always sends a first frame). */
const STALL_MS = 2_000;

export class VideoRecorder {
  private readonly encoder: FrameEncoder;
  private cdp: CDPSession | null = null;
  private following: Page | null = null;
  private context: BrowserContext | null = null;
  private framesSinceFollow = 0;
  private followedAt = 0;
  private stopping = false;
  private frameListener: ((jpeg: Buffer, page: Page) => void) | null = null;

  constructor(private readonly options: VideoRecorderOptions) {
    this.encoder = new FrameEncoder({ ...options, input: 'jpeg', log: options.logger }, () => this.restartStalled());
  }

  /** Where in the video the newest frame written is (ms). */
  get positionMs(): number {
    return this.encoder.positionMs;
  }

  /** Also hands every screencast frame (JPEG) of the followed tab to `listener` (the live view). */
  onFrame(listener: (jpeg: Buffer, page: Page) => void): void {
    this.frameListener = listener;
  }

  /** Records `page` from now on (the session's active tab). */
  async follow(context: BrowserContext, page: Page): Promise<void> {
    if (this.stopping || this.following === page) return;
    this.following = page;
    this.context = context;
    await this.startScreencast(page);
  }

  private async startScreencast(page: Page): Promise<void> {
    this.framesSinceFollow = 0;
    this.followedAt = Date.now();
    await this.detach();
    if (page.isClosed() || !this.context) return;
    try {
      const cdp = await this.context.newCDPSession(page);
      if (this.following !== page || this.stopping) {
        await cdp.detach().catch(() => undefined);
        return;
      }
      this.cdp = cdp;
      cdp.on('Page.screencastFrame', (frame) => {
        this.framesSinceFollow++;
        const jpeg = Buffer.from(frame.data, 'base64');
        this.encoder.setFrame(jpeg);
        this.frameListener?.(jpeg, page);
        cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
      });
      const { width, height } = this.encoder.size;
      await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: width, maxHeight: height, everyNthFrame: 1 });
    } catch (err) {
      // The page closed while switching; the next active tab is followed instead.
      this.options.logger.debug('Could not start the screencast of a tab', { error: err });
    }
  }

  /**
   * Each tick: restarts a screencast that never delivered a frame, including
   * one whose DevTools session could not be opened (no session to wait on).
   */
  private restartStalled(): void {
    if (!this.stopping && this.following && this.framesSinceFollow === 0 && Date.now() - this.followedAt > STALL_MS) {
      this.options.logger.debug('The screencast sent no frame; restarting it');
      void this.startScreencast(this.following);
    }
  }

  /**
   * Stops recording; ffmpeg finishes the file in the background (`videosWritten()`).
   * `fallbackFrame` supplies one picture when the screencast sent none.
   */
  async end(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    if (!this.stopping) {
      this.stopping = true;
      await this.detach();
    }
    await this.encoder.end(fallbackFrame);
  }

  private async detach(): Promise<void> {
    const cdp = this.cdp;
    this.cdp = null;
    if (!cdp) return;
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}
