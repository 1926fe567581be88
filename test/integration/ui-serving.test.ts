/**
 * How the service serves the web UI (no browser): the page for every
 * client-side path, app files and vendored libraries with their cache
 * policies, gzip, the security headers, the Host guard, the API left alone,
 * and the size of the JavaScript shipped.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ROOT, startService, type RunningService } from '../helpers/service';
import { rawRequest } from '../helpers/http';

const PUBLIC = join(ROOT, 'plugins/ui/public');
/** The budget of the issue: every JS file shipped, gzipped. */
const JS_BUDGET_BYTES = 60 * 1024;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...await listFiles(p));
    else out.push(relative(PUBLIC, p).split(sep).join('/'));
  }
  return out;
}

/** Every JavaScript URL the UI can load: its own modules and the import map's. */
async function jsUrls(svc: RunningService): Promise<string[]> {
  const page = (await svc.request('GET', '/')).text;
  const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/s.exec(page)![1]!) as { imports: Record<string, string> };
  const own = (await listFiles(PUBLIC)).filter((f) => f.endsWith('.js')).map((f) => `/ui/${f}`);
  return [...own, ...Object.values(map.imports)];
}

describe('the web UI is served', () => {
  let svc: RunningService;
  before(async () => { svc = await startService(); });
  after(() => svc?.stop());

  test('every client-side path answers the page, with its security headers and no-cache', async () => {
    for (const path of ['/', '/flows', '/flows/new', '/flows/3f0c8a2e-1b2c-4d3e-8f40-123456789abc', '/compare', '/settings', '/settings?x=1']) {
      const res = await svc.request('GET', path);
      assert.equal(res.status, 200, path);
      assert.match(String(res.headers['content-type']), /^text\/html/, path);
      assert.match(res.text, /<div id="app">/, path);
      assert.equal(res.headers['cache-control'], 'no-cache');
      assert.ok(res.headers.etag);
      assert.match(String(res.headers['content-security-policy']), /default-src 'none'; script-src 'self' 'sha256-[^']+' 'sha256-[^']+';.*frame-ancestors 'none'/);
      assert.equal(res.headers['x-frame-options'], 'DENY');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
    }
  });

  test('the CSP hashes are those of the page\'s inline scripts (the import map and the theme bootstrap)', async () => {
    const res = await svc.request('GET', '/');
    const { createHash } = await import('node:crypto');
    const inline = [...res.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    assert.equal(inline.length, 2);
    // The preloaded app modules exist.
    for (const m of res.text.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)) assert.equal((await svc.request('GET', m[1]!)).status, 200, m[1]);
    for (const body of inline) assert.ok(String(res.headers['content-security-policy']).includes(`'sha256-${createHash('sha256').update(body).digest('base64')}'`));
  });

  test('an unchanged file answers 304 to If-None-Match', async () => {
    const first = await svc.request('GET', '/ui/app.js');
    assert.equal(first.status, 200);
    const again = await svc.request('GET', '/ui/app.js', undefined, { 'if-none-match': String(first.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.raw.length, 0);
    const page = await svc.request('GET', '/flows/new', undefined, { 'if-none-match': `W/${String((await svc.request('GET', '/')).headers.etag)}` });
    assert.equal(page.status, 304);
  });

  test('app files are no-cache; vendored libraries are immutable under a versioned URL', async () => {
    const css = await svc.request('GET', '/ui/app.css');
    assert.equal(css.status, 200);
    assert.match(String(css.headers['content-type']), /^text\/css/);
    assert.equal(css.headers['cache-control'], 'no-cache');
    const page = (await svc.request('GET', '/')).text;
    const map = JSON.parse(/<script type="importmap">(.*?)<\/script>/s.exec(page)![1]!);
    assert.deepEqual(Object.keys(map.imports).sort(), ['@preact/signals', '@preact/signals-core', 'htm', 'htm/preact', 'preact', 'preact/hooks']);
    const preactVersion = JSON.parse(await readFile(join(ROOT, 'node_modules/preact/package.json'), 'utf8')).version;
    assert.equal(map.imports.preact, `/ui/vendor/preact@${preactVersion}.mjs`);
    for (const url of Object.values(map.imports) as string[]) {
      const res = await svc.request('GET', url);
      assert.equal(res.status, 200, url);
      assert.match(String(res.headers['content-type']), /^text\/javascript/);
      assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.doesNotMatch(res.text, /sourceMappingURL/);
      // Each library's own bare imports are in the map too.
      for (const m of res.text.matchAll(/from\s*"([^"./][^"]*)"/g)) assert.ok(map.imports[m[1]!], `${url} imports ${m[1]}`);
    }
  });

  test('every relative import of the app resolves to a served file', async () => {
    for (const url of (await jsUrls(svc)).filter((u) => !u.startsWith('/ui/vendor/'))) {
      const res = await svc.request('GET', url);
      assert.equal(res.status, 200, url);
      for (const m of res.text.matchAll(/(?:^import\s[^'"]*|\bimport\()['"](\.[^'"]+)['"]/gm)) {
        const target = new URL(m[1]!, `http://x${url}`).pathname;
        assert.equal((await svc.request('GET', target)).status, 200, `${url} imports ${target}`);
      }
    }
  });

  test('the app\'s modules are served without comments, and still parse as ES modules', async () => {
    const { transform } = await import('esbuild');
    for (const url of (await jsUrls(svc)).filter((u) => !u.startsWith('/ui/vendor/'))) {
      const res = await svc.request('GET', url);
      assert.doesNotMatch(res.text, /\/\*\*|^\s*\/\//m, url);
      await transform(res.text, { loader: 'js', format: 'esm' });
    }
    const source = await readFile(join(PUBLIC, 'lib/format.js'), 'utf8');
    const served = (await svc.request('GET', '/ui/lib/format.js')).text;
    assert.ok(served.length < source.length * 0.75, `${served.length} of ${source.length}`);
  });

  test('files are gzipped for clients that take it', async () => {
    const plain = await svc.request('GET', '/ui/app.css');
    const zipped = await svc.request('GET', '/ui/app.css', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.equal(zipped.headers.vary, 'accept-encoding');
    assert.ok(zipped.raw.length < plain.raw.length);
    assert.equal(gunzipSync(zipped.raw).toString(), plain.text);
  });

  test(`the JavaScript shipped is under ${JS_BUDGET_BYTES / 1024} KB gzipped`, async (t) => {
    let total = 0;
    const sizes: string[] = [];
    for (const url of await jsUrls(svc)) {
      const res = await svc.request('GET', url, undefined, { 'accept-encoding': 'gzip' });
      assert.equal(res.status, 200, url);
      total += res.raw.length;
      sizes.push(`${url} ${res.raw.length}`);
    }
    t.diagnostic(`JS shipped: ${(total / 1024).toFixed(1)} KB gzipped in ${sizes.length} files`);
    assert.ok(total < JS_BUDGET_BYTES, `${total} bytes:\n${sizes.join('\n')}`);
  });

  test('the API is untouched: unknown /api paths answer 404 JSON, known ones work', async () => {
    const missing = await svc.request('GET', '/api/nothing-here');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'NOT_FOUND');
    assert.equal((await svc.request('GET', '/api/flows/new')).body.code, 'FLOW_NOT_FOUND');
    assert.deepEqual((await svc.request('GET', '/api/ping')).body, { status: 'ok' });
  });

  test('unknown UI files and paths that try to leave the folder answer 404', async () => {
    for (const path of ['/ui/nothing.js', '/ui/vendor/preact@0.0.0.mjs', '/ui/lib/api-records.d.ts', '/ui/index.html', '/ui/..%2Fui-routes.ts', '/ui/%2e%2e/index.ts', '/ui/lib/..%2F..%2Findex.ts']) {
      const res = await rawRequest(svc.url, { path });
      assert.equal(res.status, 404, path);
      assert.equal(res.body.code, 'NOT_FOUND', path);
    }
    assert.equal((await svc.request('GET', '/flows/a/b')).status, 404);
  });

  test('the Host and Origin guard protects the UI like the API', async () => {
    const host = await rawRequest(svc.url, { path: '/', headers: { host: 'evil.example:80' } });
    assert.equal(host.status, 403);
    assert.equal(host.body.code, 'FORBIDDEN_HOST');
    const origin = await rawRequest(svc.url, { path: '/ui/app.js', headers: { origin: 'http://evil.example' } });
    assert.equal(origin.status, 403);
    const same = await rawRequest(svc.url, { path: '/ui/app.js', headers: { origin: svc.url } });
    assert.equal(same.status, 200);
  });
});

describe('the UI plugin is optional', () => {
  test('without it, / is an unknown path', async () => {
    const svc = await startService({ pluginSet: ['plugins/storage/leveldb', 'plugins/http/server', 'plugins/routes/system'] });
    try {
      assert.equal((await svc.request('GET', '/')).status, 404);
    } finally {
      await svc.stop();
    }
  });
});
