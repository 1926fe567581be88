/**
 * Every WebDriver command of a session goes through the Wire, which deals
 * with the two conditions any command can meet:
 *
 * - an open dialog ("unexpected alert open"): it is answered with the
 *   policy, and commands that cannot have opened it themselves (reads,
 *   lookups, a click the dialog blocked before it happened) are retried;
 * - a dead session (its browser died, the endpoint went away): the session's
 *   `disconnected` signal fires and the command fails with that cause.
 */
import type { remote } from 'webdriverio';
import type { DialogAnswerer } from './dialogs';
import { scriptBody } from './in-page/page-lib';
import { isAlertOpen, isSessionGone, readableMessage } from './webdriver-errors';

/** A WebdriverIO browser (one WebDriver session). */
export type WdBrowser = Awaited<ReturnType<typeof remote>>;

/** Retries of one command after answering dialogs that blocked it. */
const ALERT_RETRIES = 3;

/** The guarded command channel of one WebDriver session. */
export class Wire {
  private inFlight = 0;
  private readonly scripts = new Map<Function, string>();

  constructor(
    readonly browser: WdBrowser,
    private readonly dialogs: DialogAnswerer,
    private readonly onGone: (cause: Error) => void,
  ) {}

  /** Whether a command is running (the liveness probe only runs when idle). */
  get busy(): boolean {
    return this.inFlight > 0;
  }

  /**
   * Runs a command. With `retryOnAlert` false (navigation, user scripts),
   * a dialog the command itself may have opened is answered and the error
   * is rethrown for the caller to interpret.
   */
  async run<T>(command: (browser: WdBrowser) => Promise<T>, retryOnAlert = true): Promise<T> {
    this.inFlight++;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await command(this.browser);
        } catch (err) {
          if (isSessionGone(err)) throw this.gone(err);
          if (!isAlertOpen(err)) throw err;
          await this.answerDialogs();
          if (!retryOnAlert || attempt >= ALERT_RETRIES) throw err;
        }
      }
    } finally {
      this.inFlight--;
    }
  }

  /** Runs an in-page function (built with pageFunction) with `args`; its result as WebDriver returns it. */
  script<R>(fn: Function, ...args: unknown[]): Promise<R> {
    let body = this.scripts.get(fn);
    if (!body) {
      body = scriptBody(fn);
      this.scripts.set(fn, body);
    }
    const source = body;
    return this.run((b) => b.executeScript(source, args as (object | null)[]) as Promise<R>);
  }

  /** Answers every open dialog with the policy; resolves with how many. */
  async answerDialogs(): Promise<number> {
    try {
      return await this.dialogs.answerOpen(this.browser);
    } catch (err) {
      if (isSessionGone(err)) throw this.gone(err);
      throw err;
    }
  }

  private gone(err: unknown): Error {
    const cause = new Error(`The browser session ended unexpectedly (${readableMessage(err)})`);
    this.onGone(cause);
    return cause;
  }
}
