/**
 * What the pages of a session do around each step, from Playwright's
 * context events: console errors and warnings, uncaught page errors, and
 * requests answered 4xx/5xx or failed, with their timing. Collected into the
 * session's bounded ActivityLog (lib/page-activity) until a tool call takes it.
 */
import type { BrowserContext, Request } from 'playwright-core';
import { ActivityLog, isFailureStatus } from '../../../lib/page-activity/activity-log';

/** When each request was seen starting: a request that fails before it is sent has no timing of Playwright's. */
const started = new WeakMap<Request, number>();

/** Milliseconds from a request's start to its answer (end, else headers) as Playwright measured it, else to now. */
function durationOf(request: Request): number | null {
  try {
    const t = request.timing();
    if (t.responseEnd >= 0) return t.responseEnd;
    if (t.responseStart >= 0) return t.responseStart;
    if (t.startTime > 0) return Date.now() - t.startTime;
  } catch {
    // No timing: the time seen below.
  }
  const at = started.get(request);
  return at === undefined ? null : Date.now() - at;
}

/** Starts collecting the context's activity into a new log (every page of the context, also those opened later). */
export function watchActivity(context: BrowserContext): ActivityLog {
  const log = new ActivityLog();
  context.on('request', (request) => started.set(request, Date.now()));
  context.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warning') log.addConsole(type, message.text());
  });
  context.on('weberror', (webError) => {
    const err = webError.error();
    // Worded as Chromium's own console says it (and the WebDriver driver records it).
    log.addConsole('pageerror', `Uncaught ${err.name || 'Error'}: ${err.message}`);
  });
  context.on('requestfailed', (request) => {
    log.addNetwork({ method: request.method(), url: request.url(), status: null, error: request.failure()?.errorText ?? 'failed', durationMs: durationOf(request) });
  });
  // At the answer's headers (its body may never be read): the time to them is the request's duration.
  context.on('response', (response) => {
    if (!isFailureStatus(response.status())) return;
    const request = response.request();
    log.addNetwork({ method: request.method(), url: response.url(), status: response.status(), error: null, durationMs: durationOf(request) });
  });
  return log;
}
