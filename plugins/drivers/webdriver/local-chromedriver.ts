/**
 * The plugin's own chromedriver, for flows that name no WebDriver `url`.
 *
 * It is spawned by the plugin on a free loopback port, not by WebdriverIO:
 * WebdriverIO would start one driver process per session and, without a
 * binary, try to download one. One chromedriver serves every session of the
 * driver (each session is its own Chromium); it starts on first use, is
 * started again after it died, and runs in its own process group so that
 * stopping it also ends the browsers it launched.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import type { Logger } from '../../../kernel/logger';
import { sleep } from './timing';

/** How to run the local chromedriver. */
export interface LocalChromedriverOptions {
  binary: string;
  startTimeoutMs: number;
  logger: Logger;
}

/** Output kept for error messages, in characters. */
const OUTPUT_TAIL = 2_000;

/** The plugin's chromedriver process, started on demand. */
export class LocalChromedriver {
  private child: ChildProcess | null = null;
  private starting: Promise<string> | null = null;
  private stopping = false;
  private output = '';
  private url: string | null = null;
  private readonly exitListeners = new Set<(cause: Error) => void>();
  private readonly killOnExit = () => this.killGroup('SIGKILL');

  constructor(private readonly options: LocalChromedriverOptions) {}

  /** The endpoint (`http://127.0.0.1:<port>/`), starting chromedriver when it is not running. */
  endpoint(): Promise<string> {
    this.starting ??= this.start().catch((err) => {
      this.starting = null;
      throw err;
    });
    return this.starting;
  }

  /** The process id while it runs (tests and diagnostics). */
  get pid(): number | null {
    return this.child?.exitCode === null ? this.child.pid ?? null : null;
  }

  /** The endpoint while it runs (tests and diagnostics). */
  get runningUrl(): string | null {
    return this.pid === null ? null : this.url;
  }

  /** Calls `listener` when chromedriver exits without being stopped; returns the unsubscribe function. */
  onUnexpectedExit(listener: (cause: Error) => void): () => void {
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  /** Stops chromedriver and everything it launched. Idempotent. */
  async stop(): Promise<void> {
    const child = this.child;
    this.starting = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.stopping = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.killGroup('SIGTERM');
    const gone = await Promise.race([exited.then(() => true), sleep(2_000).then(() => false)]);
    if (!gone) {
      this.killGroup('SIGKILL');
      await exited;
    }
  }

  private async start(): Promise<string> {
    const { binary, startTimeoutMs, logger } = this.options;
    if (!existsSync(binary)) {
      throw new Error(`chromedriver was not found at ${binary}; install it or set chromedriverPath in the driver-webdriver config`);
    }
    const port = await freePort();
    this.stopping = false;
    this.output = '';
    logger.info('Starting chromedriver', { binary, port });
    // Detached: its own process group, so stop() reaches the Chromium processes too.
    const child = spawn(binary, [`--port=${port}`], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    this.child = child;
    const keep = (chunk: Buffer) => { this.output = (this.output + chunk.toString()).slice(-OUTPUT_TAIL); };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.once('exit', (code, signal) => this.exited(child, code, signal));
    child.once('error', (err) => { this.output += `\n${err.message}`; });
    process.once('exit', this.killOnExit);
    // Neither the process nor its pipes may keep the service's event loop alive.
    child.unref();
    (child.stdout as unknown as { unref?: () => void }).unref?.();
    (child.stderr as unknown as { unref?: () => void }).unref?.();

    const url = `http://127.0.0.1:${port}/`;
    const deadline = Date.now() + startTimeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`chromedriver exited while starting: ${this.output.trim().split('\n').slice(-3).join(' ') || 'no output'}`);
      }
      if (await isReady(url)) {
        this.url = url;
        return url;
      }
      await sleep(25);
    }
    this.killGroup('SIGKILL');
    throw new Error(`chromedriver did not become ready within ${startTimeoutMs} ms`);
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    process.off('exit', this.killOnExit);
    if (this.child !== child) return;
    this.child = null;
    this.starting = null;
    if (this.stopping) return;
    const cause = new Error(`chromedriver exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`})`);
    this.options.logger.warn(cause.message);
    for (const listener of [...this.exitListeners]) listener(cause);
  }

  private killGroup(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Whether chromedriver answers `/status` with `ready: true`. */
async function isReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}status`, { signal: AbortSignal.timeout(1_000) });
    if (!res.ok) return false;
    const body = (await res.json()) as { value?: { ready?: boolean } };
    return body.value?.ready === true;
  } catch {
    return false;
  }
}

/** A loopback port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
