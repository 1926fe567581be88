/**
 * Encodes still frames into a WebM (VP9) with the system ffmpeg at a steady
 * frame rate, whatever rate the frames arrive at: a timer writes the latest
 * frame each tick, so a still page becomes a still video of the right length
 * and a burst of frames costs no more than the rate. Shared by the drivers
 * (DevTools screencast JPEGs, WebDriver screenshot PNGs).
 *
 * What keeps a video cheap next to the flow it records (bench:replay):
 * frames at most MAX_VIDEO_WIDTH wide (the screencast is asked for that
 * size, so the browser encodes smaller JPEGs too), no look-ahead (each frame
 * is encoded as it arrives, so closing the file at the end of the flow has
 * almost nothing left to do), and ffmpeg at a lower CPU priority, so it
 * takes the cores only when the browser and the service leave them idle.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname } from 'node:path';

/** Where the encoder reports trouble (a Logger fits). */
export interface EncoderLog {
  debug(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** What a FrameEncoder writes and how. */
export interface FrameEncoderOptions {
  ffmpegPath: string;
  outputPath: string;
  /** Frame size of the video; frames of another size are scaled and padded into it. */
  width: number;
  height: number;
  fps: number;
  /** The frames' format. */
  input: 'jpeg' | 'png';
  log: EncoderLog;
}

/** How long ffmpeg may take to finish the file after its input ends. */
const FINISH_TIMEOUT_MS = 15_000;

/** Widest video frame: a 1280x720 viewport is recorded at 960x540, where each action is still legible. */
export const MAX_VIDEO_WIDTH = 960;

/** ffmpeg's niceness (0 normal, 19 lowest): below the browser and the service. */
const ENCODER_NICENESS = 10;

/** One video being written. */
export class FrameEncoder {
  private readonly ffmpeg: ChildProcess;
  private readonly timer: NodeJS.Timeout;
  private readonly width: number;
  private readonly height: number;
  private lastFrame: Buffer | null = null;
  private framesWritten = 0;
  private waitingForDrain = false;
  private readonly exited: Promise<number | null>;
  private stopped: Promise<void> | null = null;
  private stderr = '';

  constructor(private readonly options: FrameEncoderOptions, private readonly onTick?: () => void) {
    // Scaled down to MAX_VIDEO_WIDTH, aspect kept; VP9 with yuv420p wants even dimensions.
    const scale = Math.min(1, MAX_VIDEO_WIDTH / options.width);
    const even = (n: number) => Math.max(2, Math.round(n * scale) - (Math.round(n * scale) % 2));
    this.width = even(options.width);
    this.height = even(options.height);
    mkdirSync(dirname(options.outputPath), { recursive: true });
    this.ffmpeg = spawn(options.ffmpegPath, this.ffmpegArgs(), { stdio: ['pipe', 'ignore', 'pipe'] });
    try {
      if (this.ffmpeg.pid !== undefined) setPriority(this.ffmpeg.pid, ENCODER_NICENESS);
    } catch {
      // Not allowed here (a container without the right): it then runs at normal priority.
    }
    this.exited = new Promise((resolve) => {
      this.ffmpeg.on('exit', (code) => resolve(code));
      this.ffmpeg.on('error', (err) => {
        options.log.warn('ffmpeg could not run; the video will be missing', { error: err });
        resolve(null);
      });
    });
    this.ffmpeg.stderr!.on('data', (chunk: Buffer) => { this.stderr = (this.stderr + chunk.toString()).slice(-2000); });
    // A dead ffmpeg makes writes fail with EPIPE; the exit handler reports it.
    this.ffmpeg.stdin!.on('error', () => undefined);
    this.ffmpeg.stdin!.on('drain', () => { this.waitingForDrain = false; });
    this.timer = setInterval(() => {
      this.onTick?.();
      this.writeFrame();
    }, Math.round(1000 / options.fps));
  }

  /** The frame size of the video (even numbers). */
  get size(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  /** Frames written so far (tests and diagnostics). */
  get frameCount(): number {
    return this.framesWritten;
  }

  /**
   * Where in the video the newest frame written is, in ms (its index over
   * the rate; 0 before the first): the picture as things stand now, on the
   * video's own timeline, which drifts from the wall clock when ticks are
   * late or skipped.
   */
  get positionMs(): number {
    return Math.round((Math.max(0, this.framesWritten - 1) * 1000) / this.options.fps);
  }

  /** Whether any frame was ever given. */
  get hasFrame(): boolean {
    return this.lastFrame !== null;
  }

  /** The picture the next ticks write, until another one is given. */
  setFrame(frame: Buffer): void {
    if (!this.stopped) this.lastFrame = frame;
  }

  /**
   * Stops and waits until ffmpeg has written the whole file. `fallbackFrame`
   * supplies one picture when none was ever given, so even a very short
   * session makes a playable file.
   */
  stop(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    this.stopped ??= this.finish(fallbackFrame);
    return this.stopped;
  }

  private async finish(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    clearInterval(this.timer);
    if (!this.lastFrame && fallbackFrame) this.lastFrame = await fallbackFrame().catch(() => null);
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
      this.options.log.warn('ffmpeg did not finish the video in time; it was stopped', { path: this.options.outputPath });
    } else if (code !== 0) {
      this.options.log.warn('ffmpeg failed to encode the video', { code, frames: this.framesWritten, stderr: this.stderr.trim() });
    } else {
      this.options.log.debug('Video written', { path: this.options.outputPath, frames: this.framesWritten });
    }
  }

  private writeFrame(): void {
    if (!this.lastFrame || this.waitingForDrain || !this.ffmpeg.stdin!.writable) return;
    this.framesWritten++;
    // Skipping frames while ffmpeg catches up keeps memory bounded.
    if (!this.ffmpeg.stdin!.write(this.lastFrame)) this.waitingForDrain = true;
  }

  private ffmpegArgs(): string[] {
    const { width: w, height: h } = this;
    return [
      '-hide_banner', '-loglevel', 'error', '-y',
      // No input probing: the input is known, and probing delays the first read.
      '-f', 'image2pipe', '-probesize', '32', '-analyzeduration', '0', '-fpsprobesize', '0',
      '-c:v', this.options.input === 'png' ? 'png' : 'mjpeg', '-framerate', String(this.options.fps), '-i', '-',
      '-vf', `scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2`,
      // No look-ahead (lag 0, so no alternate reference frames): nothing is left to encode when the input ends.
      '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1', '-lag-in-frames', '0', '-auto-alt-ref', '0',
      '-b:v', '1M', '-pix_fmt', 'yuv420p',
      '-f', 'webm', this.options.outputPath,
    ];
  }
}
