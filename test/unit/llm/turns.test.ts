import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LlmMessage } from '../../../lib/llm/provider-contract';
import { toTurns, type TurnMessage } from '../../../lib/llm/turns';

/** Blocks named after their message, so merging and ordering are visible. */
function toBlocks(message: TurnMessage): string[] {
  if (message.role === 'tool') return [`result:${message.toolCallId}`];
  if (message.role === 'assistant') return [message.content ?? '', ...(message.toolCalls ?? []).map((c) => `call:${c.id}`)].filter(Boolean);
  return message.content ? [`user:${message.content}`] : [];
}

const conversation: LlmMessage[] = [
  { role: 'system', content: 'one' },
  { role: 'user', content: 'go' },
  { role: 'system', content: 'two' },
  { role: 'assistant', content: null, toolCalls: [{ id: 'a', name: 't', arguments: {} }, { id: 'b', name: 't', arguments: {} }] },
  { role: 'user', content: 'note' },
  { role: 'tool', toolCallId: 'a', name: 't', content: 'ok' },
  { role: 'tool', toolCallId: 'b', name: 't', content: 'ok' },
  { role: 'user', content: '' },
  { role: 'assistant', content: 'done' },
];

test('toTurns joins system messages and merges consecutive turns of one role', () => {
  const { system, turns } = toTurns(conversation, { toBlocks });
  assert.equal(system, 'one\n\ntwo');
  assert.deepEqual(turns, [
    { role: 'user', blocks: ['user:go'] },
    { role: 'assistant', blocks: ['call:a', 'call:b'] },
    // Tool results are user turns; the empty user message adds nothing.
    { role: 'user', blocks: ['user:note', 'result:a', 'result:b'] },
    { role: 'assistant', blocks: ['done'] },
  ]);
});

test('toTurns moves tool results first in user turns, keeping their order, when asked', () => {
  const { turns } = toTurns(conversation, { toBlocks, isToolResult: (b) => b.startsWith('result:') });
  assert.deepEqual(turns[2], { role: 'user', blocks: ['result:a', 'result:b', 'user:note'] });
  assert.deepEqual(turns[1], { role: 'assistant', blocks: ['call:a', 'call:b'] });
});

test('toTurns without system messages has no system prompt', () => {
  assert.equal(toTurns([{ role: 'user', content: 'hi' }], { toBlocks }).system, undefined);
});
