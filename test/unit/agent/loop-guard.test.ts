import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { FlowFailure } from '../../../lib/failure-codes/failure-codes';
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';
import { checkNotStuck, repeatedFailureHint, trailingFailures, validCallExample } from '../../../plugins/agents/flow-runner/loop-guard';
import { controlTools } from '../../../plugins/tools/browser/control-tools';
import { elementTools } from '../../../plugins/tools/browser/element-tools';
import { callOf } from './agent-fixtures';

const tools = new Map<string, ToolDefinition>([...elementTools, ...controlTools].map((t) => [t.name, t]));
const UNKNOWN = 'parameters.confidence: unknown field';
const invalid = (i: number): ToolCallRecord => callOf(i, 'markObjectiveComplete', { summary: 'done', confidence: 0.9 }, false, UNKNOWN);
const ok = (i: number): ToolCallRecord => callOf(i, 'scroll', { direction: 'down' });

test('trailing failures: the model\'s failed calls since its last success or another source\'s call', () => {
  assert.equal(trailingFailures([ok(1), invalid(2), invalid(3)]).length, 2);
  assert.equal(trailingFailures([invalid(1), ok(2)]).length, 0);
  assert.equal(trailingFailures([invalid(1), { ...invalid(2), source: 'USER' }, invalid(3)]).length, 1);
  assert.equal(trailingFailures([]).length, 0);
});

test('two identical failures in a row: the next request says what is wrong and what a valid call looks like', () => {
  assert.equal(repeatedFailureHint([invalid(1)], tools), null, 'one failure is not a loop');
  assert.equal(repeatedFailureHint([invalid(1), ok(2), invalid(3)], tools), null, 'a success between');
  const other = callOf(2, 'markObjectiveComplete', { summary: 'really done', confidence: 1 }, false, UNKNOWN);
  assert.equal(repeatedFailureHint([invalid(1), other], tools), null, 'different calls are not the same loop');
  const hint = repeatedFailureHint([ok(0), invalid(1), invalid(2)], tools)!;
  assert.match(hint, /last 2 calls were the same call and failed the same way/);
  assert.match(hint, /markObjectiveComplete \{"summary":"done","confidence":0\.9\} -> parameters\.confidence: unknown field/);
  assert.match(hint, /A valid call looks like: markObjectiveComplete \{"summary":"<text>"\} \(only these parameters exist: summary, result; optional: result\)/);
  const ghost = callOf(1, 'submitForm', {}, false, 'name: unknown tool "submitForm"');
  assert.match(repeatedFailureHint([ghost, { ...ghost, id: 'x' }], tools)!, /There is no tool named "submitForm"/);
  const missing = callOf(1, 'click', { selector: 'ref=9' }, false, 'No element matches ref=9');
  const runtime = repeatedFailureHint([missing, { ...missing, id: 'x' }], tools)!;
  assert.match(runtime, /The call itself is valid, but click cannot do it on this page: use a ref from the current page/);
  assert.doesNotMatch(runtime, /A valid call looks like/, 'a well-formed call gets no schema lesson');
});

test('a valid call example fills required parameters and names the optional ones', () => {
  assert.equal(validCallExample(tools.get('scroll')!), 'scroll {"direction":"up"} (only these parameters exist: direction, selector; optional: selector)');
  assert.equal(validCallExample(tools.get('selectOption')!), 'selectOption {"selector":"<text>","values":["<text>"]} (only these parameters exist: selector, values)');
});

test('maxConsecutiveFailures failed calls in a row: AGENT_STUCK with the repeated error', () => {
  const four = [ok(0), invalid(1), invalid(2), invalid(3), invalid(4)];
  assert.doesNotThrow(() => checkNotStuck(four, 5));
  assert.throws(() => checkNotStuck([...four, invalid(5)], 5), (err) => err instanceof FlowFailure && err.code === 'AGENT_STUCK'
    && /last 5 tool calls failed without progress, all the same/.test(err.message) && err.message.includes(UNKNOWN));
  const mixed = [invalid(1), callOf(2, 'click', { selector: 'ref=9' }, false, 'No element matches ref=9')];
  assert.throws(() => checkNotStuck(mixed, 2), (err) => err instanceof FlowFailure && /last 2 tool calls failed without progress; the last: click/.test(err.message));
});
