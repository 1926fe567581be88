import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { offeredTools, type OfferContext } from '../../../plugins/agents/flow-runner/tool-offer';
import { assertionTools } from '../../../plugins/tools/browser/assertion-tools';
import { controlTools } from '../../../plugins/tools/browser/control-tools';
import { elementTools } from '../../../plugins/tools/browser/element-tools';
import { navigationTools } from '../../../plugins/tools/browser/navigation-tools';
import { callOf } from './agent-fixtures';

const builtins = [...navigationTools, ...elementTools, ...assertionTools, ...controlTools];
const tools = new Map<string, ToolDefinition>(builtins.map((t) => [t.name, t]));
const ALWAYS = ['navigate', 'goBack', 'click', 'hover', 'type', 'pressKey', 'scroll', 'assertText', 'extractText', 'markObjectiveComplete', 'markObjectiveNotCompletable'];

const context = (extra: Partial<OfferContext> = {}): OfferContext => ({ objective: 'Open the pricing page', page: '[1] link "Pricing"', history: [], tabs: 1, ...extra });
const names = (extra: Partial<OfferContext> = {}, from: ReadonlyMap<string, ToolDefinition> = tools) => offeredTools(from, context(extra)).map((t) => t.name);

test('a plain page is offered the common tools only, in the tool order', () => {
  assert.deepEqual(names(), ALWAYS);
});

test('page controls bring the tools that act on them', () => {
  assert.deepEqual(names({ page: '[1] combobox "Country" value=France options=[France, Spain]' }), [...ALWAYS, 'selectOption']);
  assert.deepEqual(names({ page: '[4] checkbox "Remember me" checked' }), [...ALWAYS, 'check', 'uncheck']);
  assert.deepEqual(names({ page: '[4] radio "Express"' }), [...ALWAYS, 'check']);
  assert.deepEqual(names({ page: '[7] file "Avatar"' }), [...ALWAYS, 'uploadFile']);
  assert.deepEqual(names({ page: 'A paragraph about a checkbox and a combobox' }), ALWAYS, 'words in page text are not controls');
});

test('the flow\'s situation brings waits, reloads, tabs, dialogs, forward and checks', () => {
  const failed = [callOf(1, 'click', { selector: 'ref=3' }, false, 'No element matches ref=3')];
  assert.deepEqual(names({ history: failed }), [...ALWAYS, 'reload', 'wait', 'waitForSelector']);
  assert.ok(names({ history: [callOf(1, 'navigate', { url: '/x' }, true, 'Loaded /x; the page was still loading')] }).includes('wait'));
  assert.ok(names({ tabs: 2 }).includes('switchTab'));
  assert.ok(!names({ tabs: 1 }).includes('switchTab'));
  assert.ok(names({ history: [callOf(1, 'goBack', {})] }).includes('goForward'));
  assert.ok(names({ history: [callOf(1, 'click', { selector: '#del' }, true, 'Clicked #del (dialog: confirm "Sure?" dismissed)')] }).includes('handleDialog'));
  assert.ok(names({ objective: 'Accept the confirm dialog' }).includes('handleDialog'));
  assert.ok(names({ objective: 'Double-click the word' }).includes('doubleClick'));
  const verify = names({ objective: 'Log in and verify the welcome page' });
  assert.ok(verify.includes('assertElement') && verify.includes('assertUrl'));
});

test('a tool the flow used stays offered, and the always-offered part never moves', () => {
  const history = [callOf(1, 'selectOption', { selector: 'ref=2', values: ['b'] })];
  const step = names({ history, page: '[1] link "Done"' });
  assert.deepEqual(step, [...ALWAYS, 'selectOption']);
  assert.deepEqual(step.slice(0, ALWAYS.length), names().slice(0, ALWAYS.length), 'same prefix as a plain step');
});

test('custom tools and tools the offer rules do not know are always offered', () => {
  const custom: ToolDefinition = { name: 'lookupOrder', kind: 'action', description: 'x', inputSchema: tools.get('wait')!.inputSchema, jsonSchema: { type: 'object' }, run: async () => ({ message: 'ok' }) };
  const other: ToolDefinition = { ...tools.get('wait')!, name: 'pluginTool' };
  const withExtra = new Map([...tools, ['lookupOrder', custom], ['pluginTool', other]]);
  assert.deepEqual(names({}, withExtra), [...ALWAYS, 'lookupOrder', 'pluginTool']);
});
