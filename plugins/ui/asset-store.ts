/**
 * The UI's files, read once into memory on first use (they are small):
 * the app's own modules (comments stripped) and styles from `public/`, the
 * vendored libraries, and the HTML page. Each is kept with its gzip form and an ETag, so an
 * answer is a map lookup.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { renderIndexPage } from './index-page';
import { stripComments } from './strip-comments';
import { importMap, resolveVendorModules } from './vendor-modules';

/** One servable file. */
export interface Asset {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  contentType: string;
  /** Extra headers (cache policy, and the page's security headers). */
  headers: Record<string, string>;
}

/** The whole set: app files by URL path (`/ui/lib/api.js`), and the page. */
export interface AssetSet {
  files: Map<string, Asset>;
  page: Asset;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.html': 'text/html; charset=utf-8',
};

/** App files change with the service: always revalidate (cheap, with the ETag). */
export const APP_CACHE = 'no-cache';
/** Vendored files are named by version: they never change under their URL. */
export const VENDOR_CACHE = 'public, max-age=31536000, immutable';

function asset(body: Buffer, contentType: string, headers: Record<string, string>): Asset {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, gzip: gzipSync(body, { level: 9 }), etag, contentType, headers };
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await listFiles(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Reads every asset. `publicDir` holds the app; vendored modules are found from `pluginDir`. */
export async function loadAssets(publicDir: string, pluginDir: string): Promise<AssetSet> {
  const files = new Map<string, Asset>();
  let template = '';
  for (const path of await listFiles(publicDir)) {
    const rel = relative(publicDir, path).split(sep).join('/');
    if (rel === 'index.html') {
      template = await readFile(path, 'utf8');
      continue;
    }
    const type = CONTENT_TYPES[extname(path)];
    if (!type) continue;
    const body = extname(path) === '.js' ? Buffer.from(stripComments(await readFile(path, 'utf8'))) : await readFile(path);
    files.set(`/ui/${rel}`, asset(body, type, { 'cache-control': APP_CACHE }));
  }
  const vendor = resolveVendorModules(pluginDir);
  for (const m of vendor) {
    // Their source map comments would make developer tools ask for files that are not served.
    const text = (await readFile(m.path, 'utf8')).replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '\n');
    files.set(`/ui/vendor/${m.urlName}`, asset(Buffer.from(text), CONTENT_TYPES['.mjs']!, { 'cache-control': VENDOR_CACHE }));
  }
  const rendered = renderIndexPage(template, importMap(vendor));
  const page = asset(Buffer.from(rendered.html), CONTENT_TYPES['.html']!, { 'cache-control': APP_CACHE, ...rendered.headers });
  return { files, page };
}
