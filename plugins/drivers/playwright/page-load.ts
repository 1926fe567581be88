/**
 * Best-effort page loads. A navigation waits for its document to commit
 * (bounded by the navigation timeout: no document in time is the only
 * failure), then for DOMContentLoaded within what is left of that timeout,
 * then for `load` only while the network is busy: once no request has
 * started or finished for QUIET_MS, or LOAD_GRACE_MS have passed, the
 * session goes on and reports the page as still loading. Real pages whose
 * ad or tracker hosts never answer never fire `load`; their document was
 * ready long before.
 */
import type { Page, Request } from 'playwright-core';
import type { LoadOutcome } from '../../../lib/page-actions/page-actions';
import { isTimeout } from './readable-errors';
import { sleep } from '../../../lib/async/timing';

/** No request started or finished for this long: the network is quiet. */
export const QUIET_MS = 500;
/** The longest wait for `load` once the document is ready. */
export const LOAD_GRACE_MS = 5_000;
const POLL_MS = 50;

/** The requests of one page (every frame) still in flight, and when the network last changed. */
export class RequestTracker {
  private readonly inFlight = new Set<Request>();
  private lastChange = Date.now();

  constructor(page: Page) {
    const done = (request: Request) => {
      this.inFlight.delete(request);
      this.lastChange = Date.now();
    };
    page.on('request', (request) => {
      this.inFlight.add(request);
      this.lastChange = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('close', () => this.inFlight.clear());
  }

  /** Requests in flight now. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Milliseconds since a request last started or finished. */
  idleMs(): number {
    return Date.now() - this.lastChange;
  }

  /** Starts the quiet window now (a document just became ready). */
  touch(): void {
    this.lastChange = Date.now();
  }
}

/**
 * After the document committed: waits for it to be ready, then for `load`
 * while the network is busy, all by `deadline` (the navigation's own).
 */
export async function settleLoad(page: Page, tracker: RequestTracker, deadline: number): Promise<LoadOutcome> {
  const left = () => Math.max(0, deadline - Date.now());
  try {
    await page.waitForLoadState('domcontentloaded', { timeout: Math.max(1, left()) });
  } catch (err) {
    // A document arrived but never became ready (a script that never answers blocks the parser): go on with it.
    if (isTimeout(err)) return { stillLoading: true, pendingRequests: tracker.pending };
    throw err;
  }
  const graceEnd = Date.now() + Math.min(LOAD_GRACE_MS, left());
  let loaded = false;
  const load = page.waitForLoadState('load', { timeout: Math.max(1, graceEnd - Date.now()) }).then(() => { loaded = true; }, () => undefined);
  tracker.touch();
  while (!loaded && Date.now() < graceEnd && tracker.idleMs() < QUIET_MS) {
    await Promise.race([load, sleep(Math.min(POLL_MS, graceEnd - Date.now()))]);
  }
  return loaded ? { stillLoading: false, pendingRequests: 0 } : { stillLoading: true, pendingRequests: tracker.pending };
}
