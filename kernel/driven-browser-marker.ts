/**
 * A per-process marker that every browser the service drives appends to its
 * User-Agent. The HTTP server refuses every request whose User-Agent carries
 * it, so a flow's browser cannot read the service itself, whatever way its
 * request took (a redirect, an iframe, a fetch, a popup, a worker).
 */
import { randomBytes } from 'node:crypto';

let marker: string | undefined;

/** `browserflow-driven/<128-bit random hex>`, generated once per process. */
export function drivenBrowserMarker(): string {
  marker ??= `browserflow-driven/${randomBytes(16).toString('hex')}`;
  return marker;
}
