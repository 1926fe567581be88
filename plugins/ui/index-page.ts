/**
 * The one HTML page of the UI: the template from `public/index.html` with
 * the import map written in, and the security headers that go with it. The
 * Content-Security-Policy allows only this origin's files plus the page's
 * own inline scripts (the import map and the theme bootstrap), by hash.
 */
import { createHash } from 'node:crypto';

/** Where the template wants the import map. */
const IMPORT_MAP_MARKER = '<!--importmap-->';

export interface RenderedPage {
  html: string;
  headers: Record<string, string>;
}

/** Fills the template and computes the page's headers. */
export function renderIndexPage(template: string, map: { imports: Record<string, string> }): RenderedPage {
  if (!template.includes(IMPORT_MAP_MARKER)) throw new Error(`The UI's index.html lacks the ${IMPORT_MAP_MARKER} marker.`);
  const preloads = Object.values(map.imports).map((url) => `<link rel="modulepreload" href="${url}">`).join('\n');
  const html = template.replace(IMPORT_MAP_MARKER, `<script type="importmap">${JSON.stringify(map)}</script>\n${preloads}`);
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  const csp = [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    html,
    headers: {
      'content-security-policy': csp,
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    },
  };
}
