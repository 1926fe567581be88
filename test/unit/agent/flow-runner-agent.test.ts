import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../lib/llm/provider-contract';
import type { BrowserSession } from '../../../kernel/contracts/browser-driver';
import type { ObserveOptions } from '../../../lib/page-actions/page-actions';
import type { Storage } from '../../../kernel/contracts/storage';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { createLogger } from '../../../lib/logging/logger';
import { FlowFailure } from '../../../lib/failure-codes/failure-codes';
import type { AgentStepInput } from '../../../kernel/contracts/autonomous-agent';
import { createFlowRunnerAgent, normaliseRef, toolDefinitions } from '../../../plugins/agents/flow-runner/flow-runner-agent';
import { controlTools } from '../../../plugins/tools/browser/control-tools';
import { elementTools } from '../../../plugins/tools/browser/element-tools';
import { navigationTools } from '../../../plugins/tools/browser/navigation-tools';
import { callOf, flowOf, settingsOf } from './agent-fixtures';

const tools = new Map<string, ToolDefinition>([
  ['click', { name: 'click', kind: 'action', elementParams: ['selector'], description: 'Click.', inputSchema: v.strictObject({ selector: v.string() }), run: async () => ({ message: 'ok' }) }],
  ['markObjectiveComplete', { name: 'markObjectiveComplete', kind: 'control', description: 'Done.', inputSchema: v.strictObject({ summary: v.string() }), run: async () => ({ message: 'ok' }) }],
]);

type Answer = Partial<LlmResponse> & { usage?: LlmResponse['usage'] };

/** An agent wired to in-memory fakes; `answers` are the model's replies in order. */
function harness(answers: Answer[], options: { llm?: Record<string, unknown>; vision?: boolean; configs?: Record<string, unknown>; pageText?: string } = {}) {
  const requests: LlmRequest[] = [];
  const observeCalls: ObserveOptions[] = [];
  const usage: Array<[number, number]> = [];
  const provider: LlmProvider = {
    type: 'FAKE', description: 'fake', configSchema: v.object({}), secretFields: ['apiKey'],
    supportsVision: () => options.vision ?? true,
    async complete(_config, request) {
      requests.push(structuredClone({ ...request, signal: undefined }));
      const a = answers.shift();
      if (!a) throw new Error('no more answers');
      return { text: a.text ?? null, toolCalls: a.toolCalls ?? [], usage: a.usage ?? { inputTokens: 10, outputTokens: 2 } };
    },
  };
  const configs: Record<string, unknown> = options.configs ?? { main: { type: 'FAKE', modelName: 'm', apiKey: 'sk-live-123456' } };
  const storage = { gptConfigs: { get: async (name: string) => configs[name] } } as unknown as Storage;
  const session = {
    async observe(o: ObserveOptions) {
      observeCalls.push(o);
      return {
        url: 'http://127.0.0.1/welcome.html?user=alice', title: 'Welcome', refCount: 2, truncated: false,
        text: options.pageText ?? '[1] heading "Welcome, alice!"\n[2] button "Log out"', screenshot: Buffer.from('png-bytes'),
      };
    },
  } as unknown as BrowserSession;
  const agent = createFlowRunnerAgent({ storage, settings: settingsOf(options.llm), logger: createLogger('silent'), providers: [provider] });
  const input = (extra: Partial<AgentStepInput> = {}): AgentStepInput => ({
    flow: flowOf(), session, tools, history: [], signal: new AbortController().signal,
    redact: (t) => t.split('alice').join('${USERNAME}'),
    onUsage: async (i, o) => { usage.push([i, o]); },
    ...extra,
  });
  return { agent, input, requests, observeCalls, usage };
}

const call = (name: string, args: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
  ({ id: `id-${name}`, name, arguments: args, ...extra });

test('normaliseRef accepts the forms models use for refs and leaves selectors alone', () => {
  assert.equal(normaliseRef(12), 'ref=12');
  assert.equal(normaliseRef('12'), 'ref=12');
  assert.equal(normaliseRef('[12]'), 'ref=12');
  assert.equal(normaliseRef('ref 12'), 'ref=12');
  assert.equal(normaliseRef('REF:12'), 'ref=12');
  assert.equal(normaliseRef('#login'), '#login');
  assert.equal(normaliseRef('text=12 items'), 'text=12 items');
  assert.deepEqual(normaliseRef(['#a', 'ref=1']), ['#a', 'ref=1']);
  assert.equal(normaliseRef(1.5), 1.5);
});

test('one step: observe, ask with every tool and toolChoice required, return the call with its rationale', async () => {
  const h = harness([{ text: '  Click the button.  ', toolCalls: [call('click', { selector: '[2]' })], usage: { inputTokens: 50, outputTokens: 5 } }]);
  const step = await h.agent.nextStep(h.input());
  assert.deepEqual(step, { toolCall: { name: 'click', parameters: { selector: 'ref=2' } }, rationale: 'Click the button.' });
  assert.deepEqual(h.usage, [[50, 5]]);
  assert.equal(h.requests.length, 1);
  const req = h.requests[0]!;
  assert.equal(req.toolChoice, 'required');
  assert.deepEqual(req.tools.map((t) => t.name), ['click', 'markObjectiveComplete']);
  assert.equal(req.tools[0]!.inputSchema.type, 'object');
  assert.equal(req.messages[0]!.role, 'system');
  assert.equal(h.observeCalls[0]!.maxTokens, 6000);
  assert.equal(h.observeCalls[0]!.linkTargets, 'needed');
});

test('settings.llm.observationLinkTargets and observationTokenBudget reach the observation', async () => {
  const h = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }], { llm: { observationLinkTargets: 'all', observationTokenBudget: 900 } });
  await h.agent.nextStep(h.input());
  assert.equal(h.observeCalls[0]!.linkTargets, 'all');
  assert.equal(h.observeCalls[0]!.maxTokens, 900);
});

test('the prompt is redacted: a value the page shows reaches the model as its placeholder', async () => {
  const h = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }]);
  await h.agent.nextStep(h.input());
  const user = h.requests[0]!.messages[1]!;
  assert.equal(user.role, 'user');
  assert.ok(!JSON.stringify(h.requests[0]).includes('alice'));
  assert.match(user.content as string, /Welcome, \$\{USERNAME\}!/);
  assert.match(user.content as string, /user=\$\{USERNAME\}/);
});

test('screenshots are attached only when settings.llm.sendScreenshots and the provider supports vision', async () => {
  const off = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }]);
  await off.agent.nextStep(off.input());
  assert.equal(off.observeCalls[0]!.screenshot, false);
  assert.equal((off.requests[0]!.messages[1] as { images?: unknown[] }).images, undefined);

  const on = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }], { llm: { sendScreenshots: true } });
  await on.agent.nextStep(on.input());
  assert.equal(on.observeCalls[0]!.screenshot, true);
  assert.deepEqual((on.requests[0]!.messages[1] as { images?: unknown[] }).images, [{ mimeType: 'image/png', base64: Buffer.from('png-bytes').toString('base64') }]);

  const blind = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }], { llm: { sendScreenshots: true }, vision: false });
  await blind.agent.nextStep(blind.input());
  assert.equal(blind.observeCalls[0]!.screenshot, false);
});

test('malformed arguments: the call and an error result go back to the model, provider data included', async () => {
  const bad = call('click', null, { rawArguments: '{"selector": ', parseError: 'tool arguments are not valid JSON', providerData: { thoughtSignature: 'sig' } });
  const h = harness([{ text: 'Click.', toolCalls: [bad] }, { toolCalls: [call('click', { selector: '#go' })] }]);
  const step = await h.agent.nextStep(h.input());
  assert.deepEqual(step.toolCall, { name: 'click', parameters: { selector: '#go' } });
  assert.equal(h.requests.length, 2);
  assert.equal(h.usage.length, 2, 'both answers are counted');
  const [, , assistant, tool] = h.requests[1]!.messages;
  assert.deepEqual(assistant, { role: 'assistant', content: 'Click.', toolCalls: [bad] });
  assert.equal(tool!.role, 'tool');
  assert.ok(tool!.role === 'tool' && tool.isError && tool.toolCallId === 'id-click');
  assert.match(tool!.content as string, /could not be parsed \(tool arguments are not valid JSON\)/);
});

test('answers without a tool call are re-asked maxNoToolCallRetries times, then LLM_NO_TOOL_CALL', async () => {
  const h = harness([{ text: 'Hmm.' }, { text: 'Hmm?' }, { text: 'Hmm!' }, { text: 'never asked' }], { llm: { maxNoToolCallRetries: 2 } });
  await assert.rejects(h.agent.nextStep(h.input()), (err) => err instanceof FlowFailure && err.code === 'LLM_NO_TOOL_CALL' && /3 times/.test(err.message));
  assert.equal(h.requests.length, 3);
  const last = h.requests[2]!.messages;
  assert.equal(last.length, 6, 'system, step, and two (answer, reminder) pairs');
  assert.match(last[3]!.content as string, /exactly one tool call/);
});

test('a missing GPT configuration or provider ends the flow with its code', async () => {
  const missing = harness([], { configs: {} });
  await assert.rejects(missing.agent.nextStep(missing.input()), (err) => err instanceof FlowFailure && err.code === 'GPT_CONFIG_NOT_FOUND');
  const noProvider = harness([], { configs: { main: { type: 'OTHER', modelName: 'm' } } });
  await assert.rejects(noProvider.agent.nextStep(noProvider.input()), (err) => err instanceof FlowFailure && err.code === 'LLM_PROVIDER_UNAVAILABLE');
  const unnamed = harness([]);
  await assert.rejects(unnamed.agent.nextStep(unnamed.input({ flow: flowOf({ gptConfigName: null }) })), (err) => err instanceof FlowFailure && err.code === 'GPT_CONFIG_NOT_FOUND');
});

test('toolDefinitions gives name, description and a JSON Schema object per tool', () => {
  const defs = toolDefinitions(tools);
  assert.deepEqual(defs.map((d) => d.name), ['click', 'markObjectiveComplete']);
  assert.deepEqual((defs[0]!.inputSchema as { required: string[] }).required, ['selector']);
  assert.equal(defs[0]!.inputSchema.$schema, undefined);
});

test('a request offers the tools its step may need: page controls and open tabs decide the rarely used ones', async () => {
  const builtins = new Map<string, ToolDefinition>([...navigationTools, ...elementTools, ...controlTools].map((t) => [t.name, t]));
  const plain = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }]);
  await plain.agent.nextStep(plain.input({ tools: builtins }));
  const offered = plain.requests[0]!.tools.map((t) => t.name);
  assert.ok(offered.includes('click') && !offered.includes('selectOption') && !offered.includes('switchTab'), offered.join(', '));

  const form = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }], { pageText: '[1] combobox "Country" value=France options=[France, Spain]' });
  const twoTabs = { ...(form.input().session as object), tabs: async () => [{ index: 0 }, { index: 1 }] } as unknown as BrowserSession;
  await form.agent.nextStep(form.input({ tools: builtins, session: twoTabs }));
  const more = form.requests[0]!.tools.map((t) => t.name);
  assert.ok(more.includes('selectOption') && more.includes('switchTab'), more.join(', '));
  assert.deepEqual(more.slice(0, offered.length), offered, 'the always-offered tools keep their place');
});

test('failed calls: a plain hint after two identical ones, AGENT_STUCK without a request after maxConsecutiveFailures', async () => {
  const invalid = (i: number) => callOf(i, 'markObjectiveComplete', { summary: 'ok', confidence: 1 }, false, 'parameters.confidence: unknown field');
  const h = harness([{ toolCalls: [call('markObjectiveComplete', { summary: 'ok' })] }], { llm: { maxConsecutiveFailures: 3 } });
  await h.agent.nextStep(h.input({ history: [invalid(1), invalid(2)] }));
  const user = h.requests[0]!.messages[1]!.content as string;
  assert.match(user, /STOP: your last 2 calls were the same call and failed the same way/);
  assert.match(user, /A valid call looks like: markObjectiveComplete \{"summary":"<text>"\}/);
  await assert.rejects(h.agent.nextStep(h.input({ history: [invalid(1), invalid(2), invalid(3)] })),
    (err) => err instanceof FlowFailure && err.code === 'AGENT_STUCK' && /confidence: unknown field/.test(err.message));
  assert.equal(h.requests.length, 1, 'a stuck model is not asked again');
  assert.equal(h.observeCalls.length, 1, 'nor is the page observed');
});
