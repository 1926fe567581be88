/**
 * Best-effort page loads over WebDriver. Sessions use the `eager` page-load
 * strategy: a navigation command returns once the document is ready
 * (DOMContentLoaded), and the endpoint waits no longer for it before the
 * next command. Then `load` is waited for only while the network is busy
 * (the page's resource timing entries change): after QUIET_MS without a new
 * entry, or LOAD_GRACE_MS, the session goes on and reports the page as
 * still loading. A navigation command that times out fails only when no new
 * document arrived (the document it left still carries its mark).
 */
import type { LoadOutcome } from '../../../lib/page-actions/page-actions';
import { isMarkedDocument, markDocument, pageLoadState, type PageLoadState } from './in-page/load-scripts';
import { sleep } from './timing';
import type { Wire } from './wire';

/** No new resource for this long: the network is quiet. */
export const QUIET_MS = 500;
/** The longest wait for `load` once the document is ready. */
export const LOAD_GRACE_MS = 5_000;
const POLL_MS = 100;
const MARK_KEY = 'browserflow.webdriver.navigation';

/** The mark of the document a navigation leaves. */
export class DocumentMark {
  private constructor(private readonly wire: Wire, private readonly token: string) {}

  /** Marks the current document (best effort: a document that refuses scripts stays unmarked). */
  static async place(wire: Wire): Promise<DocumentMark> {
    const token = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await wire.script(markDocument, MARK_KEY, token).catch(() => undefined);
    return new DocumentMark(wire, token);
  }

  /** Whether a new document replaced the marked one. */
  async left(): Promise<boolean> {
    return !(await this.wire.script<boolean>(isMarkedDocument, MARK_KEY, this.token).catch(() => false));
  }
}

/** After the document is ready: waits for `load` while the network is busy, by `deadline`. */
export async function settleLoad(wire: Wire, deadline: number): Promise<LoadOutcome> {
  const graceEnd = Date.now() + Math.min(LOAD_GRACE_MS, Math.max(0, deadline - Date.now()));
  let state = await readState(wire);
  let changed = Date.now();
  while (state && state.readyState !== 'complete' && Date.now() < graceEnd && Date.now() - changed < QUIET_MS) {
    await sleep(Math.min(POLL_MS, graceEnd - Date.now()));
    const next = await readState(wire);
    if (next && state && next.resources !== state.resources) changed = Date.now();
    state = next;
  }
  if (!state || state.readyState === 'complete') return { stillLoading: false, pendingRequests: 0 };
  return { stillLoading: true, pendingRequests: state.pending };
}

/** The state of a document that arrived but never became ready (the endpoint gave up on it). */
export async function unreadyOutcome(wire: Wire): Promise<LoadOutcome> {
  const state = await readState(wire);
  return { stillLoading: true, pendingRequests: state?.pending ?? 0 };
}

async function readState(wire: Wire): Promise<PageLoadState | null> {
  // A page that is being replaced may refuse the script once: it reads as loaded rather than failing the navigation.
  return wire.script<PageLoadState>(pageLoadState).catch(() => null);
}
