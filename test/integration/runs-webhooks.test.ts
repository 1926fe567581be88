/**
 * Webhooks against a real receiver on 127.0.0.1, checked with the official
 * `standardwebhooks` package: the secret answered once and masked after;
 * run.finished, flow.finished and heal.proposed delivered and verified; a
 * receiver answering 500 once gets the same delivery (same id) again; a
 * receiver that never answers is tried a bounded number of times; every
 * try is in the log of deliveries; the secret never shows in the logs.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startService, type RunningService } from '../helpers/service';
import { startQaSite, type QaSite } from '../fixtures/qa-site/serve';
import { qaFlows, record, runToEnd } from './support/runs';

interface Received { path: string; headers: IncomingHttpHeaders; body: string; at: number }

/** A webhook receiver: `/ok` answers 204, `/fail-once` 500 the first time it sees a webhook-id, `/hang` never answers. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const seen = new Set<string>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; });
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, at: Date.now() });
      if (path === '/hang') return;
      const id = String(req.headers['webhook-id']);
      if (path === '/fail-once' && !seen.has(id)) {
        seen.add(id);
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('try later');
        return;
      }
      res.writeHead(204);
      res.end();
    });
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((r) => { server.close(() => r()); for (const s of sockets) s.destroy(); }),
  };
}

async function until<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('webhooks', () => {
  let svc: RunningService;
  let site: QaSite;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const secrets: Record<string, string> = {};

  before(async () => {
    site = await startQaSite();
    receiver = await startReceiver();
    svc = await startService({
      settings: { flows: { video: false } },
      configOverrides: (c) => ({ ...c, plugins: c.plugins.map((p) => (p.use.endsWith('qa/webhooks') ? { ...p, config: { retryDelaysMs: [300, 300], timeoutMs: 1000 } } : p)) }),
    });
  });
  after(async () => {
    await svc?.stop();
    await receiver?.close();
    await site?.close();
  });

  test('the signing secret is answered once, masked afterwards, kept on replace and new on rotate', async () => {
    const created = await svc.request('POST', '/api/webhooks/ci', { url: `${receiver.url}/fail-once`, events: ['run.finished', 'heal.proposed', 'run.finished'] });
    assert.equal(created.status, 201, created.text);
    assert.match(created.body.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.deepEqual(created.body.events, ['run.finished', 'heal.proposed']);
    secrets.ci = created.body.secret;
    assert.equal((await svc.request('GET', '/api/webhooks/ci')).body.secret, 'whsec_****');
    assert.deepEqual((await svc.request('GET', '/api/webhooks')).body.map((h: any) => [h.name, h.secret]), [['ci', 'whsec_****']]);
    const replaced = await svc.request('POST', '/api/webhooks/ci', { url: `${receiver.url}/fail-once`, events: ['run.finished', 'heal.proposed'] });
    assert.equal(replaced.status, 200);
    assert.equal(replaced.body.secret, 'whsec_****');
    const flows = await svc.request('POST', '/api/webhooks/flows', { url: `${receiver.url}/ok`, events: ['flow.finished'] });
    secrets.flows = flows.body.secret;
    const rotated = await svc.request('POST', '/api/webhooks/flows', { url: `${receiver.url}/ok`, events: ['flow.finished'], rotateSecret: true });
    assert.notEqual(rotated.body.secret, secrets.flows);
    assert.match(rotated.body.secret, /^whsec_/);
    secrets.flows = rotated.body.secret;
    for (const [body, message] of [
      [{ url: 'ftp://x', events: ['run.finished'] }, /^url: scheme "ftp:" is not allowed/],
      [{ url: 'not a url', events: ['run.finished'] }, /^url: expected an absolute http or https URL/],
      [{ url: `${receiver.url}/ok`, events: [] }, /^events: needs at least one event/],
      [{ url: `${receiver.url}/ok`, events: ['run.started'] }, /^events\[0\]: expected one of run.finished, flow.finished, heal.proposed/],
    ] as const) {
      const res = await svc.request('POST', '/api/webhooks/bad', body);
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, message);
    }
    assert.equal((await svc.request('GET', '/api/webhooks/bad')).status, 404);
  });

  test('a run that heals: run.finished and heal.proposed delivered, a 500 retried with the same id, every signature verified', async () => {
    const flow = await record(svc, qaFlows(site.url).login);
    site.set('login', 'renamed');
    const run = await runToEnd(svc, { flowIds: [flow.id] });
    assert.equal(run.results[0].verdict, 'healed');
    const toCi = () => receiver.received.filter((r) => r.path === '/fail-once');
    await until('two deliveries to /fail-once, each retried once', () => toCi().length >= 4 && new Set(toCi().map((r) => r.headers['webhook-id'])).size === 2);
    const byId = new Map<string, Received[]>();
    for (const r of toCi()) byId.set(String(r.headers['webhook-id']), [...(byId.get(String(r.headers['webhook-id'])) ?? []), r]);
    const verifier = new Webhook(secrets.ci!);
    const types: string[] = [];
    for (const [id, tries] of byId) {
      assert.match(id, /^msg_[0-9a-f-]{36}$/);
      assert.equal(tries.length, 2, 'a 500 once, then delivered: two tries with the same id');
      assert.equal(tries[0]!.body, tries[1]!.body, 'the same body on the retry');
      assert.ok(tries[1]!.at - tries[0]!.at >= 250, 'the retry waited its backoff');
      for (const t of tries) {
        assert.match(String(t.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/);
        const payload = verifier.verify(t.body, t.headers as Record<string, string>) as any;
        assert.deepEqual(payload, JSON.parse(t.body));
      }
      assert.throws(() => new Webhook(secrets.flows!).verify(tries[0]!.body, tries[0]!.headers as Record<string, string>), /No matching signature/);
      const payload = JSON.parse(tries[0]!.body);
      types.push(payload.type);
      if (payload.type === 'run.finished') {
        assert.equal(payload.data.runId, run.id);
        assert.equal(payload.data.state, 'PASSED');
        assert.deepEqual(payload.data.results.map((r: any) => r.verdict), ['healed']);
        assert.equal(payload.data.junitUrl, `${svc.url}/api/runs/${run.id}/junit.xml`);
      } else {
        assert.equal(payload.data.flowId, flow.id);
        assert.match(payload.data.matched, /^fingerprint=/);
      }
    }
    assert.deepEqual(types.sort(), ['heal.proposed', 'run.finished']);
    // The receiver answers before the service records the answer: the log says "delivered" a moment after.
    const deliveries = async () => (await svc.request('GET', '/api/webhooks/ci/deliveries')).body as any[];
    await until('both deliveries logged as delivered', async () => (await deliveries()).filter((d) => d.state === 'delivered').length === 2);
    const log = await deliveries();
    assert.equal(log.length, 2);
    for (const d of log) {
      assert.equal(d.state, 'delivered');
      assert.equal(d.status, 204);
      assert.equal(d.attempt, 2);
      assert.equal(d.error, null);
      assert.deepEqual(d.attempts.map((a: any) => a.status), [500, 204]);
      assert.equal(d.attempts[0].error, 'HTTP 500: try later');
      assert.ok(d.attempts.every((a: any) => a.durationMs >= 0));
      assert.equal(d.payload, undefined, 'the log shows tries, not bodies');
    }
    site.set('login', 'original');
  });

  test('flow.finished is sent for every flow that ends, recorded or replayed', async () => {
    const flows = receiver.received.filter((r) => r.path === '/ok').map((r) => ({ r, payload: new Webhook(secrets.flows!).verify(r.body, r.headers as Record<string, string>) as any }));
    assert.ok(flows.length >= 2, 'the recording and the attempt');
    assert.ok(flows.every(({ payload }) => payload.type === 'flow.finished' && payload.data.state === 'SUCCESS'));
    assert.equal(JSON.stringify(flows.map((f) => f.payload)).includes('"parameters"'), false, 'no parameters in payloads');
  });

  test('a receiver that never answers is tried 3 times (bounded), then the delivery has failed', async () => {
    await svc.request('POST', '/api/webhooks/slow', { url: `${receiver.url}/hang`, events: ['flow.finished'] });
    const flow = await record(svc, qaFlows(site.url).buy);
    const failed = await until('the delivery to /hang failed', async () => {
      const log = (await svc.request('GET', '/api/webhooks/slow/deliveries')).body;
      return log.find((d: any) => d.state === 'failed');
    }, 30_000);
    assert.equal(failed.attempt, 3);
    assert.equal(failed.status, null);
    assert.match(failed.error, /^no answer within 1000 ms/);
    assert.equal(receiver.received.filter((r) => r.path === '/hang' && JSON.parse(r.body).data.flowId === flow.id).length, 3);
    assert.equal((await svc.request('DELETE', '/api/webhooks/slow')).status, 204);
    assert.equal((await svc.request('GET', '/api/webhooks/slow/deliveries')).status, 404);
  });

  test('no secret ever shows in the service log', () => {
    const all = svc.logs.join('\n');
    for (const secret of Object.values(secrets)) {
      assert.ok(!all.includes(secret), 'secret in the log');
      assert.ok(!all.includes(secret.slice(6)), 'secret body in the log');
    }
  });
});
