/**
 * "Selectors tried and the one used" of each step (docs/ui-api-needs.md
 * item 8), through the real service on both browser drivers with a real
 * page: a step that failed over lists its stale candidate with why, then the
 * one used; a failing step lists every candidate with its reason; a
 * candidate holding an env value keeps its `${NAME}` placeholder.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow } from './support/flows';
import { assertServedRecords } from '../helpers/record-shape';

const SECRET = 's3cret-pass';
/** Never on the page: a candidate naming it matches nothing. */
const TOKEN = 'tok-9f8e7d6c';

for (const [driver, browser] of [['playwright', undefined], ['webdriver', { using: { type: 'webdriver' } }]] as const) {
  describe(`selectorsTried on the ${driver} driver`, () => {
    let svc: RunningService;
    let site: TestSite;

    before(async () => {
      site = await startTestSite();
      svc = await startService({ settings: { flows: { video: false, actionTimeoutMs: 4000 } } });
      assert.equal((await svc.request('POST', '/api/env/PASSWORD', { value: SECRET })).status, 200);
      assert.equal((await svc.request('POST', '/api/env/TOKEN', { value: TOKEN })).status, 200);
    });
    after(async () => {
      await svc?.stop();
      await site?.close();
    });

    const run = (calls: Array<{ name: string; parameters: Record<string, unknown> }>) => runFlow(svc, deterministic(site.url, '/login.html', calls, {
      name: `selectors on ${driver}`, envVars: ['PASSWORD', 'TOKEN'], ...(browser ? { browser } : {}),
    }), 45_000);

    test('a failover step lists the stale candidate with its error, then the one used', async () => {
      const flow = await run([
        { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } },
        { name: 'click', parameters: { selector: ['#does-not-exist', 'button[type=submit]'] } },
      ]);
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
      const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
      assert.equal(calls[0].outcome.selectorUsed, '#password');
      assert.deepEqual(calls[0].outcome.selectorsTried, [{ selector: '#password', error: null }]);
      assert.equal(calls[1].outcome.selectorUsed, 'button[type=submit]');
      assert.deepEqual(calls[1].outcome.selectorsTried, [
        { selector: '#does-not-exist', error: 'matched 0 elements' },
        { selector: 'button[type=submit]', error: null },
      ]);
      await assertServedRecords(svc, flow.id);
    });

    test('a failing step lists every candidate with its reason, env values as placeholders', async () => {
      const flow = await run([
        { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } },
        { name: 'click', parameters: { selector: ['#nope', 'div[[[', 'text=${TOKEN}'] } },
      ]);
      assert.equal(flow.state, 'FAILED', JSON.stringify(flow.result));
      const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
      const failed = calls[1].outcome;
      assert.equal(failed.success, false);
      assert.equal(failed.selectorUsed, null);
      assert.deepEqual(failed.selectorsTried, [
        { selector: '#nope', error: 'matched 0 elements' },
        { selector: 'div[[[', error: 'syntax not supported by this driver' },
        { selector: 'text=${TOKEN}', error: 'matched 0 elements' },
      ]);
      assert.ok(!JSON.stringify(calls).includes(SECRET) && !JSON.stringify(calls).includes(TOKEN), 'no env value in the records');
      // The event stream replays the same record.
      const events = await svc.request('GET', `/api/flows/${flow.id}/events`);
      assert.ok(!events.text.includes(SECRET) && !events.text.includes(TOKEN));
      assert.ok(events.text.includes('selectorsTried'));
    });

    test('a failed assertElement says what it saw instead and lists the candidates it tried', async () => {
      const shown = await run([{ name: 'assertElement', parameters: { selector: ['#nope', 'button[type=submit]'], state: 'hidden', timeoutMs: 300 } }]);
      assert.equal(shown.state, 'FAILED', JSON.stringify(shown.result));
      const [visible] = (await svc.request('GET', `/api/flows/${shown.id}/tool-calls`)).body;
      assert.equal(visible.outcome.message, '#nope (+1 fallbacks) is not hidden within 300 ms (it is visible)');
      assert.equal(visible.outcome.selectorUsed, 'button[type=submit]');
      assert.deepEqual(visible.outcome.selectorsTried, [
        { selector: '#nope', error: 'matched 0 elements' },
        { selector: 'button[type=submit]', error: null },
      ]);

      const absent = await run([{ name: 'assertElement', parameters: { selector: ['#nope', 'text=${TOKEN}'], timeoutMs: 300 } }]);
      assert.equal(absent.state, 'FAILED', JSON.stringify(absent.result));
      const [missing] = (await svc.request('GET', `/api/flows/${absent.id}/tool-calls`)).body;
      assert.match(missing.outcome.message, /is not visible within 300 ms \(no element matches /);
      assert.ok(!missing.outcome.message.includes(TOKEN), missing.outcome.message);
      assert.equal(missing.outcome.selectorUsed, null);
      assert.deepEqual(missing.outcome.selectorsTried, [
        { selector: '#nope', error: 'matched 0 elements' },
        { selector: 'text=${TOKEN}', error: 'matched 0 elements' },
      ]);
    });
  });
}
