/** The fakes refuse the conversations the real APIs refuse (so a mapping bug cannot pass against them). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anthropicConversationProblem, bedrockConversationProblem, openAiConversationProblem } from '../../fixtures/fake-llm/conversation-rules';

test('openai: tool messages answer the tool_calls just before them, all of them', () => {
  const call = { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function' }, { id: 'b', type: 'function' }] };
  assert.equal(openAiConversationProblem({ messages: [{ role: 'user', content: 'hi' }, call, { role: 'tool', tool_call_id: 'a' }, { role: 'tool', tool_call_id: 'b' }, { role: 'user', content: 'go on' }] }), null);
  assert.match(openAiConversationProblem({ messages: [call, { role: 'tool', tool_call_id: 'a' }, { role: 'user', content: 'x' }] })!, /did not have response messages: b/);
  assert.match(openAiConversationProblem({ messages: [{ role: 'user', content: 'x' }, { role: 'tool', tool_call_id: 'z' }] })!, /must be a response to a preceeding message with 'tool_calls'/);
});

test('anthropic: the next user turn answers every tool_use, and only those', () => {
  const use = { role: 'assistant', content: [{ type: 'text', text: 'why' }, { type: 'tool_use', id: 'u1' }] };
  assert.equal(anthropicConversationProblem({ messages: [{ role: 'user', content: 'hi' }, use, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'u1' }] }] }), null);
  assert.match(anthropicConversationProblem({ messages: [{ role: 'user', content: 'hi' }, use, { role: 'user', content: 'no result' }] })!, /`tool_use` ids were found without `tool_result` blocks immediately after: u1/);
  assert.match(anthropicConversationProblem({ messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x' }] }] })!, /unexpected `tool_use_id` found in `tool_result` blocks: x/);
});

test('bedrock: a user turn first, roles alternate, every toolUse answered in the next turn', () => {
  const use = { role: 'assistant', content: [{ toolUse: { toolUseId: 't1' } }] };
  assert.equal(bedrockConversationProblem({ messages: [{ role: 'user', content: [{ text: 'hi' }] }, use, { role: 'user', content: [{ toolResult: { toolUseId: 't1' } }] }] }), null);
  assert.match(bedrockConversationProblem({ messages: [use] })!, /must start with a user message/);
  assert.match(bedrockConversationProblem({ messages: [{ role: 'user', content: [] }, { role: 'user', content: [] }] })!, /must alternate between user and assistant roles/);
  assert.match(bedrockConversationProblem({ messages: [{ role: 'user', content: [] }, use, { role: 'user', content: [{ text: 'x' }] }] })!, /Expected toolResult blocks at messages\.2\.content for the following Ids: t1/);
  assert.match(bedrockConversationProblem({ messages: [{ role: 'user', content: [{ toolResult: { toolUseId: 'x' } }] }] })!, /exceeds the number of toolUse blocks/);
});
