/**
 * The JUnit XML of a run (plugins/qa/runs/junit-report.ts), read by a real
 * XML parser (Chromium's DOMParser) the way CI servers read it.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../fixtures/pages/browser';
import { junitXml, xmlEscape } from '../../../plugins/qa/runs/junit-report';
import type { RunRecord } from '../../../lib/qa/run-types';

let browser: Browser;
let page: Page;
before(async () => { browser = await launchChromium(); page = await browser.newPage(); });
after(async () => { await browser?.close(); });

interface Case { name: string; classname: string; time: string; props: Record<string, string>; failure: { type: string; message: string; text: string } | null; skipped: boolean }
interface Parsed { suites: number; suite: { name: string; tests: string; failures: string; skipped: string; time: string; props: Record<string, string> }; cases: Case[] }

const run: RunRecord = {
  id: 'run-1', state: 'FAILED', trigger: 'cli', suite: 'smoke', selection: { flowIds: [], tags: ['smoke'] }, repeat: 2, concurrency: 2, baseUrl: 'http://staging:8080',
  createdAt: Date.UTC(2025, 0, 1), completedAt: Date.UTC(2025, 0, 1) + 12_345,
  counts: { flows: 4, passed: 1, healed: 0, flaky: 1, failed: 1 },
  results: [
    { flowId: 'a', name: 'sign in <&> "quoted"', verdict: 'passed', attempts: [
      { flowId: 'a1', state: 'SUCCESS', durationMs: 1000, healed: false, failure: null, heals: [] },
      { flowId: 'a2', state: 'SUCCESS', durationMs: 1500, healed: false, failure: null, heals: [] }] },
    { flowId: 'b', name: 'buy', verdict: 'failed', attempts: [
      { flowId: 'b1', state: 'FAILED', durationMs: 2000, healed: false, failure: { code: 'TOOL_CALL_FAILED', message: 'Tool call click failed: #buy matched nothing\u0001' }, heals: [] },
      { flowId: 'b2', state: 'FAILED', durationMs: 2000, healed: false, failure: { code: 'TOOL_CALL_FAILED', message: 'again' }, heals: [] }] },
    { flowId: 'c', name: 'flaky', verdict: 'flaky', attempts: [
      { flowId: 'c1', state: 'SUCCESS', durationMs: 10, healed: true, failure: null, heals: ['h'] },
      { flowId: 'c2', state: 'FAILED', durationMs: 10, healed: false, failure: { code: 'TARGET_UNREACHABLE', message: 'down' }, heals: [] }] },
    { flowId: 'd', name: 'never', verdict: null, attempts: [
      { flowId: null, state: 'SKIPPED', durationMs: null, healed: false, failure: null, heals: [] }] },
  ],
};

test('well-formed JUnit: one testsuite, one testcase per flow, failure with code and messages, flaky and healed as properties, skipped', async () => {
  const xml = junitXml(run);
  // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
  const parsed = (await page.evaluate(`(() => {
    const doc = new DOMParser().parseFromString(${JSON.stringify(xml)}, 'application/xml');
    if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
    const suite = doc.querySelector('testsuites > testsuite');
    const props = (el) => Object.fromEntries([...el.querySelectorAll(':scope > properties > property')].map((p) => [p.getAttribute('name'), p.getAttribute('value')]));
    return {
      suites: doc.querySelectorAll('testsuite').length,
      suite: { name: suite.getAttribute('name'), tests: suite.getAttribute('tests'), failures: suite.getAttribute('failures'), skipped: suite.getAttribute('skipped'), time: suite.getAttribute('time'), props: props(suite) },
      cases: [...suite.querySelectorAll('testcase')].map((c) => ({
        name: c.getAttribute('name'), classname: c.getAttribute('classname'), time: c.getAttribute('time'), props: props(c),
        failure: c.querySelector('failure') ? { type: c.querySelector('failure').getAttribute('type'), message: c.querySelector('failure').getAttribute('message'), text: c.querySelector('failure').textContent } : null,
        skipped: !!c.querySelector('skipped'),
      })),
    };
  })()`)) as Parsed | { error: string };
  assert.ok(!('error' in parsed), JSON.stringify(parsed));
  const p = parsed as Parsed;
  assert.equal(p.suites, 1);
  assert.deepEqual({ ...p.suite, props: undefined }, { name: 'browserflow suite smoke', tests: '4', failures: '1', skipped: '1', time: '12.345', props: undefined });
  assert.equal(p.suite.props.runId, 'run-1');
  assert.equal(p.suite.props.baseUrl, 'http://staging:8080');
  assert.deepEqual(p.cases.map((c) => c.name), ['sign in <&> "quoted"', 'buy', 'flaky', 'never']);
  assert.equal(p.cases[0]!.classname, 'browserflow.smoke');
  assert.equal(p.cases[0]!.time, '2.500');
  assert.equal(p.cases[1]!.failure!.type, 'TOOL_CALL_FAILED');
  assert.equal(p.cases[1]!.failure!.message, 'TOOL_CALL_FAILED: Tool call click failed: #buy matched nothing');
  assert.match(p.cases[1]!.failure!.text, /attempt 1 \(flow b1\): TOOL_CALL_FAILED[\s\S]*attempt 2 \(flow b2\): TOOL_CALL_FAILED: again/);
  assert.equal(p.cases[2]!.failure, null, 'a flaky flow passed');
  assert.equal(p.cases[2]!.props.flaky, 'true');
  assert.equal(p.cases[2]!.props.healed, 'true');
  assert.equal(p.cases[0]!.props.flaky, 'false');
  assert.equal(p.cases[3]!.skipped, true);
});

test('xmlEscape escapes markup and drops what XML cannot hold', () => {
  assert.equal(xmlEscape('a<b>&"c\'\u0000\u0007\td'), 'a&lt;b&gt;&amp;&quot;c&apos;\td');
});
