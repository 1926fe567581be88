/**
 * Reads that answer secrets in clear (env values; GPT configurations) are
 * refused to browsers (403 BROWSER_READ_REFUSED) unless they carry the
 * custom header X-Browserflow-Client, which a page can only send
 * same-origin; curl, SDKs and node's fetch keep working. Any request from a
 * browser the service drives (its User-Agent carries the per-process marker)
 * is refused (403 DRIVEN_BROWSER_REFUSED). Plain HTTP requests with those headers.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { drivenBrowserMarker } from '../../lib/service-guard/driven-browser-marker';
import { startService, type RunningService } from '../helpers/service';

const CHROME_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SECRET_READS = ['/api/env', '/api/env/TOKEN', '/api/gpt-configs', '/api/gpt-configs/main'];

describe('browser reads of secrets, and driven browsers', () => {
  let svc: RunningService;
  before(async () => {
    svc = await startService();
    assert.equal((await svc.request('POST', '/api/env/TOKEN', { value: 'env-secret-value-123' })).status, 200);
    assert.equal((await svc.request('POST', '/api/gpt-configs/main', { type: 'OPENAI', apiKey: 'sk-test-key-0123456789', modelName: 'm' })).status, 200);
  });
  after(() => svc?.stop());

  const browserHeaders: Array<[string, Record<string, string>]> = [
    ['a navigation (Sec-Fetch-*)', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' }],
    ['a same-origin fetch (Sec-Fetch-*)', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }],
    ['an iframe', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' }],
    ['a browser without fetch metadata (Mozilla/ User-Agent)', { 'user-agent': CHROME_UA }],
  ];

  for (const [label, headers] of browserHeaders) {
    test(`${label}: every secret read answers 403 BROWSER_READ_REFUSED without a secret`, async () => {
      for (const path of SECRET_READS) {
        for (const method of ['GET', 'HEAD']) {
          const res = await svc.request(method, path, undefined, headers);
          assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
          if (method === 'GET') {
            assert.equal(res.body.code, 'BROWSER_READ_REFUSED');
            assert.match(res.body.message, /X-Browserflow-Client/);
          }
          assert.ok(!res.text.includes('env-secret-value-123') && !res.text.includes('6789'));
        }
      }
      // Reads that hold no secret stay open to pages of the service itself.
      assert.equal((await svc.request('GET', '/api/ping', undefined, headers)).status, 200);
      assert.equal((await svc.request('GET', '/api/flows', undefined, headers)).status, 200);
    });
  }

  test('with X-Browserflow-Client (any non-empty value) a browser may read them', async () => {
    for (const path of SECRET_READS) {
      const res = await svc.request('GET', path, undefined, { ...browserHeaders[1]![1], 'user-agent': CHROME_UA, 'x-browserflow-client': 'ui' });
      assert.equal(res.status, 200, `${path}: ${res.text}`);
    }
    const blank = await svc.request('GET', '/api/env', undefined, { 'user-agent': CHROME_UA, 'x-browserflow-client': '  ' });
    assert.equal(blank.status, 403);
  });

  test('curl, SDKs and node\'s fetch (Sec-Fetch-Mode alone, User-Agent "node") read as before', async () => {
    for (const headers of [{ 'user-agent': 'curl/7.88.1' }, { 'user-agent': 'python-requests/2.31' }, { 'user-agent': undefined }]) {
      const res = await svc.request('GET', '/api/env/TOKEN', undefined, headers);
      assert.equal(res.status, 200, JSON.stringify(headers));
      assert.equal(res.body.value, 'env-secret-value-123');
    }
    const viaFetch = await fetch(`${svc.url}/api/env/TOKEN`);
    assert.equal(viaFetch.status, 200);
    assert.equal(((await viaFetch.json()) as { value: string }).value, 'env-secret-value-123');
  });

  test('the marker is one 128-bit token per process', () => {
    assert.match(drivenBrowserMarker(), /^browserflow-driven\/[0-9a-f]{32}$/);
    assert.equal(drivenBrowserMarker(), drivenBrowserMarker());
  });

  test('every request whose User-Agent carries the marker answers 403 DRIVEN_BROWSER_REFUSED, known path or not', async () => {
    const ua = `${CHROME_UA} ${drivenBrowserMarker()}`;
    const cases: Array<[string, string, unknown?]> = [
      ['GET', '/api/ping'], ['GET', '/api/env'], ['GET', '/api/env/TOKEN'], ['GET', '/api/flows'], ['GET', '/api/nowhere'],
      ['POST', '/api/env/TOKEN', { value: 'changed' }], ['DELETE', '/api/env/TOKEN'], ['PUT', '/api/ping'],
    ];
    for (const [method, path, body] of cases) {
      for (const extra of [{}, { 'x-browserflow-client': 'ui' }]) {
        const res = await svc.request(method, path, body, { 'user-agent': ua, ...extra });
        assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
        assert.equal(res.body.code, 'DRIVEN_BROWSER_REFUSED');
      }
    }
    const other = `${CHROME_UA} browserflow-driven/${'0'.repeat(32)}`;
    assert.equal((await svc.request('GET', '/api/ping', undefined, { 'user-agent': other })).status, 200, 'another process\'s marker is not this one');
    assert.equal((await svc.request('GET', '/api/env/TOKEN')).body.value, 'env-secret-value-123', 'nothing changed');
  });
});
