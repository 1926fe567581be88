import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { buildRerun, replayCandidates } from '../../../lib/export/rerun';
import { selectsByIdOnly } from '../../../lib/export/selector-kinds';
import { ApiError } from '../../../kernel/errors';
import { call, flowMeta, SET_TEXT_TOOL, toolMap } from './fixtures/flows';

const PLAIN = { areElementIdsVolatile: false, disableSelectorFailover: false };

function sample() {
  const flow = flowMeta({
    name: 'Sign up', targetWebsite: 'https://shop.test/', overallObjective: 'Create an account',
    envVars: ['PASSWORD'], customTools: [SET_TEXT_TOOL], maxToolCalls: 5,
    browser: { using: { type: 'device', deviceName: 'Desktop Chrome', headless: true } },
    gptConfigName: 'mine', hasGptConfigNameOverride: true,
  });
  const calls = [
    call('navigate', { url: 'https://shop.test/signup' }),
    call('type', { selector: 'ref=4', text: '${PASSWORD}', clear: true }, ['#pw', 'input[name="password"]', 'internal:label="Password"i']),
    call('click', { selector: 'ref=9' }, ['#submit', 'role=button[name="Sign up"]']),
    call('click', { selector: '#broken' }, null, false),
    call('setText', { id: 'x', text: 'hi' }),
    call('assertText', { text: 'Welcome' }),
    call('markObjectiveComplete', { summary: 'done' }),
  ];
  return { flow, calls, tools: toolMap(flow.customTools) };
}

describe('buildRerun', () => {
  test('a DETERMINISTIC CreateFlow of the successful non-control calls', () => {
    const { flow, calls, tools } = sample();
    const body = buildRerun(flow, calls, tools, PLAIN, selectsByIdOnly);
    assert.equal(body.initialRunMode, 'DETERMINISTIC');
    assert.equal(body.name, 'Sign up');
    assert.equal(body.targetWebsite, 'https://shop.test/');
    assert.equal(body.overallObjective, 'Create an account');
    assert.deepEqual(body.browser, flow.browser);
    assert.deepEqual(body.envVars, ['PASSWORD']);
    assert.deepEqual(body.customTools, [SET_TEXT_TOOL]);
    assert.equal(body.gptConfigNameOverride, undefined, 'a deterministic rerun names no GPT configuration');
    assert.deepEqual(body.toolCallsOnStart.map((c) => c.name), ['navigate', 'type', 'click', 'setText', 'assertText']);
    assert.deepEqual(body.toolCallsOnStart[1], {
      name: 'type',
      parameters: { selector: ['#pw', 'input[name="password"]', 'internal:label="Password"i'], text: '${PASSWORD}', clear: true },
    });
    assert.deepEqual(body.toolCallsOnStart[2].parameters, { selector: ['#submit', 'role=button[name="Sign up"]'] });
    assert.deepEqual(body.toolCallsOnStart[3].parameters, { id: 'x', text: 'hi' });
  });

  test('maxToolCalls is at least the number of replayed calls', () => {
    const { flow, calls, tools } = sample();
    assert.equal(buildRerun(flow, calls, tools, PLAIN, selectsByIdOnly).maxToolCalls, 5);
    assert.equal(buildRerun({ ...flow, maxToolCalls: 3 }, calls, tools, PLAIN, selectsByIdOnly).maxToolCalls, 5);
    assert.equal(buildRerun({ ...flow, maxToolCalls: 80 }, calls, tools, PLAIN, selectsByIdOnly).maxToolCalls, 80);
  });

  test('areElementIdsVolatile drops id-only candidates', () => {
    const { flow, calls, tools } = sample();
    const body = buildRerun(flow, calls, tools, { areElementIdsVolatile: true, disableSelectorFailover: false }, selectsByIdOnly);
    assert.deepEqual(body.toolCallsOnStart[1].parameters.selector, ['input[name="password"]', 'internal:label="Password"i']);
    assert.deepEqual(body.toolCallsOnStart[2].parameters.selector, ['role=button[name="Sign up"]']);
  });

  test('areElementIdsVolatile keeps the list when every candidate is id-only', () => {
    const flow = flowMeta();
    const calls = [call('click', { selector: 'ref=1' }, ['#only', '//*[@id="only"]'])];
    const body = buildRerun(flow, calls, toolMap(), { areElementIdsVolatile: true, disableSelectorFailover: false }, selectsByIdOnly);
    assert.deepEqual(body.toolCallsOnStart[0].parameters.selector, ['#only', '//*[@id="only"]']);
  });

  test('the injected isIdOnly decides what is id-only', () => {
    const flow = flowMeta();
    const calls = [call('click', { selector: 'ref=1' }, ['#a', 'text=A'])];
    const body = buildRerun(flow, calls, toolMap(), { areElementIdsVolatile: true, disableSelectorFailover: false }, (s) => s.startsWith('text='));
    assert.deepEqual(body.toolCallsOnStart[0].parameters.selector, ['#a']);
  });

  test('disableSelectorFailover keeps the first candidate as a string', () => {
    const { flow, calls, tools } = sample();
    const body = buildRerun(flow, calls, tools, { areElementIdsVolatile: false, disableSelectorFailover: true }, selectsByIdOnly);
    assert.equal(body.toolCallsOnStart[1].parameters.selector, '#pw');
    assert.equal(body.toolCallsOnStart[2].parameters.selector, '#submit');
  });

  test('both options: the first stable candidate, as a string', () => {
    const { flow, calls, tools } = sample();
    const body = buildRerun(flow, calls, tools, { areElementIdsVolatile: true, disableSelectorFailover: true }, selectsByIdOnly);
    assert.equal(body.toolCallsOnStart[1].parameters.selector, 'input[name="password"]');
    assert.equal(body.toolCallsOnStart[2].parameters.selector, 'role=button[name="Sign up"]');
  });

  test('without recorded selectors the requested selector is kept, in its shape', () => {
    const flow = flowMeta();
    const calls = [
      call('waitForSelector', { selector: '#spinner', state: 'hidden' }, null),
      call('assertElement', { selector: ['#gone', 'text=Gone'], state: 'detached' }, []),
      call('type', { text: 'hello' }, null),
    ];
    const body = buildRerun(flow, calls, toolMap(), PLAIN, selectsByIdOnly);
    assert.equal(body.toolCallsOnStart[0].parameters.selector, '#spinner');
    assert.deepEqual(body.toolCallsOnStart[1].parameters.selector, ['#gone', 'text=Gone']);
    assert.deepEqual(body.toolCallsOnStart[2].parameters, { text: 'hello' }, 'no selector is invented for the focused element');
  });

  test('a ref= selector with nothing recorded cannot be replayed', () => {
    const flow = flowMeta();
    const calls = [call('click', { selector: 'ref=12' }, null)];
    assert.throws(() => buildRerun(flow, calls, toolMap(), PLAIN, selectsByIdOnly), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.code, 'INVALID_REQUEST');
      assert.match(e.message, /ref=12/);
      assert.match(e.message, /cannot be replayed/);
      return true;
    });
  });

  test('ref= candidates among real ones are dropped', () => {
    const c = call('click', { selector: ['ref=3', '#real'] }, null);
    assert.deepEqual(replayCandidates(c, toolMap().get('click')).get('selector'), ['#real']);
  });

  test('the inputs are not mutated', () => {
    const { flow, calls, tools } = sample();
    const before = JSON.stringify({ flow, calls });
    const body = buildRerun(flow, calls, tools, { areElementIdsVolatile: true, disableSelectorFailover: true }, selectsByIdOnly);
    (body.browser!.using as Record<string, unknown>).headless = false;
    body.customTools[0].name = 'changed';
    assert.equal(JSON.stringify({ flow, calls }), before);
  });

  test('a flow without objective gives a body without overallObjective', () => {
    const body = buildRerun(flowMeta(), [], toolMap(), PLAIN, selectsByIdOnly);
    assert.equal('overallObjective' in body, false);
    assert.deepEqual(body.toolCallsOnStart, []);
    assert.equal(body.maxToolCalls, 50);
  });

  test('a FAILED flow ends with the call that failed it (after the successful ones); onlySuccessful leaves it out', () => {
    const flow = flowMeta({ state: 'FAILED', result: { success: false, summary: null, error: { code: 'TOOL_CALL_FAILED', message: 'No element matches #ib' } } });
    const calls = [
      call('navigate', { url: 'https://shop.test/' }),
      call('click', { selector: '#ok' }, ['#ok', 'text=OK']),
      call('click', { selector: ['#ib', 'text=Inside'] }, null, false),
    ];
    const body = buildRerun(flow, calls, toolMap(), PLAIN, selectsByIdOnly);
    assert.deepEqual(body.toolCallsOnStart.map((c) => c.name), ['navigate', 'click', 'click']);
    assert.deepEqual(body.toolCallsOnStart[2].parameters, { selector: ['#ib', 'text=Inside'] }, 'the failed call as requested (nothing was recorded)');
    const passed = buildRerun(flow, calls, toolMap(), { ...PLAIN, onlySuccessful: true }, selectsByIdOnly);
    assert.deepEqual(passed.toolCallsOnStart.map((c) => c.name), ['navigate', 'click']);
    // The rerun options apply to it too.
    const single = buildRerun(flow, calls, toolMap(), { ...PLAIN, disableSelectorFailover: true }, selectsByIdOnly);
    assert.equal(single.toolCallsOnStart[2].parameters.selector, '#ib');
  });

  test('only the call that ended the flow: recovered failures, other endings and unreplayable calls stay out', () => {
    const stuck = flowMeta({ state: 'FAILED', result: { success: false, summary: null, error: { code: 'AGENT_STUCK', message: 'x' } } });
    const recovered = [call('click', { selector: '#a' }, null, false), call('click', { selector: '#b' }, ['#b']), call('click', { selector: '#c' }, null, false)];
    assert.deepEqual(buildRerun(stuck, recovered, toolMap(), PLAIN, selectsByIdOnly).toolCallsOnStart.map((c) => c.parameters.selector), ['#b', '#c']);
    for (const code of ['CANCELLED', 'TARGET_UNREACHABLE', 'MAX_TOOL_CALLS_REACHED', 'LLM_UNAVAILABLE']) {
      const f = flowMeta({ state: 'FAILED', result: { success: false, summary: null, error: { code, message: 'x' } } });
      assert.equal(buildRerun(f, recovered, toolMap(), PLAIN, selectsByIdOnly).toolCallsOnStart.length, 1, code);
    }
    // A failed call that named its element by an observation ref only cannot be replayed: the rerun is still made.
    const refOnly = [call('click', { selector: '#b' }, ['#b']), call('click', { selector: 'ref=7' }, null, false)];
    assert.equal(buildRerun(stuck, refOnly, toolMap(), PLAIN, selectsByIdOnly).toolCallsOnStart.length, 1);
    // A SUCCESS flow's last failed call is one it recovered from... or ignored: never replayed.
    assert.equal(buildRerun(flowMeta(), recovered, toolMap(), PLAIN, selectsByIdOnly).toolCallsOnStart.length, 1);
  });
});
