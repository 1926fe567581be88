/**
 * Records a session's active tab to WebM (VP9).
 *
 * Playwright's own `recordVideo` needs its bundled ffmpeg, which cannot be
 * installed here, so frames come from the DevTools screencast
 * (`Page.startScreencast`, JPEG) and the system ffmpeg encodes them. Chromium
 * sends a frame only when something repaints, so a fixed-rate timer writes the
 * latest frame at the video's frame rate: a still page becomes a still video
 * of the right length instead of a few frames.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Logger } from '../../../kernel/logger';

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
/** How long ffmpeg may take to finish the file after its input ends. */
const FINISH_TIMEOUT_MS = 15_000;

export class VideoRecorder {
  private readonly ffmpeg: ChildProcess;
  private readonly timer: NodeJS.Timeout;
  private readonly width: number;
  private readonly height: number;
  private lastFrame: Buffer | null = null;
  private framesWritten = 0;
  private waitingForDrain = false;
  private cdp: CDPSession | null = null;
  private following: Page | null = null;
  private context: BrowserContext | null = null;
  private framesSinceFollow = 0;
  private followedAt = 0;
  private exited: Promise<number | null>;
  private stopped: Promise<void> | null = null;
  private stderr = '';

  constructor(private readonly options: VideoRecorderOptions) {
    // VP9 with yuv420p wants even dimensions.
    this.width = Math.max(2, options.width - (options.width % 2));
    this.height = Math.max(2, options.height - (options.height % 2));
    mkdirSync(dirname(options.outputPath), { recursive: true });
    this.ffmpeg = spawn(options.ffmpegPath, this.ffmpegArgs(), { stdio: ['pipe', 'ignore', 'pipe'] });
    this.exited = new Promise((resolve) => {
      this.ffmpeg.on('exit', (code) => resolve(code));
      this.ffmpeg.on('error', (err) => {
        options.logger.warn('ffmpeg could not run; the video will be missing', { error: err });
        resolve(null);
      });
    });
    this.ffmpeg.stderr!.on('data', (chunk: Buffer) => { this.stderr = (this.stderr + chunk.toString()).slice(-2000); });
    // A dead ffmpeg makes writes fail with EPIPE; the exit handler reports it.
    this.ffmpeg.stdin!.on('error', () => undefined);
    this.ffmpeg.stdin!.on('drain', () => { this.waitingForDrain = false; });
    this.timer = setInterval(() => this.tick(), Math.round(1000 / options.fps));
  }

  /** Frames written so far (tests and diagnostics). */
  get frameCount(): number {
    return this.framesWritten;
  }

  /** Records `page` from now on (the session's active tab). */
  async follow(context: BrowserContext, page: Page): Promise<void> {
    if (this.stopped || this.following === page) return;
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
      if (this.following !== page || this.stopped) {
        await cdp.detach().catch(() => undefined);
        return;
      }
      this.cdp = cdp;
      cdp.on('Page.screencastFrame', (frame) => {
        this.framesSinceFollow++;
        this.lastFrame = Buffer.from(frame.data, 'base64');
        cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
      });
      await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 60, maxWidth: this.width, maxHeight: this.height, everyNthFrame: 1 });
    } catch (err) {
      // The page closed while switching; the next active tab is followed instead.
      this.options.logger.debug('Could not start the screencast of a tab', { error: err });
    }
  }

  /** Timer tick: writes the latest frame; restarts a screencast that never delivered a frame. */
  private tick(): void {
    if (this.cdp && this.following && this.framesSinceFollow === 0 && Date.now() - this.followedAt > STALL_MS) {
      this.options.logger.debug('The screencast sent no frame; restarting it');
      void this.startScreencast(this.following);
    }
    this.writeFrame();
  }

  /**
   * Stops recording and waits until ffmpeg has written the whole file.
   * `fallbackFrame` supplies one picture when the screencast sent none.
   */
  stop(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    this.stopped ??= this.finish(fallbackFrame);
    return this.stopped;
  }

  private async finish(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    clearInterval(this.timer);
    if (!this.lastFrame && fallbackFrame) this.lastFrame = await fallbackFrame().catch(() => null);
    await this.detach();
    // One last frame so even a very short session makes a playable file.
    this.waitingForDrain = false;
    this.writeFrame();
    this.ffmpeg.stdin!.end();
    let timeout: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      this.exited,
      new Promise<'timeout'>((resolve) => { timeout = setTimeout(() => resolve('timeout'), FINISH_TIMEOUT_MS); }),
    ]);
    clearTimeout(timeout);
    if (code === 'timeout') {
      this.ffmpeg.kill('SIGKILL');
      this.options.logger.warn('ffmpeg did not finish the video in time; it was stopped', { path: this.options.outputPath });
    } else if (code !== 0) {
      this.options.logger.warn('ffmpeg failed to encode the video', { code, frames: this.framesWritten, stderr: this.stderr.trim() });
    } else {
      this.options.logger.debug('Video written', { path: this.options.outputPath, frames: this.framesWritten });
    }
  }

  private writeFrame(): void {
    if (!this.lastFrame || this.waitingForDrain || !this.ffmpeg.stdin!.writable) return;
    this.framesWritten++;
    // Skipping frames while ffmpeg catches up keeps memory bounded.
    if (!this.ffmpeg.stdin!.write(this.lastFrame)) this.waitingForDrain = true;
  }

  private async detach(): Promise<void> {
    const cdp = this.cdp;
    this.cdp = null;
    if (!cdp) return;
    await cdp.send('Page.stopScreencast').catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }

  private ffmpegArgs(): string[] {
    const { width: w, height: h } = this;
    return [
      '-hide_banner', '-loglevel', 'error', '-y',
      // No input probing: the input is known, and probing delays the first read.
      '-f', 'image2pipe', '-probesize', '32', '-analyzeduration', '0', '-fpsprobesize', '0',
      '-c:v', 'mjpeg', '-framerate', String(this.options.fps), '-i', '-',
      '-vf', `scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`,
      '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1',
      '-b:v', '1M', '-pix_fmt', 'yuv420p',
      '-f', 'webm', this.options.outputPath,
    ];
  }
}
