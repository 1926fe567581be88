/**
 * A per-process marker that every browser the service drives carries in its
 * User-Agent (the drivers append it), so the HTTP server can refuse every
 * request such a browser makes to the service itself: a flow (or a hostile
 * page it visits) must never reach the API, whatever route it takes
 * (navigation, redirect, iframe, fetch). Random per process, so a page
 * cannot learn it from anywhere but its own browser, and a marker seen by
 * one run means nothing to the next.
 */
import { randomBytes } from 'node:crypto';

let marker: string | undefined;

/**
 * `browserflow-driven/<32 hex digits>`: 128 random bits, the same for the
 * whole life of this process. Drivers append it (after a space) to the User-
 * Agent of every browser context they open; the HTTP server refuses any
 * request whose User-Agent contains it (403 DRIVEN_BROWSER_REFUSED).
 */
export function drivenBrowserMarker(): string {
  marker ??= `browserflow-driven/${randomBytes(16).toString('hex')}`;
  return marker;
}
