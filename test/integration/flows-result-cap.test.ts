/**
 * Unbounded results (issue 10, item 6): a custom tool returning 30 MB three
 * times must not reach the service's heap, and `GET tool-calls` stays small.
 * The result is cut in the page, so the heap is sampled while the flow runs
 * (a generous bound: the service, its storage and the test share one process).
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow } from './support/flows';

let svc: RunningService;
let site: TestSite;

const hugeTool = {
  name: 'hugeResult', description: 'Returns 30 MB', inputSchema: { type: 'object' },
  javascript: 'return { blob: "x".repeat(30 * 1024 * 1024), note: "end" };',
};

describe('tool results are capped where they are produced', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('a custom tool returning 30 MB three times: the heap barely moves and tool calls stay small', async (t) => {
    // Warm up (the first flow loads the browser and code), then measure a second one.
    await runFlow(svc, deterministic(site.url, '/index.html', [{ name: 'hugeResult' }], { customTools: [hugeTool] }), 60_000);
    const baseline = process.memoryUsage().heapUsed;
    let peak = baseline;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().heapUsed); }, 5);
    let flow;
    try {
      flow = await runFlow(svc, deterministic(site.url, '/index.html', [
        { name: 'hugeResult' }, { name: 'hugeResult' }, { name: 'hugeResult' },
      ], { customTools: [hugeTool] }), 60_000);
    } finally {
      clearInterval(sampler);
    }
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    const grownMb = (peak - baseline) / 1024 / 1024;
    t.diagnostic(`heap growth while the flow ran: ${grownMb.toFixed(1)} MB`);
    assert.ok(grownMb < 25, `the heap grew by ${grownMb.toFixed(1)} MB while the flow ran`);
    const calls = await svc.request('GET', `/api/flows/${flow.id}/tool-calls`);
    t.diagnostic(`GET tool-calls: ${calls.raw.length} bytes`);
    assert.ok(calls.raw.length < 400_000, `GET tool-calls is ${calls.raw.length} bytes`);
    for (const call of calls.body) {
      assert.equal(call.outcome.success, true);
      assert.equal(call.outcome.data.truncated, true);
      assert.equal(call.outcome.data.limitBytes, 100_000);
      assert.equal(call.outcome.data.bytes, 30 * 1024 * 1024 + '{"blob":"","note":"end"}'.length);
      assert.match(call.outcome.message, /^Custom tool hugeResult returned \{"truncated":true/);
    }
  });
});
