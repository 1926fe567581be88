/**
 * A video made of screenshots: every screenshot the flow takes itself (one
 * after each action, so each action is in the video) plus, while the page
 * is left alone, one taken every `idleCaptureMs` so what happens between
 * actions (a page loading, a model thinking) is there too. The browser does
 * no other work for the video: a fast replay, whose own screenshots come
 * more often than that, costs it nothing. lib/video/frame-encoder.ts writes
 * the frames at the video's steady rate. Used by both drivers (WebDriver has
 * no screencast; for Playwright it is the default, see drivers.md#video).
 */
import { FrameEncoder, type EncoderLog } from './frame-encoder';

/** What a ScreenshotVideo needs. */
export interface ScreenshotVideoOptions {
  ffmpegPath: string;
  outputPath: string;
  /** The viewport; frames are scaled into it. */
  width: number;
  height: number;
  /** The video's frame rate. */
  fps: number;
  /** A picture is taken when the newest one is older than this (ms); at least one frame interval. */
  idleCaptureMs: number;
  logger: EncoderLog;
  /** Takes a PNG of the active tab (a failure skips the frame). */
  capture(): Promise<Buffer>;
  /** Whether the page must not be disturbed now (a command of the flow is running, the session is closing). */
  busy(): boolean;
}

/** One session's video. */
export class ScreenshotVideo {
  private readonly encoder: FrameEncoder;
  private capturing = false;
  /** When the newest picture came; the start counts as one, so the first idle capture waits like the others (the first page is still loading). */
  private lastFrameAt = Date.now();
  private listener: ((png: Buffer) => void) | null = null;

  constructor(private readonly options: ScreenshotVideoOptions) {
    this.encoder = new FrameEncoder({ ...options, input: 'png', log: options.logger }, () => this.tick());
  }

  /** Where in the video the newest picture is (ms). */
  get positionMs(): number {
    return this.encoder.positionMs;
  }

  /** Also hands every picture of the video to `listener` (the live view). */
  onFrame(listener: (png: Buffer) => void): void {
    this.listener = listener;
  }

  /** A screenshot the flow took: the newest picture of the page. */
  offer(png: Buffer): void {
    this.lastFrameAt = Date.now();
    this.encoder.setFrame(png);
    this.listener?.(png);
  }

  /** Takes the last picture (one now when none was ever taken) and lets the file be finished in the background (`videosWritten()`). */
  end(): Promise<void> {
    return this.encoder.end(() => this.options.capture());
  }

  private tick(): void {
    if (this.capturing || Date.now() - this.lastFrameAt < this.options.idleCaptureMs || this.options.busy()) return;
    this.capturing = true;
    this.options.capture()
      .then((png) => this.offer(png))
      // A tab closing or a dialog open: this frame is skipped, the last one stays.
      .catch(() => undefined)
      .finally(() => { this.capturing = false; });
  }
}
