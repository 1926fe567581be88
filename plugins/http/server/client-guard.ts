/**
 * Who is calling, beyond Host and Origin (host-guard.ts):
 *
 * - A browser the service drives: its User-Agent carries the per-process
 *   marker (lib/service-guard/driven-browser-marker.ts). Every request it makes to the
 *   service is refused, 403 DRIVEN_BROWSER_REFUSED: a flow, or a hostile
 *   page it visits, never reaches the API.
 * - Any other browser, on routes that answer secrets in clear
 *   (`RouteDefinition.secretsInClear`: env values, GPT configurations):
 *   refused, 403 BROWSER_READ_REFUSED, unless the request carries the
 *   custom header X-Browserflow-Client. A page can only send a custom header
 *   same-origin (cross-origin it needs a CORS preflight, which the service
 *   never grants), while navigations, iframes, images and redirects cannot
 *   send one at all. curl, SDKs and node's fetch send no browser signal and
 *   read as before.
 *
 * A browser is recognised by fetch metadata (`Sec-Fetch-Site` or
 * `Sec-Fetch-Dest`, which every browser that sends fetch metadata sends on
 * every request) or a User-Agent starting with `Mozilla/` (browsers without
 * fetch metadata, or over a name that is not a secure context).
 * `Sec-Fetch-Mode` alone does not count: node's fetch (undici) sends it, and
 * node scripts are among the clients that must keep working.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { drivenBrowserMarker } from '../../../lib/service-guard/driven-browser-marker';
import { ApiError, apiError } from '../../../kernel/errors';

/** The header a same-origin page (the service's own UI) sends to read secrets. */
export const CLIENT_HEADER = 'x-browserflow-client';

/** Whether the request comes from a browser (see above). */
export function fromBrowser(headers: IncomingHttpHeaders): boolean {
  if (headers['sec-fetch-site'] !== undefined || headers['sec-fetch-dest'] !== undefined) return true;
  return /^Mozilla\//.test(headers['user-agent'] ?? '');
}

/** 403 DRIVEN_BROWSER_REFUSED for a request from a browser this service drives, else null. */
export function refuseDrivenBrowser(headers: IncomingHttpHeaders): ApiError | null {
  const ua = headers['user-agent'];
  if (ua === undefined || !ua.includes(drivenBrowserMarker())) return null;
  return apiError('DRIVEN_BROWSER_REFUSED', {});
}

/** 403 BROWSER_READ_REFUSED for a browser reading secrets without the custom header, else null. */
export function refuseBrowserSecretRead(headers: IncomingHttpHeaders): ApiError | null {
  if (!fromBrowser(headers)) return null;
  const client = headers[CLIENT_HEADER];
  if (typeof client === 'string' && client.trim() !== '') return null;
  return apiError('BROWSER_READ_REFUSED', {});
}
