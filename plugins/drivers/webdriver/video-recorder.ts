/**
 * Records a WebDriver session to WebM. WebDriver has no screencast, so the
 * frames are the session's screenshots: taken at a steady rate while no
 * command is running (a screenshot queued behind an action would slow the
 * flow; one taken during it would wait for it anyway), plus every screenshot
 * the flow takes itself (one after each action), so each action is in the
 * video. lib/video/frame-encoder.ts writes them at the video's frame rate.
 */
import type { Logger } from '../../../kernel/logger';
import { FrameEncoder } from '../../../lib/video/frame-encoder';

/** What a WebdriverVideo needs. */
export interface WebdriverVideoOptions {
  ffmpegPath: string;
  outputPath: string;
  width: number;
  height: number;
  /** Screenshots per second at most (and the video's frame rate). */
  fps: number;
  logger: Logger;
  /** Takes a PNG of the active tab without answering dialogs (a failure skips the frame). */
  capture(): Promise<Buffer>;
  /** Whether a command of the flow is running now. */
  busy(): boolean;
}

/** One session's video. */
export class WebdriverVideo {
  private readonly encoder: FrameEncoder;
  private capturing = false;

  constructor(private readonly options: WebdriverVideoOptions) {
    this.encoder = new FrameEncoder({ ...options, input: 'png', log: options.logger }, () => this.tick());
  }

  /** Frames written so far (tests and diagnostics). */
  get frameCount(): number {
    return this.encoder.frameCount;
  }

  /** Where in the video the newest frame written is (ms). */
  get positionMs(): number {
    return this.encoder.positionMs;
  }

  /** A screenshot the flow took: the newest picture of the page. */
  offer(png: Buffer): void {
    this.encoder.setFrame(png);
  }

  /** Stops, taking one last picture when none was ever taken, and waits for the file. */
  stop(): Promise<void> {
    return this.encoder.stop(() => this.options.capture());
  }

  private tick(): void {
    if (this.capturing || this.options.busy()) return;
    this.capturing = true;
    this.options.capture()
      .then((png) => this.encoder.setFrame(png))
      // A tab closing or a dialog open: this frame is skipped, the last one stays.
      .catch(() => undefined)
      .finally(() => { this.capturing = false; });
  }
}
