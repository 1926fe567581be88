/**
 * The QA loop against the real service, real Chromium and a site whose
 * pages change between runs (test/fixtures/qa-site): tags, a suite run by
 * tag with repeat 2 that passes; a page change that fails one flow (JUnit
 * names it) and heals another; the heal accepted so the next run passes
 * without healing; an alternating page that is flaky; baseUrl; cancel;
 * the HTML report; run changes on GET /api/events; bad input.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startQaSite, type QaSite } from '../fixtures/qa-site/serve';
import { collectEvents, openStream, type OpenStream } from './support/sse';
import { qaFlows, record, runToEnd, waitForRun } from './support/runs';
import { deterministic, runFlow } from './support/flows';
import { assertRecordShape } from '../helpers/record-shape';
import { HealPageSchema, RunPageSchema, RunRecordSchema, SuiteSchema } from '../../lib/qa/run-record-schema';

let svc: RunningService;
let site: QaSite;
let stream: OpenStream;
let changes: ReturnType<typeof collectEvents>;
const flows: Record<'login' | 'buy' | 'flaky', any> = {} as never;

describe('runs', () => {
  before(async () => {
    site = await startQaSite();
    svc = await startService({ settings: { flows: { video: false } } });
    stream = await openStream(`${svc.url}/api/events`);
    changes = collectEvents(stream);
    const bodies = qaFlows(site.url);
    // Recorded one after the other: `tags` runs list them oldest first.
    flows.login = await record(svc, bodies.login);
    flows.buy = await record(svc, bodies.buy);
    flows.flaky = await record(svc, bodies.flaky);
  });
  after(async () => {
    stream?.close();
    await svc?.stop();
    await site?.close();
  });

  test('tags: shown in flow answers, listed by ?tag=, replaced with PUT on a finished flow', async () => {
    assert.deepEqual(flows.buy.tags, ['smoke', 'shop']);
    const smoke = await svc.request('GET', '/api/flows?tag=smoke');
    assert.deepEqual(smoke.body.flows.map((f: any) => f.name).sort(), ['buy', 'sign in']);
    const put = await svc.request('PUT', `/api/flows/${flows.buy.id}/tags`, { tags: ['smoke', 'shop', 'checkout', 'shop'] });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body, { id: flows.buy.id, tags: ['smoke', 'shop', 'checkout'] });
    assert.deepEqual((await svc.request('GET', '/api/flows?tag=checkout')).body.flows.map((f: any) => f.id), [flows.buy.id]);
    assert.deepEqual((await svc.request('GET', '/api/flows?tag=shop&name=buy')).body.flows.map((f: any) => f.id), [flows.buy.id]);
    const bad = await svc.request('PUT', `/api/flows/${flows.buy.id}/tags`, { tags: ['x'.repeat(51)] });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^tags\[0\]: must be at most 50 characters/);
    const tooMany = await svc.request('POST', '/api/flows', { ...qaFlows(site.url).buy, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    assert.equal(tooMany.status, 400);
    assert.match(tooMany.body.message, /^tags: at most 20 tags/);
    assert.equal((await svc.request('PUT', '/api/flows/00000000-0000-4000-8000-000000000000/tags', { tags: [] })).status, 404);
  });

  let suiteRun: any;
  test('a suite by tag with repeat 2 passes: every attempt an ordinary DETERMINISTIC flow', async () => {
    const saved = await svc.request('POST', '/api/suites/smoke', { tags: ['smoke'], repeat: 2, concurrency: 2 });
    assert.equal(saved.status, 201, saved.text);
    assert.equal(saved.body.nextRunAt, null);
    assertRecordShape(SuiteSchema, saved.body, 'POST /api/suites/smoke');
    assert.equal((await svc.request('POST', '/api/suites/smoke', { tags: ['smoke'], repeat: 2, concurrency: 2 })).status, 200, 'replaced');
    suiteRun = await runToEnd(svc, { suite: 'smoke' });
    assert.equal(suiteRun.state, 'PASSED', JSON.stringify(suiteRun.results));
    assert.equal(suiteRun.trigger, 'api');
    assert.equal(suiteRun.suite, 'smoke');
    assert.deepEqual(suiteRun.results.map((r: any) => [r.name, r.verdict]), [['sign in', 'passed'], ['buy', 'passed']], JSON.stringify(suiteRun.results));
    assert.deepEqual(suiteRun.counts, { flows: 2, passed: 2, healed: 0, flaky: 0, failed: 0 });
    assert.ok(suiteRun.completedAt >= suiteRun.createdAt);
    for (const result of suiteRun.results) {
      assert.equal(result.attempts.length, 2);
      for (const attempt of result.attempts) {
        assert.equal(attempt.state, 'SUCCESS');
        assert.equal(attempt.healed, false);
        assert.ok(attempt.durationMs > 0);
        const flow = (await svc.request('GET', `/api/flows/${attempt.flowId}`)).body;
        assert.equal(flow.state, 'SUCCESS');
        assert.equal(flow.initialRunMode, 'DETERMINISTIC');
        assert.equal(flow.tags?.length ?? 0, 0, 'an attempt carries no tags: a later run by tag does not select it');
        assert.equal((await svc.request('GET', `/api/flows/${attempt.flowId}/code`)).status, 200, 'exports work on attempts');
      }
    }
    // The suite shows its latest run.
    const suite = (await svc.request('GET', '/api/suites/smoke')).body;
    assert.deepEqual(suite.lastRun, { id: suiteRun.id, state: 'PASSED', createdAt: suiteRun.createdAt });
    assertRecordShape(SuiteSchema, suite, 'GET /api/suites/smoke');
    assertRecordShape(RunRecordSchema, (await svc.request('GET', `/api/runs/${suiteRun.id}`)).body, 'GET /api/runs/{id}');
    assertRecordShape(RunPageSchema, (await svc.request('GET', '/api/runs')).body, 'GET /api/runs');
    const junit = await svc.request('GET', `/api/runs/${suiteRun.id}/junit.xml`);
    assert.equal(junit.status, 200);
    assert.match(String(junit.headers['content-type']), /^application\/xml/);
    assert.match(junit.text, /<testsuite name="browserflow suite smoke"[^>]* tests="2" failures="0"/);
    assert.doesNotMatch(junit.text, /<failure/);
  });

  test('run changes arrive on GET /api/events: created, progress, finished', async () => {
    const mine = changes.events.filter((e) => e.event === 'run' && e.data.runId === suiteRun.id);
    assert.equal(mine[0]?.data.phase, 'created');
    assert.deepEqual(mine.at(-1)?.data, { ...mine.at(-1)!.data, phase: 'finished', state: 'PASSED' });
    assert.ok(mine.filter((e) => e.data.phase === 'progress').length >= 4);
    const attemptIds = suiteRun.results.flatMap((r: any) => r.attempts.map((a: any) => a.flowId));
    const created = new Set(changes.events.filter((e) => e.event === 'created').map((e) => e.data.flowId));
    for (const id of attemptIds) assert.ok(created.has(id), `created ${id}`);
  });

  let failedRun: any;
  test('after a page change the run is FAILED: one flow failed (JUnit names it), one healed', async () => {
    site.set('login', 'renamed');
    site.set('buy', 'removed');
    failedRun = await runToEnd(svc, { suite: 'smoke' });
    assert.equal(failedRun.state, 'FAILED');
    const byName = Object.fromEntries(failedRun.results.map((r: any) => [r.name, r]));
    assert.equal(byName['sign in'].verdict, 'healed');
    assert.equal(byName.buy.verdict, 'failed');
    assert.deepEqual(failedRun.counts, { flows: 2, passed: 0, healed: 1, flaky: 0, failed: 1 });
    for (const a of byName.buy.attempts) {
      assert.equal(a.state, 'FAILED');
      assert.equal(a.failure.code, 'TOOL_CALL_FAILED');
    }
    const junit = (await svc.request('GET', `/api/runs/${failedRun.id}/junit.xml`)).text;
    assert.match(junit, /tests="2" failures="1" errors="0" skipped="0"/);
    assert.match(junit, /<testcase name="buy" classname="browserflow.smoke"[^>]*>[\s\S]*?<failure message="TOOL_CALL_FAILED: [^"]*" type="TOOL_CALL_FAILED">/);
    assert.match(junit, /<testcase name="sign in"[^>]*>\s*<properties>.*<property name="verdict" value="healed"\/>.*<property name="healed" value="true"\/>/);
    const signIn = junit.slice(junit.indexOf('<testcase name="sign in"'), junit.indexOf('</testcase>', junit.indexOf('<testcase name="sign in"')));
    assert.doesNotMatch(signIn, /<failure/);
  });

  let heal: any;
  test('the healed step is one open proposal naming the step, both locators, elements and screenshots', async () => {
    const res = await svc.request('GET', `/api/runs/${failedRun.id}/heals`);
    assert.equal(res.status, 200);
    assert.equal(res.body.heals.length, 1, JSON.stringify(res.body));
    assertRecordShape(HealPageSchema, res.body, 'GET /api/runs/{id}/heals');
    heal = res.body.heals[0];
    assert.equal(heal.state, 'open');
    assert.equal(heal.flowId, flows.login.id);
    assert.equal(heal.step, 1);
    assert.equal(heal.tool, 'click');
    assert.equal(heal.attempts, 2, 'both attempts healed the same way: one proposal');
    const recorded = (await svc.request('GET', `/api/flows/${flows.login.id}/tool-calls`)).body[1].outcome.selectors;
    assert.equal(heal.before.selector, recorded[0], 'the recorded first candidate');
    assert.deepEqual(heal.before.selectors, recorded);
    assert.match(heal.after.selector, /^fingerprint=\{"tag":"button"/, 'every selector missed: the fingerprint found the button');
    assert.ok(heal.after.selectors.includes('#login-button'), JSON.stringify(heal.after.selectors));
    assert.equal(heal.before.element, 'button "Sign in"');
    assert.equal(heal.after.element, 'button "Sign-in"');
    assert.ok(heal.agreement >= 0.75, String(heal.agreement));
    const calls = (await svc.request('GET', `/api/flows/${flows.login.id}/tool-calls`)).body;
    assert.equal(heal.toolCallId, calls[1].id);
    for (const side of [heal.before, heal.after]) {
      const img = await svc.request('GET', `/api/flows/${side.screenshot.flowId}/images/${side.screenshot.imageId}`);
      assert.equal(img.status, 200);
    }
    const open = (await svc.request('GET', '/api/heals?state=open')).body.heals.map((h: any) => h.id);
    assert.deepEqual(open, [heal.id]);
    const attempt = failedRun.results[0].attempts[0];
    assert.deepEqual(attempt.heals, [heal.id]);
  });

  test('the HTML report is one self-contained file with the matrix, the failure with its screenshot and the heal', async () => {
    const res = await svc.request('GET', `/api/runs/${failedRun.id}/report.html`);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    const html = res.text;
    assert.doesNotMatch(html, /<script|<link|@import|url\(|src="http/i, 'no external or inline script, font or style');
    assert.match(html, /<td class="v failed">failed<\/td>/);
    assert.match(html, /<td class="v healed">healed<\/td>/);
    assert.match(html, /TOOL_CALL_FAILED/);
    assert.ok((html.match(/src="data:image\/png;base64,/g) ?? []).length >= 4, 'failure screenshots and both heal pictures embedded');
    assert.match(html, new RegExp(`href="/flows/${flows.buy.id}"`));
    assert.match(html, /tokens 0/);
  });

  test('accepting the heal records the healed locator first (new revision, previous kept); the next run passes without healing', async () => {
    site.set('buy', 'original');
    const before = (await svc.request('GET', `/api/flows/${flows.login.id}/tool-calls`)).body[1].outcome.selectors;
    const res = await svc.request('POST', `/api/heals/${heal.id}/accept`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.state, 'accepted');
    assert.equal((await svc.request('POST', `/api/heals/${heal.id}/accept`)).body.code, 'HEAL_NOT_OPEN');
    const flow = (await svc.request('GET', `/api/flows/${flows.login.id}`)).body;
    assert.equal(flow.revision, 2);
    assert.equal(flow.selectorRevisions.length, 1);
    assert.deepEqual(flow.selectorRevisions[0].previous, before);
    assert.equal(flow.selectorRevisions[0].healId, heal.id);
    const rerun = (await svc.request('GET', `/api/flows/${flows.login.id}/rerun`)).body;
    const first = heal.after.selectors[0];
    assert.equal(rerun.toolCallsOnStart[1].parameters.selector[0], first, 'the element\'s fresh candidates lead');
    assert.ok(rerun.toolCallsOnStart[1].parameters.selector.includes('#login-button'));
    const code = (await svc.request('GET', `/api/flows/${flows.login.id}/code`)).text;
    assert.ok(code.includes('#login-button'), 'generated code names the healed locator');
    const next = await runToEnd(svc, { suite: 'smoke' });
    assert.equal(next.state, 'PASSED', JSON.stringify(next.results));
    assert.deepEqual(next.results.map((r: any) => r.verdict), ['passed', 'passed']);
    assert.deepEqual((await svc.request('GET', `/api/runs/${next.id}/heals`)).body.heals, []);
  });

  test('a page that alternates gives flaky (the run still PASSED); JUnit marks it flaky without a failure', async () => {
    site.set('flaky', 'alternate');
    const run = await runToEnd(svc, { tags: ['flaky'], repeat: 2, concurrency: 1 });
    assert.equal(run.results[0].verdict, 'flaky', JSON.stringify(run.results));
    assert.deepEqual(run.results[0].attempts.map((a: any) => a.state), ['SUCCESS', 'FAILED']);
    assert.equal(run.state, 'PASSED');
    const junit = (await svc.request('GET', `/api/runs/${run.id}/junit.xml`)).text;
    assert.match(junit, /<property name="flaky" value="true"\/>/);
    assert.doesNotMatch(junit, /<failure/);
    site.set('flaky', 'original');
  });

  test('baseUrl replaces the recorded origin of every replayed flow', async () => {
    site.set('buy', 'original');
    const other = `http://localhost:${site.port}`;
    const run = await runToEnd(svc, { flowIds: [flows.buy.id], baseUrl: `${other}/` });
    assert.equal(run.state, 'PASSED', JSON.stringify(run.results));
    assert.equal(run.baseUrl, other);
    const flow = (await svc.request('GET', `/api/flows/${run.results[0].attempts[0].flowId}`)).body;
    assert.equal(flow.targetWebsite, `${other}/buy`);
  });

  test('cancel: queued attempts are skipped, the live one cancelled; a second cancel is 409', async () => {
    const res = await svc.request('POST', '/api/runs', { flowIds: [flows.buy.id], repeat: 10, concurrency: 1 });
    assert.equal(res.status, 201);
    await waitForRun(svc, res.body.id, (r) => r.results[0].attempts[0].state === 'RUNNING');
    const cancelled = await svc.request('POST', `/api/runs/${res.body.id}/cancel`);
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.body.state, 'CANCELLED');
    assert.ok(cancelled.body.completedAt);
    assert.ok(cancelled.body.results[0].attempts.filter((a: any) => a.state === 'SKIPPED').length >= 8);
    const again = await svc.request('POST', `/api/runs/${res.body.id}/cancel`);
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'RUN_NOT_ACTIVE');
    const settled = await waitForRun(svc, res.body.id, (r) => r.results[0].attempts.every((a: any) => a.state !== 'RUNNING'));
    assert.equal(settled.state, 'CANCELLED');
    const junit = (await svc.request('GET', `/api/runs/${res.body.id}/junit.xml`)).text;
    assert.match(junit, /skipped="\d"/);
  });

  test('runs list newest first, paginated and filtered', async () => {
    const page = await svc.request('GET', '/api/runs?limit=2');
    assert.equal(page.status, 200);
    assert.equal(page.body.runs.length, 2);
    assert.ok(page.body.nextPageToken);
    const rest = await svc.request('GET', `/api/runs?limit=100&pageToken=${page.body.nextPageToken}`);
    const all = [...page.body.runs, ...rest.body.runs];
    assert.deepEqual(all.map((r: any) => r.createdAt), all.map((r: any) => r.createdAt).sort((a: number, b: number) => b - a));
    const smoke = (await svc.request('GET', '/api/runs?suite=smoke&state=FAILED')).body.runs;
    assert.deepEqual(smoke.map((r: any) => r.id), [failedRun.id]);
  });

  test('bad input: 400 naming the field, 404 for unknown things; nothing is started', async () => {
    const count = (await svc.request('GET', '/api/runs?limit=100')).body.runs.length;
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /^a run needs a suite, flowIds or tags/],
      [{ tags: ['smoke'], repeat: 11 }, 400, /^repeat: must be from 1 to 10/],
      [{ tags: ['smoke'], concurrency: 0 }, 400, /^concurrency: must be from 1 to 32/],
      [{ tags: ['nothing-has-it'] }, 400, /^tags: no flow that passed carries the tag "nothing-has-it"/],
      [{ tags: ['smoke'], baseUrl: 'ftp://x' }, 400, /^baseUrl: scheme "ftp:" is not allowed/],
      [{ suite: 'nope' }, 404, /^suite: Suite "nope" does not exist/],
      [{ flowIds: ['00000000-0000-4000-8000-000000000000'] }, 404, /^flowIds\[0\]: Flow "00000000-0000-4000-8000-000000000000" does not exist/],
      [{ tags: ['smoke'], extra: 1 }, 400, /^extra: unknown field/],
    ];
    for (const [body, status, message] of cases) {
      const res = await svc.request('POST', '/api/runs', body);
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.body.message, message, JSON.stringify(body));
    }
    const failed = await runFlow(svc, deterministic(site.url, '/buy', [{ name: 'click', parameters: { selector: '#nothing' } }], { name: 'broken' }), 60_000);
    const refused = await svc.request('POST', '/api/runs', { flowIds: [failed.id] });
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /^flowIds\[0\]: flow .* FAILED \(TOOL_CALL_FAILED\); a run replays flows that passed/);
    assert.equal((await svc.request('GET', '/api/runs?limit=100')).body.runs.length, count);
    assert.equal((await svc.request('GET', '/api/runs/nope')).status, 404);
    assert.equal((await svc.request('GET', '/api/runs/00000000-0000-4000-8000-000000000000/junit.xml')).status, 404);
    assert.equal((await svc.request('POST', '/api/heals/00000000-0000-4000-8000-000000000000/accept')).status, 404);
    const suiteCases: Array<[unknown, RegExp]> = [
      [{}, /^tags: a suite needs tags or flowIds/],
      [{ tags: ['smoke'], schedule: '* * * *' }, /^schedule: /],
      [{ tags: ['smoke'], schedule: '61 * * * *' }, /^schedule: .*minute/],
      [{ tags: ['smoke'], schedule: '* * * * *', timezone: 'Nowhere/City' }, /^timezone: /],
      [{ tags: ['smoke'], timezone: 'Europe/Paris' }, /^timezone: needs a schedule/],
    ];
    for (const [body, message] of suiteCases) {
      const res = await svc.request('POST', '/api/suites/bad', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.match(res.body.message, message, JSON.stringify(body));
    }
    assert.equal((await svc.request('GET', '/api/suites/bad')).status, 404);
    assert.equal((await svc.request('POST', '/api/suites/a%2Fb', { tags: ['x'] })).status, 400);
  });

  test('suites: listed with nextRunAt when scheduled, deleted (their runs stay)', async () => {
    const saved = await svc.request('POST', '/api/suites/nightly', { flowIds: [flows.buy.id], schedule: '0 3 * * *', timezone: 'Europe/Paris' });
    assert.equal(saved.status, 201, saved.text);
    assert.equal(saved.body.schedule, '0 3 * * *');
    assert.equal(saved.body.timezone, 'Europe/Paris');
    assert.ok(saved.body.nextRunAt > Date.now() && saved.body.nextRunAt <= Date.now() + 24 * 3600_000);
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', hour: 'numeric', hourCycle: 'h23' }).format(new Date(saved.body.nextRunAt)));
    assert.equal(hour, 3);
    const list = (await svc.request('GET', '/api/suites')).body;
    assert.deepEqual(list.map((s: any) => s.name), ['nightly', 'smoke']);
    assert.equal((await svc.request('DELETE', '/api/suites/nightly')).status, 204);
    assert.equal((await svc.request('DELETE', '/api/suites/nightly')).status, 404);
    assert.equal((await svc.request('GET', `/api/runs/${suiteRun.id}`)).status, 200);
  });
});
