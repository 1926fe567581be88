/**
 * What a flow records to debug it with, over HTTP against the real service
 * and real Chromium, on both drivers (Playwright's `device` and
 * `webdriver` on the local chromedriver):
 * - each tool call's console messages and failed requests (`console`,
 *   `network`), secrets redacted; the element's box before the action;
 * - a failure inside a frame says so and how to reach the element;
 * - the rerun of a FAILED flow ends with the call that failed it (and fails
 *   the same way), `onlySuccessful=true` gives the calls that passed; its
 *   generated test says it was recorded from a failed flow;
 * - point and act on a live flow: the element at a point, a selector test.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow, waitForFlow } from './support/flows';
import { assertServedRecords } from '../helpers/record-shape';

const SECRET = 'hush-7f3a9c2e';
const DRIVERS = [
  ['Playwright', { using: { type: 'device', headless: true } }],
  ['WebDriver', { using: { type: 'webdriver' } }],
] as const;

let svc: RunningService;
let site: TestSite;

before(async () => {
  site = await startTestSite();
  svc = await startService({ settings: { flows: { video: false, actionTimeoutMs: 4_000, navigationTimeoutMs: 10_000 } } });
  assert.equal((await svc.request('POST', '/api/env/SECRET', { value: SECRET })).status, 200);
});
after(async () => {
  await svc?.stop();
  await site?.close();
});

async function calls(id: string): Promise<any[]> {
  const res = await svc.request('GET', `/api/flows/${id}/tool-calls`);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

for (const [driver, browser] of DRIVERS) {
  describe(`${driver}: what happened around each step`, () => {
    test('console errors and warnings, page errors and failed requests are recorded on the tool calls, redacted and bounded', async () => {
      const flow = await runFlow(svc, deterministic(site.url, '/noisy.html', [
        { name: 'type', parameters: { selector: '#field', text: '${SECRET}' } },
        { name: 'click', parameters: { selector: '#noise' } },
        { name: 'assertText', parameters: { text: 'Noise made' } },
      ], { name: `noisy ${driver}`, envVars: ['SECRET'], browser }), 60_000);
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
      const list = await calls(flow.id);
      for (const c of list) {
        assert.ok(Array.isArray(c.console) && Array.isArray(c.network), `every finished call has both lists: ${JSON.stringify(c)}`);
      }
      const consoleEntries = list.flatMap((c) => c.console);
      const network = list.flatMap((c) => c.network);
      const texts = consoleEntries.map((e: any) => `${e.level}: ${e.text}`);
      assert.ok(texts.includes('error: Save failed for ${SECRET}'), `the typed secret is back to its placeholder: ${JSON.stringify(texts)}`);
      assert.ok(texts.includes('warning: Deprecated call'), JSON.stringify(texts));
      assert.ok(texts.some((t) => /^pageerror: Uncaught Error: Boom in handler/.test(t)), JSON.stringify(texts));
      assert.ok(!texts.some((t) => /only information|Failed to load resource/.test(t)), 'info messages and Chromium\'s own resource notes are left out');
      for (const e of consoleEntries) assert.ok(typeof e.at === 'number' && e.at >= flow.startedAt && e.at <= flow.completedAt + 1000, JSON.stringify(e));
      const s500 = network.find((n: any) => n.status === 500);
      assert.ok(s500, JSON.stringify(network));
      assert.equal(s500.method, 'GET');
      assert.match(s500.url, /\/status\?code=500&token=tok\*{4}|\/status\?code=500&token=\*{4}/, 'a credential in a URL is masked');
      assert.ok(!s500.url.includes('tok-1234567890abcdef'));
      assert.equal(s500.error, null);
      assert.ok(typeof s500.durationMs === 'number' && s500.durationMs >= 0 && s500.durationMs < 10_000, JSON.stringify(s500));
      assert.ok(network.some((n: any) => n.status === 404 && /\/status\?code=404$/.test(n.url)), JSON.stringify(network));
      const failed = network.find((n: any) => /127\.0\.0\.1:1\/unreachable/.test(n.url));
      assert.ok(failed && failed.status === null && /net::ERR_/.test(failed.error), JSON.stringify(network));
      assert.ok(!JSON.stringify(list).includes(SECRET), 'no secret value in any record');
      // The element's box before the action, in the viewport.
      const click = list[1];
      assert.ok(click.outcome.box && click.outcome.box.width > 0 && click.outcome.box.height > 0, JSON.stringify(click.outcome));
      assert.ok(click.outcome.box.viewportWidth >= click.outcome.box.x + click.outcome.box.width, JSON.stringify(click.outcome.box));
      await assertServedRecords(svc, flow.id);
    });

    test('a target inside an iframe: the failure says so and how to reach it; the rerun ends with the failed call and fails the same way', async () => {
      const flow = await runFlow(svc, deterministic(site.url, '/iframe.html', [
        { name: 'assertText', parameters: { text: 'Outside the frame' } },
        { name: 'click', parameters: { selector: '#inner' } },
      ], { name: `frame ${driver}`, browser }), 60_000);
      assert.equal(flow.state, 'FAILED');
      assert.equal(flow.result.error.code, 'TOOL_CALL_FAILED');
      const [, failedCall] = await calls(flow.id);
      assert.match(failedCall.outcome.message, /#inner matches an element inside the frame iframe(#frame|\[name="inner"\]|\[title="Inner form"\])/, failedCall.outcome.message);
      assert.match(failedCall.outcome.message, / >> internal:control=enter-frame >> #inner/);
      if (driver === 'WebDriver') assert.match(failedCall.outcome.message, /acts on the top document only/);

      const rerun = await svc.request('GET', `/api/flows/${flow.id}/rerun`);
      assert.equal(rerun.status, 200, rerun.text);
      assert.deepEqual(rerun.body.toolCallsOnStart.map((c: any) => c.name), ['assertText', 'click'], 'the call that failed comes last');
      assert.deepEqual(rerun.body.toolCallsOnStart[1].parameters, { selector: '#inner' });
      const passed = await svc.request('GET', `/api/flows/${flow.id}/rerun?onlySuccessful=true`);
      assert.deepEqual(passed.body.toolCallsOnStart.map((c: any) => c.name), ['assertText']);

      const again = await runFlow(svc, rerun.body, 60_000);
      assert.equal(again.state, 'FAILED', 'the rerun fails where the flow failed');
      assert.equal(again.result.error.code, 'TOOL_CALL_FAILED');
      assert.equal((await calls(again.id)).length, 2);
      const ok = await runFlow(svc, passed.body, 60_000);
      assert.equal(ok.state, 'SUCCESS', JSON.stringify(ok.result));

      const code = await svc.request('GET', `/api/flows/${flow.id}/code`);
      assert.equal(code.status, 200, code.text);
      assert.match(code.text, /\/\/ Recorded from a FAILED flow: TOOL_CALL_FAILED; step 2 \(click\), which failed, is left out\./);
      assert.match(code.text, /test\.info\(\)\.annotations\.push\(\{ type: 'recorded-from-failed-flow'/);
      assert.doesNotMatch((await svc.request('GET', `/api/flows/${ok.id}/code`)).text, /recorded-from-failed-flow/);
    });

    test('point and act on a live flow: the element at a point, and a selector tested against the page', async () => {
      const created = await svc.request('POST', '/api/flows', { name: `point ${driver}`, targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT', browser });
      assert.equal(created.status, 201, created.text);
      const id = created.body.id;
      try {
        await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
        const tested = await svc.request('POST', `/api/flows/${id}/selector-test`, { selector: '#username' });
        assert.equal(tested.status, 200, tested.text);
        assert.equal(tested.body.selector, '#username');
        assert.equal(tested.body.count, 1);
        const [input] = tested.body.elements;
        assert.equal(input.description, 'textbox "Username"');
        assert.equal(input.tag, 'input');
        assert.equal(input.visible, true);
        assert.ok(input.box.width > 0, JSON.stringify(input));
        const several = await svc.request('POST', `/api/flows/${id}/selector-test`, { selector: 'input' });
        assert.equal(several.body.count, 2);
        assert.deepEqual(several.body.elements.map((e: any) => e.description), ['textbox "Username"', 'textbox "Password"']);
        assert.equal((await svc.request('POST', `/api/flows/${id}/selector-test`, { selector: '#nothing-here' })).body.count, 0);
        const bad = await svc.request('POST', `/api/flows/${id}/selector-test`, { selector: driver === 'WebDriver' ? 'role=button[name="Sign in"]' : 'role=button[' });
        assert.equal(bad.status, 400, bad.text);
        assert.equal(bad.body.code, 'INVALID_REQUEST');
        assert.match(bad.body.message, /^selector: /);
        assert.equal((await svc.request('POST', `/api/flows/${id}/selector-test`, {})).status, 400);

        const x = Math.round(input.box.x + input.box.width / 2);
        const y = Math.round(input.box.y + input.box.height / 2);
        const at = await svc.request('GET', `/api/flows/${id}/element-at?x=${x}&y=${y}`);
        assert.equal(at.status, 200, at.text);
        assert.equal(at.body.element.description, 'textbox "Username"');
        assert.equal(at.body.element.inFrame, false);
        assert.ok(at.body.element.selectors.includes('#username'), JSON.stringify(at.body.element.selectors));
        assert.ok(!at.body.element.selectors.some((s: string) => s.startsWith('fingerprint=') || s.startsWith('ref=')));
        // The selectors work as the next call's target.
        const sent = await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'type', parameters: { selector: at.body.element.selectors, text: 'alice' } });
        assert.equal(sent.status, 202, sent.text);
        await waitForFlow(svc, id, (f) => f.progress.toolCallsCompleted === 1, 30_000);
        assert.equal((await svc.request('GET', `/api/flows/${id}/element-at?x=5000&y=5000`)).body.element, null, 'nothing outside the viewport');
        assert.equal((await svc.request('GET', `/api/flows/${id}/element-at?x=-1&y=3`)).status, 400);
        assert.equal((await svc.request('GET', `/api/flows/${id}/element-at?x=1`)).status, 400);

        // An element inside a frame: described; selectors through the frame where the driver can act there.
        await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'navigate', parameters: { url: '/iframe.html' } });
        await waitForFlow(svc, id, (f) => f.progress.toolCallsCompleted === 2, 30_000);
        const inner = (await svc.request('POST', `/api/flows/${id}/selector-test`, { selector: 'iframe' })).body.elements[0].box;
        const inFrame = await svc.request('GET', `/api/flows/${id}/element-at?x=${inner.x + 20}&y=${inner.y + 10}`);
        assert.equal(inFrame.status, 200, inFrame.text);
        assert.equal(inFrame.body.element.inFrame, true, JSON.stringify(inFrame.body));
        if (driver === 'Playwright') assert.ok(inFrame.body.element.selectors.some((s: string) => s.includes(' >> internal:control=enter-frame >> ')), JSON.stringify(inFrame.body.element));
        else assert.deepEqual(inFrame.body.element.selectors, [], 'this driver cannot act inside a frame');
      } finally {
        await svc.request('POST', `/api/flows/${id}/cancel`);
      }
      const ended = await svc.request('GET', `/api/flows/${id}/element-at?x=1&y=1`);
      assert.equal(ended.status, 409);
      assert.equal((await svc.request('POST', `/api/flows/${id}/selector-test`, { selector: '#a' })).status, 409);
    });
  });
}
