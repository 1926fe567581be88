/**
 * The bounded log of what a page did between two tool calls (console
 * errors and warnings, uncaught page errors, requests answered 4xx/5xx or
 * failed). Drivers push what their protocol tells them; the flow takes it
 * when a tool call ends (`BrowserSession.takeActivity`) and records it on
 * that call. Bounded here, as it is collected: a page logging in a loop
 * cannot grow the service's memory or a tool-call record.
 */
import type { ConsoleEntry, NetworkEntry } from '../../kernel/contracts/browser-driver';
import type { PageActivity } from '../page-actions/page-actions';

/** Entries of each kind kept per take; the rest are counted in `dropped`. */
export const MAX_ENTRIES = 30;
/** Longest console text kept, in characters. */
export const MAX_TEXT_CHARS = 500;
/** Longest URL kept, in characters. */
export const MAX_URL_CHARS = 500;
/** Longest failure reason kept (`net::ERR_CONNECTION_REFUSED`...). */
const MAX_ERROR_CHARS = 200;

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function cutText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Console messages Chromium writes itself for a failed resource load
 * ("Failed to load resource: the server responded with a status of 500"):
 * the network entries already say it, with the method and timing.
 */
export const RESOURCE_FAILURE_TEXT = /^Failed to load resource: /;

/** One session's log. */
export class ActivityLog {
  private console: ConsoleEntry[] = [];
  private network: NetworkEntry[] = [];
  private dropped = { console: 0, network: 0 };

  /** Adds a console entry (bounded). */
  addConsole(level: ConsoleEntry['level'], text: string, at = Date.now()): void {
    if (RESOURCE_FAILURE_TEXT.test(text)) return;
    if (this.console.length >= MAX_ENTRIES) {
      this.dropped.console++;
      return;
    }
    this.console.push({ level, text: cutText(text, MAX_TEXT_CHARS), at });
  }

  /** Adds a failed request (bounded). */
  addNetwork(entry: NetworkEntry): void {
    if (this.network.length >= MAX_ENTRIES) {
      this.dropped.network++;
      return;
    }
    this.network.push({
      method: cutText(entry.method, 16),
      url: cutText(entry.url, MAX_URL_CHARS),
      status: entry.status,
      error: entry.error === null ? null : cutText(entry.error, MAX_ERROR_CHARS),
      durationMs: entry.durationMs === null ? null : Math.max(0, Math.round(entry.durationMs)),
    });
  }

  /** Everything since the last take, and a fresh log. */
  take(): PageActivity {
    const out: PageActivity = { console: this.console, network: this.network, dropped: this.dropped };
    this.console = [];
    this.network = [];
    this.dropped = { console: 0, network: 0 };
    return out;
  }
}

/** Whether an HTTP status is worth recording: the server said no (4xx) or failed (5xx). */
export const isFailureStatus = (status: number): boolean => status >= 400;
