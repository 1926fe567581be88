/**
 * The web UI's pure client logic, run in node: step alignment for Compare,
 * parameter masking and summaries, SSE parsing, the schema form's value
 * conversions, API error field mapping, and the served-code comment stripper.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ROOT } from '../../helpers/service';
import { stripComments } from '../../../plugins/ui/strip-comments';

/** A module of the UI (plain JS, untyped here). */
const ui = (path: string): Promise<any> => import(pathToFileURL(join(ROOT, 'plugins/ui/public', path)).href);

const call = (name: string, parameters: Record<string, unknown>, success = true, selectors: string[] | null = null) => ({
  id: Math.random().toString(16).slice(2), name, parameters, source: 'ON_START', rationale: null,
  outcome: { success, message: '', data: null, selectors }, screenshotImageId: null, pageUrl: null, startedAt: 1, completedAt: 2,
});

describe('Compare: aligning two runs', () => {
  test('pairs the same tools, leaves gaps for steps one run lacks, and names the first divergence', async () => {
    const { align, firstDivergence } = await ui('lib/align.js');
    const a = [call('type', { selector: '#u', text: 'a' }), call('click', { selector: '#go' }), call('assertText', { text: 'Hi' })];
    const b = [call('type', { selector: '#u', text: 'a' }), call('assertText', { text: 'Hi' }), call('wait', { ms: 5 })];
    const rows = align(a, b);
    assert.deepEqual(rows.map((r: any) => [r.an, r.bn, r.differences]), [
      [1, 1, []], [2, 0, ['only in the first run']], [3, 2, []], [0, 3, ['only in the second run']],
    ]);
    assert.equal(firstDivergence(rows), 1);
    assert.equal(firstDivergence(align(a, a)), -1);
    assert.deepEqual(align([], []), []);
  });

  test('a rerun\'s candidate list is the same target; disjoint selectors, other parameters and outcomes differ', async () => {
    const { differences, selectorChanges, align } = await ui('lib/align.js');
    const first = call('click', { selector: '#login' }, true, ['[data-testid="login"]', '#login']);
    const rerun = call('click', { selector: ['[data-testid="login"]', '#login'] }, true, ['[data-testid="login"]', '#login']);
    assert.deepEqual(differences(first, rerun), []);
    assert.deepEqual(differences(first, call('click', { selector: '#other' }, false, ['#other'])), ['target', 'outcome']);
    assert.deepEqual(differences(call('type', { selector: '#u', text: 'a' }), call('type', { selector: '#u', text: 'b' })), ['parameters']);
    const changes = selectorChanges(align([first], [call('click', { selector: '#login' }, true, ['role=button[name="Sign in"]', '#login'])]));
    assert.equal(changes.length, 1);
    assert.deepEqual(changes[0].after, ['role=button[name="Sign in"]', '#login']);
    // The recorded fingerprints (last) describe the element; a changed one is no selector change.
    const withPrint = (print: string) => call('click', { selector: '#login' }, true, ['[data-testid="login"]', '#login', `fingerprint={"tag":"button","context":"${print}"}`]);
    assert.deepEqual(selectorChanges(align([withPrint('a')], [withPrint('b')])), []);
    assert.deepEqual(differences(call('click', { selector: '#x' }, true, ['#x', 'fingerprint={}']), call('click', { selector: '#y' }, true, ['#y', 'fingerprint={}'])), ['target']);
  });
});

describe('Compare: what changed in a step', () => {
  test('recorded selectors that changed mark the row (not "same") without making it a divergence; changes name what was removed and added', async () => {
    const { align, firstDivergence, selectorChanges } = await ui('lib/align.js');
    const a = [call('click', { selector: '#go' }, true, ['role=button[name="Go"]', '[data-testid="go"]', '#go'])];
    const b = [call('click', { selector: '#go' }, true, ['role=button[name="Go"]', '[data-testid="go-2"]', '#go'])];
    const rows = align(a, b);
    assert.deepEqual(rows[0].differences, ['selectors']);
    assert.equal(firstDivergence(rows), -1, 'the runs did the same thing');
    const [change] = selectorChanges(rows);
    assert.deepEqual([change.removed, change.added], [['[data-testid="go"]'], ['[data-testid="go-2"]']]);
    const reordered = selectorChanges(align(a, [call('click', { selector: '#go' }, true, ['#go', 'role=button[name="Go"]', '[data-testid="go"]'])]));
    assert.deepEqual([reordered[0].removed, reordered[0].added], [[], []], 'the same candidates in another order');
  });
});

describe('reruns and the New flow form', () => {
  const flow = (state: string, code: string | null) => ({ state, result: code ? { success: false, summary: null, error: { code, message: '' } } : { success: true, summary: 'ok', error: null } });

  test('a rerun replays the steps that passed (control tools left out), then the step that failed a flow, when a step did', async () => {
    const { rerunPlan } = await ui('lib/create-body.js');
    const calls = [call('navigate', { url: '/' }), call('click', { selector: '#a' }, false), call('click', { selector: '#b' }), call('click', { selector: '#c' }, false)];
    assert.deepEqual(rerunPlan(flow('FAILED', 'TOOL_CALL_FAILED'), calls), { passed: 2, failed: 4, tool: 'click' });
    assert.deepEqual(rerunPlan(flow('FAILED', 'AGENT_STUCK'), calls), { passed: 2, failed: 4, tool: 'click' });
    assert.deepEqual(rerunPlan(flow('FAILED', 'CANCELLED'), calls), { passed: 2, failed: 0, tool: '' }, 'a cancel is no failed step');
    assert.deepEqual(rerunPlan(flow('SUCCESS', null), [...calls.slice(0, 3), call('markObjectiveComplete', { summary: 'x' })]), { passed: 2, failed: 0, tool: '' });
  });

  test('the form finds every problem the API would, by the field the API names', async () => {
    const { formProblems } = await ui('lib/create-body.js');
    const tools = [
      { name: 'wait', inputSchema: { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 30000 } }, required: ['ms'] } },
      { name: 'navigate', inputSchema: { type: 'object', properties: { url: { type: 'string', minLength: 1, pattern: '^(?:[Hh][Tt][Tt][Pp][Ss]?:\\/\\/|\\/)', description: 'An http(s) URL, or a path on the site.' } }, required: ['url'] } },
      { name: 'type', inputSchema: { type: 'object', properties: { text: { type: 'string' }, selector: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'array', items: { type: 'string', minLength: 1 } }] } }, required: ['text'] } },
    ];
    const base = { name: 'ok', target: 'https://shop.test/', mode: 'DETERMINISTIC', objective: '', gpt: '', env: ['KNOWN'], browser: 'device', headless: true, device: '', url: '', maxToolCalls: '2', calls: [] };
    assert.deepEqual(formProblems(base, tools), {});
    assert.deepEqual(formProblems({
      ...base, name: 'x'.repeat(201), target: 'shop.test', calls: [
        { name: 'type', parameters: { text: '${KNOWN}${A}${B}', selector: ['#a', ''] } },
        { name: 'wait', parameters: { ms: 99999 } },
        { name: 'navigate', parameters: { url: 'not-a-url' } },
        { name: 'fly', parameters: {} },
      ],
    }, tools), {
      name: 'must be at most 200 characters (it has 201)',
      targetWebsite: 'expected an absolute http or https URL',
      toolCallsOnStart: '4 tool calls exceed maxToolCalls (2)',
      'toolCallsOnStart[0].parameters.selector': 'must not be empty',
      'toolCallsOnStart[0].parameters': '${A}, ${B} are used but not checked under Environment variables',
      'toolCallsOnStart[1].parameters.ms': 'must be at most 30000',
      'toolCallsOnStart[2].parameters.url': 'must be an http(s) URL, or a path on the site',
      'toolCallsOnStart[3].name': 'unknown tool "fly"',
    });
    assert.deepEqual(formProblems({ ...base, mode: 'AUTONOMOUS', maxToolCalls: '0' }, tools), { overallObjective: 'is required for AUTONOMOUS flows', maxToolCalls: 'must be a whole number from 1 to 1000' });
  });
});

describe('formatting', () => {
  test('secrets are masked in parameters; ${NAME} placeholders are kept', async () => {
    const { maskParams, keyParams, MASK } = await ui('lib/format.js');
    assert.deepEqual(maskParams({ selector: '#password', text: 'hunter2' }), { selector: '#password', text: MASK });
    assert.deepEqual(maskParams({ selector: '#password', text: '${PASSWORD}' }), { selector: '#password', text: '${PASSWORD}' });
    assert.deepEqual(maskParams({ apiKey: 'k', selector: '#name', text: 'Ann' }), { apiKey: MASK, selector: '#name', text: 'Ann' });
    assert.equal(keyParams({ name: 'type', parameters: { selector: ['input[type=password]', '#p'], text: 'x' } }), `"${MASK}" → input[type=password]`);
    assert.equal(keyParams({ name: 'click', parameters: { selector: ['#a', '#b'] } }), '#a');
    assert.equal(keyParams({ name: 'switchTab', parameters: { index: 1 } }), 'index: 1');
  });

  test('durations read naturally', async () => {
    const { formatDuration, slug } = await ui('lib/format.js');
    assert.deepEqual([850, 1234, 12_345, 65_000, 3_720_000, null, -1].map(formatDuration), ['850 ms', '1.23 s', '12.3 s', '1 min 05 s', '1 h 02 min', '—', '—']);
    assert.equal(slug('Sign in as Alice!'), 'sign-in-as-alice');
    assert.equal(slug('***'), 'flow');
  });
});

describe('the event stream', () => {
  test('parses SSE messages; comments and broken data are skipped', async () => {
    const { parseEvent } = await ui('lib/events.js');
    assert.deepEqual(parseEvent('id: 3\nevent: state\ndata: {"state":"PAUSED"}'), { type: 'state', data: { state: 'PAUSED' } });
    assert.deepEqual(parseEvent('event: x\ndata: {"a":\ndata: 1}'), { type: 'x', data: { a: 1 } });
    assert.equal(parseEvent(': keep-alive'), null);
    assert.equal(parseEvent('event: x\ndata: {nope'), null);
  });
});

describe('the schema-built form', () => {
  const schema = {
    type: 'object',
    properties: {
      selector: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
      values: { type: 'array', items: { type: 'string' } },
      ms: { type: 'integer' },
      accept: { type: 'boolean' },
      clear: { type: 'boolean' },
      state: { enum: ['visible', 'hidden'], type: 'string' },
      text: { type: 'string', maxLength: 100_000 },
      extra: { type: 'object' },
    },
    required: ['accept'],
  };

  test('picks a control per property', async () => {
    const { fieldKind, humanize } = await ui('components/schema-form.js');
    assert.deepEqual(Object.values(schema.properties).map(fieldKind), ['selector', 'lines', 'number', 'checkbox', 'checkbox', 'select', 'textarea', 'json']);
    assert.deepEqual(['pressEnter', 'timeoutMs', 'apiKey', 'urlContains', 'ms'].map(humanize), ['Press enter', 'Timeout (ms)', 'API key', 'URL contains', 'Milliseconds']);
  });

  test('converts form values to parameters and back', async () => {
    const { toParams, fromParams } = await ui('components/schema-form.js');
    const raw = { selector: '#a\n\n #b ', values: 'x\ny', ms: '250', accept: false, clear: false, state: 'hidden', text: '', extra: '{"k":1}' };
    const { params, errors } = toParams(schema, raw);
    assert.deepEqual(errors, {});
    assert.deepEqual(params, { selector: ['#a', '#b'], values: ['x', 'y'], ms: 250, accept: false, state: 'hidden', extra: { k: 1 } });
    assert.deepEqual(toParams(schema, { selector: '#only', accept: true }).params, { selector: '#only', accept: true });
    assert.deepEqual(toParams(schema, { ms: '1.5', extra: '{' }).errors, { ms: 'expected a whole number', extra: 'expected JSON' });
    assert.deepEqual(toParams(schema, fromParams(schema, params)).params, params);
  });

  test('pasted calls: an array, a whole flow, or one call', async () => {
    const { parseCalls } = await ui('lib/create-body.js');
    assert.deepEqual(parseCalls('[{"name":"reload"}]'), [{ name: 'reload', parameters: {} }]);
    assert.deepEqual(parseCalls('{"name":"x","toolCallsOnStart":[{"name":"wait","parameters":{"ms":1}}]}'), [{ name: 'wait', parameters: { ms: 1 } }]);
    assert.deepEqual(parseCalls('{"name":"goBack"}'), [{ name: 'goBack', parameters: {} }]);
    assert.throws(() => parseCalls('[{"parameters":{}}]'), /call 1: expected an object with a "name"/);
    assert.throws(() => parseCalls('[{"name":"a","parameters":[]}]'), /"parameters" must be an object/);
  });
});

describe('API errors', () => {
  test('validation issues map to the fields they name', async () => {
    const { ApiError } = await ui('lib/api.js');
    const err = new ApiError(400, { code: 'INVALID_REQUEST', message: 'name: must not be empty', details: { issues: ['name: must not be empty', 'toolCallsOnStart[2].parameters.selector: is required', 'body: malformed'] } });
    assert.deepEqual(err.fieldErrors(), { name: 'must not be empty', 'toolCallsOnStart[2].parameters.selector': 'is required', body: 'malformed' });
    assert.deepEqual(new ApiError(409, { code: 'FLOW_NOT_ACTIVE', message: 'x: y' }).fieldErrors(), {});
    assert.equal(new ApiError(500, {}).message, 'The service answered 500.');
  });

  test('the New flow form builds the CreateFlow body', async () => {
    const { createBody } = await ui('lib/create-body.js');
    const base = { name: 'n', target: ' https://x.test ', objective: 'Do it', gpt: 'main', env: ['A'], browser: 'device', headless: false, device: 'iPhone 13', url: '', maxToolCalls: '20', calls: [{ name: 'reload', parameters: {} }] };
    assert.deepEqual(createBody({ ...base, mode: 'AUTONOMOUS' }), {
      name: 'n', targetWebsite: 'https://x.test', initialRunMode: 'AUTONOMOUS', browser: { using: { type: 'device', headless: false, deviceName: 'iPhone 13' } },
      overallObjective: 'Do it', gptConfigNameOverride: 'main', envVars: ['A'], maxToolCalls: 20,
    });
    const det = createBody({ ...base, mode: 'DETERMINISTIC', browser: 'remoteInstance', url: 'ws://h:9222/x', maxToolCalls: 'lots' });
    assert.deepEqual(det.browser, { using: { type: 'remoteInstance', url: 'ws://h:9222/x' } });
    assert.deepEqual(det.toolCallsOnStart, [{ name: 'reload', parameters: {} }]);
    assert.equal(det.overallObjective, undefined);
    // A bad number goes to the API as typed, so its error names the field.
    assert.equal(det.maxToolCalls, 'lots');
  });
});

describe('served code', () => {
  test('comments, indentation and blank lines are stripped; code is kept', () => {
    const source = [
      '// a comment line',
      '/** JSDoc',
      ' * @param {string} a',
      ' */',
      'export function f(a) {',
      '  const x = /** @type {number} */ (Number(a)); // trailing comments stay',
      '',
      '  return `${x}//not a comment`;',
      '}',
    ].join('\n');
    assert.equal(stripComments(source), 'export function f(a) {\nconst x =   (Number(a)); // trailing comments stay\nreturn `${x}//not a comment`;\n}\n');
  });
});
