/**
 * Pages that never finish loading (issue 10, item 11): a page whose image
 * and tracker script never answer (test site `hanging.html`) never fires
 * `load`, but its document is ready at once. A DETERMINISTIC flow on it
 * runs its steps instead of failing, on both drivers, and the records say
 * the page was still loading. The time bound is on the steps themselves
 * (the tool calls' own durations), well under the 10 s navigation timeout
 * each would have waited before.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow } from './support/flows';

let svc: RunningService;
let site: TestSite;

describe('a page whose subresources never answer', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false, navigationTimeoutMs: 10_000, actionTimeoutMs: 10_000 } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  for (const type of ['device', 'webdriver']) {
    test(`runs a DETERMINISTIC flow's steps, and the record says it was still loading (${type})`, async (t) => {
      const flow = await runFlow(svc, deterministic(site.url, '/hanging.html', [
        { name: 'click', parameters: { selector: '#greet' } },
        { name: 'assertText', parameters: { text: 'Hello from a hanging page' } },
        { name: 'navigate', parameters: { url: `${site.url}/hanging.html?again` } },
        { name: 'reload' },
        { name: 'click', parameters: { selector: '#next' } },
        { name: 'goBack' },
        { name: 'assertUrl', parameters: { pattern: 'hanging.html?again' } },
      ], { browser: { using: { type } } }), 120_000);
      assert.equal(flow.state, 'SUCCESS', `${type}: ${JSON.stringify(flow.result)}`);
      const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body as Array<{ name: string; startedAt: number; completedAt: number; outcome: { message: string; data: unknown } }>;
      const stepsMs = calls.reduce((sum, c) => sum + (c.completedAt - c.startedAt), 0);
      t.diagnostic(`${calls.length} steps in ${stepsMs} ms`);
      assert.ok(stepsMs < 30_000, `the steps took ${stepsMs} ms`);
      const navigate = calls.find((c) => c.name === 'navigate')!;
      assert.match(navigate.outcome.message, /^Loaded .*hanging\.html\?again; the page was still loading \(2 requests pending\)$/);
      assert.deepEqual(navigate.outcome.data, { stillLoading: true, pendingRequests: 2 });
      assert.match(calls.find((c) => c.name === 'reload')!.outcome.message, /still loading/);
      assert.match(calls.find((c) => c.name === 'goBack')!.outcome.message, /^Went back to .*hanging\.html\?again/);
    });
  }
});
