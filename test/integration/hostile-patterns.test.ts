/**
 * A custom tool's `inputSchema.pattern` is a user's regex: checking a value
 * against `^(a+)+$` must not stop the service. /api/ping keeps answering
 * while such a pattern is checked (at flow creation, and for an INSTRUCT
 * call), and the check fails the field with a clear 400 instead of hanging.
 * The 50 ms figure is measured by bench/hostile-pattern.bench.ts; the bound
 * here is generous (the unbounded check took seconds).
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow } from './support/flows';

let svc: RunningService;
let site: TestSite;

const HOSTILE = '^(a+)+$';
const customTool = (pattern: string) => ({
  name: 'lengthOf', description: 'length of s', javascript: 'return params.s.length',
  inputSchema: { type: 'object', properties: { s: { type: 'string', pattern } }, required: ['s'] },
});

/** Pings every 5 ms while `work` runs; returns the work's result and the slowest ping. */
async function pingDuring<T>(work: () => Promise<T>): Promise<{ result: T; slowestPingMs: number; pings: number }> {
  let slowest = 0;
  let pings = 0;
  let stop = false;
  const pinger = (async () => {
    while (!stop) {
      const t0 = performance.now();
      const res = await svc.request('GET', '/api/ping');
      assert.equal(res.status, 200);
      slowest = Math.max(slowest, performance.now() - t0);
      pings++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  await new Promise((r) => setTimeout(r, 20));
  const result = await work();
  await new Promise((r) => setTimeout(r, 20));
  stop = true;
  await pinger;
  return { result, slowestPingMs: slowest, pings };
}

describe('hostile custom-tool patterns', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  for (const length of [27, 40]) {
    test(`^(a+)+$ against ${length} a's at flow creation: 400 naming the field, and /api/ping keeps answering`, async () => {
      const body = {
        name: 'hostile', targetWebsite: `${site.url}/index.html`, initialRunMode: 'DETERMINISTIC',
        customTools: [customTool(HOSTILE)],
        toolCallsOnStart: [{ name: 'lengthOf', parameters: { s: `${'a'.repeat(length)}!` } }],
      };
      const t0 = performance.now();
      const { result, slowestPingMs, pings } = await pingDuring(() => svc.request('POST', '/api/flows', body));
      const took = performance.now() - t0;
      assert.equal(result.status, 400, result.text);
      assert.equal(result.body.code, 'INVALID_REQUEST');
      assert.match(result.body.message, /^toolCallsOnStart\[0\]\.parameters\.s: pattern \^\(a\+\)\+\$ took longer than \d+ ms to check/);
      assert.ok(pings >= 2, `${pings} pings`);
      assert.ok(slowestPingMs < 1000, `slowest ping ${slowestPingMs.toFixed(1)} ms`);
      assert.ok(took < 5000, `the refusal took ${took.toFixed(0)} ms`);
    });
  }

  test('an INSTRUCT call with a hostile value is refused the same way; a benign pattern still checks values', async () => {
    const created = await svc.request('POST', '/api/flows', {
      name: 'instruct', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT',
      customTools: [customTool('^(a|aa)+$'), { ...customTool('^[a-z]+$'), name: 'benign' }],
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
    const { result, slowestPingMs } = await pingDuring(() => svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'lengthOf', parameters: { s: `${'a'.repeat(60)}!` } }));
    assert.equal(result.status, 400, result.text);
    assert.match(result.body.message, /s: pattern \^\(a\|aa\)\+\$ took longer than/);
    assert.ok(slowestPingMs < 1000, `slowest ping ${slowestPingMs.toFixed(1)} ms`);
    const bad = await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'benign', parameters: { s: 'ABC' } });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.body.message, /s: must match \^\[a-z\]\+\$/);
    const ok = await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'benign', parameters: { s: 'abc' } });
    assert.equal(ok.status, 202, ok.text);
    assert.equal((await svc.request('POST', `/api/flows/${id}/cancel`)).status, 200);
  });
});
