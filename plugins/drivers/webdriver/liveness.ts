/**
 * Whether a session's browser is still there. WebDriver sends no event when
 * a browser dies or an endpoint goes away, so the session learns it from
 * its own commands failing (the Wire reports those) and, while idle, from a
 * cheap probe (`GET /window/handles`) every `intervalMs`.
 */
import type { Logger } from '../../../kernel/logger';
import { isSessionGone, readableMessage } from './webdriver-errors';

/** What the liveness watch needs. */
export interface LivenessDeps {
  /** The probe command (a WebDriver read that fails once the session is gone). */
  probe(): Promise<unknown>;
  /** Whether a command is running (the probe then waits for the next tick). */
  busy(): boolean;
  intervalMs: number;
  logger: Logger;
  flowId: string;
}

/** One session's liveness: its `disconnected` signal and the idle probe. */
export class Liveness {
  /** Resolves with the cause when the session ends without being closed; never rejects. */
  readonly disconnected: Promise<Error>;
  private signal!: (cause: Error) => void;
  private dead = false;
  private stopped = false;
  private probing = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: LivenessDeps) {
    this.disconnected = new Promise<Error>((resolve) => { this.signal = resolve; });
  }

  /** Whether the session was found gone. */
  get gone(): boolean {
    return this.dead;
  }

  /** Starts the idle probe. */
  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs);
    // The probe must not keep the service's event loop alive.
    this.timer.unref();
  }

  /** Stops probing; later failures are the expected end of a closed session, not a disconnection. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  /** Resolves `disconnected` (once) unless the session was closed on purpose. */
  markGone(cause: Error): void {
    if (this.dead || this.stopped) return;
    this.dead = true;
    if (this.timer) clearInterval(this.timer);
    this.deps.logger.warn('The WebDriver session of a flow ended unexpectedly', { flowId: this.deps.flowId, cause: cause.message });
    this.signal(cause);
  }

  private async tick(): Promise<void> {
    if (this.probing || this.dead || this.stopped || this.deps.busy()) return;
    this.probing = true;
    try {
      await this.deps.probe();
    } catch (err) {
      if (isSessionGone(err)) this.markGone(new Error(`The browser session ended unexpectedly (${readableMessage(err)})`));
    } finally {
      this.probing = false;
    }
  }
}
