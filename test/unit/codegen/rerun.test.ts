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
});
