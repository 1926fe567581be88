/**
 * The HTTP layer's defences over real sockets: Host and Origin checks (DNS
 * rebinding, cross-site pages), body limits and parsing, hostile path
 * parameters, the 500 handler, and a quick shutdown with open connections.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest, Agent } from 'node:http';
import { join } from 'node:path';
import { ROOT, startService, type RunningService } from '../helpers/service';
import { rawRequest } from '../helpers/http';

const EXAMPLE_PLUGIN = join(ROOT, 'test', 'fixtures', 'example-plugin');
const MiB = 1024 * 1024;

describe('HTTP security', () => {
  let svc: RunningService;
  let port: string;
  /** What the config endpoints hold; must not change after a refused request. */
  const snapshot = async () => {
    const [env, configs, agents] = await Promise.all(['/api/env', '/api/gpt-configs', '/api/agents'].map((p) => svc.request('GET', p)));
    return `${env!.text}|${configs!.text}|${agents!.text}`;
  };

  before(async () => {
    svc = await startService({ plugins: [EXAMPLE_PLUGIN], settings: { allowedHosts: ['browserflow.test'] } });
    port = new URL(svc.url).port;
    assert.equal((await svc.request('POST', '/api/env/EXISTING', { value: 'kept-value' })).status, 200);
  });
  after(() => svc?.stop());

  describe('Host header', () => {
    test('local names with or without a port are accepted', async () => {
      for (const host of ['localhost', `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'browserflow.test', `BROWSERFLOW.TEST:${port}`]) {
        const res = await svc.request('GET', '/api/ping', undefined, { host });
        assert.equal(res.status, 200, host);
      }
    });

    test('a foreign or missing Host answers 403 FORBIDDEN_HOST on every path, known or not', async () => {
      const before = await snapshot();
      const cases: Array<[string, string, Record<string, string>?, object?]> = [
        ['GET', '/api/ping', { host: 'evil.example' }],
        ['GET', '/api/env', { host: `evil.example:${port}` }],
        ['GET', '/api/nowhere', { host: 'attacker.test' }],
        ['POST', '/api/env/EXISTING', { host: 'rebind.evil.example' }, { value: 'changed' }],
        ['DELETE', '/api/env/EXISTING', { host: '127.0.0.1.nip.io' }],
        ['GET', '/api/ping', { host: 'localhost.evil.example' }],
      ];
      for (const [method, path, headers, body] of cases) {
        const res = await svc.request(method, path, body, headers);
        assert.equal(res.status, 403, `${method} ${path} ${headers!.host}`);
        assert.equal(res.body.code, 'FORBIDDEN_HOST');
        assert.equal(res.headers['x-content-type-options'], 'nosniff');
      }
      const noHost = await rawRequest(svc.url, { path: '/api/ping', omitHost: true });
      assert.equal(noHost.status, 403);
      assert.equal(noHost.body.code, 'FORBIDDEN_HOST');
      assert.equal(await snapshot(), before);
    });
  });

  describe('Origin header', () => {
    test('the service\'s own origin is accepted', async () => {
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
        const res = await svc.request('GET', '/api/ping', undefined, { origin });
        assert.equal(res.status, 200, origin);
      }
    });

    test('any other Origin answers 403, even on a GET, and changes nothing', async () => {
      const before = await snapshot();
      for (const origin of ['http://evil.example', 'null', `https://127.0.0.1:${port}`, 'http://localhost:1', `http://evil.example:${port}`]) {
        const get = await svc.request('GET', '/api/env', undefined, { origin });
        assert.equal(get.status, 403, origin);
        assert.equal(get.body.code, 'FORBIDDEN_HOST');
        assert.doesNotMatch(get.text, /kept-value/);
      }
      const post = await svc.request('POST', '/api/env/EXISTING', { value: 'changed' }, { origin: 'http://evil.example' });
      assert.equal(post.status, 403);
      const del = await svc.request('DELETE', '/api/env/EXISTING', undefined, { origin: 'http://evil.example' });
      assert.equal(del.status, 403);
      assert.equal(await snapshot(), before);
    });

    test('no CORS: a preflight is refused and no answer carries access-control headers', async () => {
      const preflight = await svc.request('OPTIONS', '/api/env/EXISTING', undefined, {
        origin: 'http://evil.example', 'access-control-request-method': 'POST',
      });
      assert.equal(preflight.status, 403);
      const plain = await svc.request('OPTIONS', '/api/env/EXISTING');
      assert.equal(plain.status, 405);
      for (const res of [preflight, plain, await svc.request('GET', '/api/env')]) {
        assert.deepEqual(Object.keys(res.headers).filter((h) => h.startsWith('access-control-')), []);
      }
    });
  });

  describe('request bodies', () => {
    test('malformed JSON answers 400 without echoing the input', async () => {
      const before = await snapshot();
      for (const text of ['{"value": sk-verysecret-0123456789}', '{"value":', 'not json', '{"value":"a",}']) {
        const res = await svc.request('POST', '/api/env/EXISTING', text, { 'content-type': 'application/json' });
        assert.equal(res.status, 400, text);
        assert.equal(res.body.code, 'INVALID_REQUEST');
        assert.match(res.body.message, /^body: malformed JSON/);
        assert.doesNotMatch(res.text, /verysecret/);
      }
      assert.equal(await snapshot(), before);
    });

    test('a body that is not application/json answers 400 naming the content type', async () => {
      const res = await svc.request('POST', '/api/env/EXISTING', 'value=changed', { 'content-type': 'application/x-www-form-urlencoded' });
      assert.equal(res.status, 400);
      assert.match(res.body.message, /content-type must be application\/json/);
      const none = await svc.request('POST', '/api/env/EXISTING', '{"value":"changed"}');
      assert.equal(none.status, 400);
      const charset = await svc.request('POST', '/api/env/CHARSET_OK', '{"value":"v"}', { 'content-type': 'application/json; charset=utf-8' });
      assert.equal(charset.status, 200);
      assert.equal((await svc.request('DELETE', '/api/env/CHARSET_OK')).status, 204);
    });

    test('a missing or empty body answers 400 "body: is required"', async () => {
      const before = await snapshot();
      const missing = await svc.request('POST', '/api/env/NEW_KEY');
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, 'body: is required');
      const empty = await svc.request('POST', '/api/env/NEW_KEY', '', { 'content-type': 'application/json' });
      assert.equal(empty.status, 400);
      assert.equal(empty.body.message, 'body: is required');
      assert.equal(await snapshot(), before);
    });

    test('bodies over 1 MiB answer 413 PAYLOAD_TOO_LARGE, announced or streamed', async () => {
      const before = await snapshot();
      const big = JSON.stringify({ value: 'x'.repeat(MiB) });
      const announced = await svc.request('POST', '/api/env/BIG', big, { 'content-type': 'application/json' });
      assert.equal(announced.status, 413);
      assert.equal(announced.body.code, 'PAYLOAD_TOO_LARGE');
      const chunked = await svc.request('POST', '/api/env/BIG', big, { 'content-type': 'application/json', 'content-length': undefined });
      assert.equal(chunked.status, 413);
      assert.equal(chunked.body.code, 'PAYLOAD_TOO_LARGE');
      assert.equal(await snapshot(), before);
      // The server is still healthy afterwards.
      assert.equal((await svc.request('GET', '/api/ping')).status, 200);
    });
  });

  describe('path parameters', () => {
    test('traversal, separators, NUL, control characters and bad escapes answer 400 naming the parameter', async () => {
      const before = await snapshot();
      for (const path of ['/api/env/..', '/api/env/%2e%2e', '/api/env/a%2Fb', '/api/env/a%5Cb', '/api/env/%00', '/api/env/A%00B', '/api/env/A%0AB', '/api/env/%E0%A4%A', '/api/gpt-configs/..', '/api/agents/%00']) {
        for (const method of path.startsWith('/api/agents/') ? ['GET', 'POST'] : ['GET', 'POST', 'DELETE']) {
          const res = await svc.request(method, path, method === 'POST' ? { value: 'x', gptConfigName: null } : undefined);
          assert.equal(res.status, 400, `${method} ${path}: ${res.text}`);
          assert.equal(res.body.code, 'INVALID_REQUEST');
          assert.match(res.body.message, /^(key|name): /);
        }
      }
      assert.equal(await snapshot(), before);
    });
  });

  test('an unexpected error answers 500 INTERNAL_ERROR with no stack and no secret; the log gets it redacted', async () => {
    const secret = 'sk-logged-secret-0123456789';
    assert.equal((await svc.request('POST', '/api/env/API_TOKEN', { value: secret })).status, 200);
    const res = await svc.request('GET', `/api/example/fail?detail=${encodeURIComponent(secret)}`);
    assert.equal(res.status, 500);
    assert.equal(res.body.code, 'INTERNAL_ERROR');
    assert.doesNotMatch(res.text, /logged-secret|example failure|\.ts:\d+/);
    const line = svc.logs.find((l) => l.includes('example failure'));
    assert.ok(line, 'the error is logged');
    assert.match(line, /\*\*\*\*/);
    assert.ok(!svc.logs.some((l) => l.includes(secret)), 'the secret never reaches the log');
  });
});

describe('shutdown', () => {
  test('stop() is quick with an idle keep-alive connection and an open event stream', { timeout: 20_000 }, async () => {
    const svc = await startService({ plugins: [EXAMPLE_PLUGIN] });
    const agent = new Agent({ keepAlive: true });
    try {
      const url = new URL(svc.url);
      const get = (path: string) => new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
        httpRequest({ host: url.hostname, port: url.port, path, agent }, resolve).on('error', reject).end();
      });
      const ping = await get('/api/ping');
      ping.resume();
      await new Promise((r) => ping.once('end', r));
      const stream = await get('/api/example/ticks');
      assert.equal(stream.headers['content-type'], 'text/event-stream');
      assert.equal(stream.headers['x-content-type-options'], 'nosniff');
      const ended = new Promise<string>((resolve) => {
        let text = '';
        stream.on('data', (c: Buffer) => { text += c.toString(); });
        stream.once('end', () => resolve(text));
        stream.once('close', () => resolve(text));
      });
      const started = Date.now();
      await svc.stop();
      const elapsed = Date.now() - started;
      assert.ok(elapsed < 1500, `stop took ${elapsed} ms`);
      assert.match(await ended, /event: tick/);
    } finally {
      agent.destroy();
      await svc.stop();
    }
  });
});
