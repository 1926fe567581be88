/**
 * What the pages of a WebDriver session do around each step, read from the
 * browser's own logs where the endpoint keeps them: Chromium's chromedriver
 * (and a Grid's Chrome/Edge node) records console messages and page errors
 * in the `browser` log and the DevTools protocol's Network events in the
 * `performance` log (capabilities.ts asks for both). They are read when a
 * tool call ends (each read empties them) and bounded into an ActivityLog.
 * An endpoint without these logs (Firefox, Safari) records nothing: the
 * first refused read turns reading off for the session.
 */
import type { ConsoleEntry } from '../../../kernel/contracts/browser-driver';
import type { PageActivity } from '../../../lib/page-actions/page-actions';
import { ActivityLog, isFailureStatus } from '../../../lib/page-activity/activity-log';
import type { Wire } from './wire';

/** One entry of a WebDriver log. */
interface LogEntry { level: string; message: string; source?: string; timestamp: number }

/** Requests seen starting but not yet answered, kept across reads at most (oldest forgotten first). */
const MAX_PENDING = 500;

/** `http://host/page 12:34 "text" Object` -> `"text" Object`: Chromium prefixes console texts with where they were written. */
const CONSOLE_PREFIX = /^\S+ \d+:\d+ /;

/** A console text as the page wrote it: the location prefix dropped, one string argument unquoted. */
export function consoleText(message: string): string {
  const text = message.replace(CONSOLE_PREFIX, '');
  const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  if (!quoted) return text;
  try {
    return JSON.parse(`"${quoted[1]}"`) as string;
  } catch {
    return quoted[1]!;
  }
}

/** The level of a `browser` log entry, or null for what is not recorded (info, debug, resource failures: the network entries say those). */
function levelOf(entry: LogEntry): ConsoleEntry['level'] | null {
  if (entry.source === 'network') return null;
  if (entry.source === 'javascript' && entry.level === 'SEVERE') return 'pageerror';
  if (entry.level === 'SEVERE') return 'error';
  if (entry.level === 'WARNING') return 'warning';
  return null;
}

/** The activity reader of one session. */
export class WebdriverActivity {
  private readonly log = new ActivityLog();
  private enabled: boolean;
  /** requestId -> what the request was and when (DevTools monotonic seconds) it started. */
  private readonly pending = new Map<string, { method: string; url: string; started: number }>();

  /** `chromium`: the endpoint runs Chromium, whose driver keeps the two logs. */
  constructor(private readonly wire: Wire, chromium: boolean) {
    this.enabled = chromium;
  }

  /** Everything since the last take (empty where the endpoint keeps no logs). */
  async take(): Promise<PageActivity> {
    if (this.enabled) {
      try {
        const [browser, performance] = await Promise.all([this.read('browser'), this.read('performance')]);
        for (const entry of browser) {
          const level = levelOf(entry);
          if (level) this.log.addConsole(level, consoleText(entry.message), entry.timestamp);
        }
        this.network(performance);
      } catch {
        // The endpoint keeps no such logs (or refuses the command): nothing to record, and no use asking again.
        this.enabled = false;
      }
    }
    return this.log.take();
  }

  private read(type: 'browser' | 'performance'): Promise<LogEntry[]> {
    return this.wire.run((b) => (b as unknown as { getLogs(t: string): Promise<LogEntry[]> }).getLogs(type));
  }

  /** Failed requests from the DevTools Network events of the `performance` log. */
  private network(entries: LogEntry[]): void {
    for (const entry of entries) {
      let event: { method?: string; params?: Record<string, any> };
      try {
        event = (JSON.parse(entry.message) as { message: typeof event }).message;
      } catch {
        continue;
      }
      const p = event.params ?? {};
      switch (event.method) {
        case 'Network.requestWillBeSent': {
          if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value as string);
          this.pending.set(p.requestId, { method: p.request?.method ?? 'GET', url: p.request?.url ?? '', started: p.timestamp });
          break;
        }
        case 'Network.responseReceived': {
          const request = this.pending.get(p.requestId);
          const status = Number(p.response?.status);
          if (!isFailureStatus(status)) break;
          this.pending.delete(p.requestId);
          this.log.addNetwork({
            method: request?.method ?? 'GET', url: p.response?.url ?? request?.url ?? '', status, error: null,
            durationMs: request ? (p.timestamp - request.started) * 1000 : null,
          });
          break;
        }
        case 'Network.loadingFailed': {
          const request = this.pending.get(p.requestId);
          this.pending.delete(p.requestId);
          if (!request) break;
          this.log.addNetwork({ method: request.method, url: request.url, status: null, error: String(p.errorText || 'failed'), durationMs: (p.timestamp - request.started) * 1000 });
          break;
        }
        case 'Network.loadingFinished':
          this.pending.delete(p.requestId);
          break;
        default:
      }
    }
  }
}
