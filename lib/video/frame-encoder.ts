/**
 * Encodes still frames into a WebM (VP9) with the system ffmpeg at a steady
 * frame rate, whatever rate the frames arrive at: a timer puts the latest
 * frame in the video each tick, so a still page becomes a still video of
 * the right length and a burst of frames costs no more than the rate. Shared
 * by the drivers (screenshot PNGs, DevTools screencast JPEGs).
 *
 * What keeps a video cheap next to the flow it records (bench:replay), on
 * machines where the browser already takes most of the cores:
 * - Encoding waits: the first LIVE_ENCODE_AFTER_MS of a video are kept in
 *   memory (references to its few distinct frames) and ffmpeg starts only
 *   after them, or when the recording ends. A short flow is encoded once it
 *   has finished, so none of its steps waits behind the encoder; a long one
 *   (mostly waiting on a model) is encoded as it goes.
 * - The end does not wait: `end()` returns once the last frame is taken and
 *   `written` settles when the file is complete. The file is written as
 *   `<output>.part` and renamed when complete, so a reader never gets half
 *   a video (the video route waits for the rename).
 * - ffmpeg runs at the lowest CPU priority while its flow runs, without
 *   look-ahead, on frames at most MAX_VIDEO_WIDTH wide.
 * - No frame given is lost: a frame replaced before any tick wrote it still
 *   gets its own frame in the video, and the video pays that frame back by
 *   skipping its next repeated one, so it stays in step with the clock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
const FINISH_TIMEOUT_MS = 120_000;

/** Widest video frame: a 1280x720 viewport is recorded at 960x540, where each action is still legible. */
export const MAX_VIDEO_WIDTH = 960;

/**
 * ffmpeg's niceness (0 normal, 19 lowest). While its flow runs, 19: it takes
 * the cores only when the browser and the service leave them idle. Started
 * once the flow has ended, 0: the flow no longer waits for it, but people
 * do (the video route, the UI's video), and a short burst at normal priority
 * finishes a video in under a second even on a busy machine (at 10, with
 * four busy processes on the 2 cores, a 4-second flow's video took 6.5 s;
 * at 0, 0.6-0.9 s).
 */
const LIVE_NICENESS = 19;
const FINISHING_NICENESS = 0;

/** How long after the recording ends ffmpeg starts, when it has not yet (see takeLastFrame). */
const FINISH_DELAY_MS = 200;

/** How much video is kept in memory before ffmpeg starts (see above). */
export const LIVE_ENCODE_AFTER_MS = 10_000;

/** Frames waiting for ffmpeg at most (a starved encoder): past it, ticks are skipped and the video is shorter. */
const MAX_PENDING_FRAMES = 3_000;

/**
 * Videos being finished (recording ended, file not complete), process-wide:
 * the drivers wait for them at service shutdown. A video still recording is
 * not among them: it belongs to a session that is still open, maybe of
 * another service in the same process, and waiting for it could wait for
 * that flow to end.
 */
const unfinished = new Set<Promise<void>>();

/** Output paths of the videos this process is writing, from the first frame until the file is complete or given up. */
const writing = new Set<string>();

/**
 * Whether this process is still writing the video at `outputPath`
 * (recording, or finishing it after its flow). A reader uses it to tell a
 * slow encoder, which it waits for however long the file goes unchanged,
 * from a `.part` file an encoder left when its service died.
 */
export function isVideoBeingWritten(outputPath: string): boolean {
  return writing.has(outputPath);
}

/** Resolves once every video being finished is complete (or given up, FINISH_TIMEOUT_MS at most). */
export async function videosWritten(): Promise<void> {
  while (unfinished.size > 0) await Promise.all([...unfinished]);
}

/** One video being written. */
export class FrameEncoder {
  private ffmpeg: ChildProcess | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly width: number;
  private readonly height: number;
  private readonly startedAt = Date.now();
  private readonly partPath: string;
  /** The newest frame given, and whether it is in the video yet. */
  private lastFrame: Buffer | null = null;
  private lastWritten = false;
  /** Frames put in the video ahead of the clock (each skips a later repeated tick). */
  private ahead = 0;
  private framesWritten = 0;
  /** Frames in the video not yet handed to ffmpeg. */
  private readonly pending: Buffer[] = [];
  private waitingForDrain = false;
  /** Ends ffmpeg's input once the last pending frame is handed over. */
  private endWhenFlushed: (() => void) | null = null;
  private exited: Promise<number | null> | null = null;
  private ended: Promise<void> | null = null;
  private stderr = '';
  private resolveWritten!: () => void;
  /** Settles when the file is complete, or when it could not be made (logged); never rejects. */
  readonly written: Promise<void>;

  constructor(private readonly options: FrameEncoderOptions, private readonly onTick?: () => void) {
    // Scaled down to MAX_VIDEO_WIDTH, aspect kept; VP9 with yuv420p wants even dimensions.
    const scale = Math.min(1, MAX_VIDEO_WIDTH / options.width);
    const even = (n: number) => Math.max(2, Math.round(n * scale) - (Math.round(n * scale) % 2));
    this.width = even(options.width);
    this.height = even(options.height);
    this.partPath = `${options.outputPath}.part`;
    mkdirSync(dirname(options.outputPath), { recursive: true });
    // The `.part` file exists from the first moment: a reader asking once the flow has ended waits for the video.
    writeFileSync(this.partPath, '');
    writing.add(options.outputPath);
    this.written = new Promise((resolve) => { this.resolveWritten = resolve; });
    void this.written.then(() => writing.delete(options.outputPath));
    this.timer = setInterval(() => {
      this.onTick?.();
      this.tick();
    }, Math.round(1000 / options.fps));
  }

  /** The frame size of the video (even numbers). */
  get size(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  /** Frames in the video so far (tests and diagnostics). */
  get frameCount(): number {
    return this.framesWritten;
  }

  /**
   * Where in the video the newest frame given is, in ms (its index over the
   * rate; 0 before the first): the page as things stand now, on the video's
   * own timeline, which drifts from the wall clock when ticks are late.
   */
  get positionMs(): number {
    const index = this.lastWritten ? this.framesWritten - 1 : this.framesWritten;
    return Math.round((Math.max(0, index) * 1000) / this.options.fps);
  }

  /** The picture the next ticks write, until another one is given. */
  setFrame(frame: Buffer): void {
    if (this.ended) return;
    // The frame it replaces never made it into the video: it gets its own frame now.
    if (this.lastFrame && !this.lastWritten) {
      this.put(this.lastFrame);
      this.ahead++;
    }
    this.lastFrame = frame;
    this.lastWritten = false;
  }

  /**
   * Takes the last frame (`fallbackFrame` supplies one when none was ever
   * given, so even a very short session makes a playable file) and lets
   * ffmpeg finish the file in the background: `written` tells when.
   */
  end(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    if (!this.ended) {
      const written = this.written;
      unfinished.add(written);
      void written.then(() => unfinished.delete(written));
      this.ended = this.takeLastFrame(fallbackFrame);
    }
    return this.ended;
  }

  /** `end()`, then waits until the file is complete. */
  async stop(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    await this.end(fallbackFrame);
    await this.written;
  }

  private async takeLastFrame(fallbackFrame?: () => Promise<Buffer | null>): Promise<void> {
    clearInterval(this.timer);
    if (!this.lastFrame && fallbackFrame) this.lastFrame = await fallbackFrame().catch(() => null);
    if (this.lastFrame && !this.lastWritten) this.put(this.lastFrame);
    if (this.framesWritten === 0) {
      this.options.log.warn('No frame was recorded; the video is missing', { path: this.options.outputPath });
      rmSync(this.partPath, { force: true });
      this.resolveWritten();
      return;
    }
    // Started a moment later: spawning ffmpeg holds the event loop for some 15 ms (a fork), which the flow's own end should not wait behind.
    setTimeout(() => {
      void this.finish().catch((err) => this.options.log.warn('The video could not be finished', { path: this.options.outputPath, error: err }))
        .finally(() => this.resolveWritten());
    }, FINISH_DELAY_MS);
  }

  private async finish(): Promise<void> {
    // Touched: readers give up on a `.part` file left unchanged for long (an encoder that died with the service).
    if (!this.ffmpeg) writeFileSync(this.partPath, '');
    // An encoder started while the flow ran is at LIVE_NICENESS: people wait for it now, so it gets the cores it needs.
    else this.renice(FINISHING_NICENESS);
    const exited = this.startFfmpeg(FINISHING_NICENESS);
    this.flush();
    const stdin = this.ffmpeg!.stdin!;
    // Ends the input once every pending frame is handed over.
    if (this.pending.length === 0) stdin.end();
    else this.endWhenFlushed = () => stdin.end();
    let timeout: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise<'timeout'>((resolve) => { timeout = setTimeout(() => resolve('timeout'), FINISH_TIMEOUT_MS); }),
    ]);
    clearTimeout(timeout);
    this.pending.length = 0;
    if (code === 'timeout') {
      this.ffmpeg!.kill('SIGKILL');
      this.options.log.warn('ffmpeg did not finish the video in time; it was stopped', { path: this.options.outputPath });
    } else if (code !== 0) {
      this.options.log.warn('ffmpeg failed to encode the video', { code, frames: this.framesWritten, stderr: this.stderr.trim() });
    } else {
      try {
        renameSync(this.partPath, this.options.outputPath);
        this.options.log.debug('Video written', { path: this.options.outputPath, frames: this.framesWritten });
        return;
      } catch (err) {
        // The flow was deleted while its video was being finished.
        this.options.log.debug('The finished video could not be put in place', { path: this.options.outputPath, error: err });
      }
    }
    rmSync(this.partPath, { force: true });
  }

  /** One tick of the clock: the newest frame again, unless the video is ahead of the clock. */
  private tick(): void {
    if (!this.lastFrame) return;
    if (this.ahead > 0 && this.lastWritten) {
      this.ahead--;
      return;
    }
    if (this.pending.length >= MAX_PENDING_FRAMES) return;
    this.put(this.lastFrame);
  }

  /** Appends a frame to the video: kept until ffmpeg runs, then handed over as fast as it reads. */
  private put(frame: Buffer): void {
    this.framesWritten++;
    if (frame === this.lastFrame) this.lastWritten = true;
    this.pending.push(frame);
    if (!this.ffmpeg && Date.now() - this.startedAt >= LIVE_ENCODE_AFTER_MS) void this.startFfmpeg(LIVE_NICENESS);
    this.flush();
  }

  private flush(): void {
    const stdin = this.ffmpeg?.stdin;
    if (!stdin) return;
    while (this.pending.length > 0 && !this.waitingForDrain && stdin.writable) {
      if (!stdin.write(this.pending.shift()!)) this.waitingForDrain = true;
    }
    if (this.pending.length === 0 && this.endWhenFlushed) {
      const end = this.endWhenFlushed;
      this.endWhenFlushed = null;
      end();
    }
  }

  private startFfmpeg(niceness: number): Promise<number | null> {
    if (this.exited) return this.exited;
    const ffmpeg = spawn(this.options.ffmpegPath, this.ffmpegArgs(), { stdio: ['pipe', 'ignore', 'pipe'] });
    this.ffmpeg = ffmpeg;
    if (niceness !== 0) this.renice(niceness);
    this.exited = new Promise((resolve) => {
      ffmpeg.on('exit', (code) => resolve(code));
      ffmpeg.on('error', (err) => {
        this.options.log.warn('ffmpeg could not run; the video will be missing', { error: err });
        resolve(null);
      });
    });
    ffmpeg.stderr!.on('data', (chunk: Buffer) => { this.stderr = (this.stderr + chunk.toString()).slice(-2000); });
    // A dead ffmpeg makes writes fail with EPIPE; the exit handler reports it.
    ffmpeg.stdin!.on('error', () => undefined);
    ffmpeg.stdin!.on('drain', () => {
      this.waitingForDrain = false;
      this.flush();
    });
    return this.exited;
  }

  private renice(niceness: number): void {
    try {
      if (this.ffmpeg?.pid !== undefined) setPriority(this.ffmpeg.pid, niceness);
    } catch {
      // Not allowed here (raising a priority needs the right to, which a container may lack): it keeps the one it has.
    }
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
      '-f', 'webm', this.partPath,
    ];
  }
}
