/**
 * User regexes cannot freeze the service (issue 10, item 5, assertUrl):
 * `/(a+)+b/` against a URL of 28 `a`s takes several seconds of backtracking
 * on an idle machine (17 s on a loaded one), so run on the service's thread it
 * would stall /api/ping for that long. It runs in the page, stopped at the
 * call's timeout, so /api/ping keeps answering. The bound (3 s between two
 * answers) is generous for a machine under load, and still well below what
 * the regex costs: timings belong in benchmarks, this only tells the two apart.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, runFlow, waitForFlow } from './support/flows';

let svc: RunningService;
let site: TestSite;

describe('a catastrophic URL regex', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  for (const type of ['device', 'webdriver']) {
    test(`assertUrl /(a+)+b/ on a long URL of a's fails the call, and /api/ping answers all along (${type})`, async (t) => {
      // Loading a driver the first time (WebdriverIO's import, its User-Agent probe) is not what is measured.
      await runFlow(svc, deterministic(site.url, '/index.html', [], { browser: { using: { type } } }), 60_000);
      const created = await svc.request('POST', '/api/flows', deterministic(site.url, `/index.html?q=${'a'.repeat(28)}`, [
        { name: 'assertUrl', parameters: { pattern: '/(a+)+b/', timeoutMs: 1500 } },
      ], { browser: { using: { type } } }));
      assert.equal(created.status, 201, created.text);
      // The service runs in this process: a stalled event loop shows as a long gap between two answers.
      let slowest = 0;
      let pings = 0;
      let flow: any;
      let lastAnswer = Date.now();
      for (;;) {
        const ping = await svc.request('GET', '/api/ping');
        assert.equal(ping.status, 200);
        slowest = Math.max(slowest, Date.now() - lastAnswer);
        lastAnswer = Date.now();
        pings++;
        flow = await waitForFlow(svc, created.body.id, () => true);
        if (isFinished(flow)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      t.diagnostic(`${pings} pings, longest gap between two answers ${slowest} ms`);
      assert.equal(flow.state, 'FAILED');
      assert.equal(flow.result.error.code, 'TOOL_CALL_FAILED');
      assert.match(flow.result.error.message, /did not finish matching within \d+ ms/);
      assert.ok(slowest < 3_000, `/api/ping did not answer for ${slowest} ms`);
    });
  }
});
