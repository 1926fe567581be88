/**
 * Maps our messages and tool definitions to Anthropic Messages API
 * parameters, and a message back to text, tool calls and usage.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { LlmMessage, LlmRequest, LlmResponse, LlmToolDefinition } from '../../../lib/llm/provider-contract';
import { generatedCallId, parseToolArguments } from '../../../lib/llm/call-support';
import { toTurns, type TurnMessage } from '../../../lib/llm/turns';

type MessageParams = Anthropic.MessageCreateParamsNonStreaming;
type Block = Anthropic.ContentBlockParam;

/** Output budget when the request sets none (the API requires one). */
export const DEFAULT_MAX_TOKENS = 4096;

/** Tool input schema: `$schema` dropped, always `type: object` as Anthropic requires. */
export function toAnthropicInputSchema(schema: Record<string, unknown>): Anthropic.Tool.InputSchema {
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: 'object' } as Anthropic.Tool.InputSchema;
}

function toBlocks(message: TurnMessage): Block[] {
  switch (message.role) {
    case 'user': {
      const blocks: Block[] = (message.images ?? []).map((img) => ({
        type: 'image' as const,
        source: { type: 'base64' as const, media_type: img.mimeType, data: img.base64 },
      }));
      // The API rejects empty text blocks.
      if (message.content) blocks.push({ type: 'text', text: message.content });
      return blocks;
    }
    case 'assistant': {
      const blocks: Block[] = message.content ? [{ type: 'text', text: message.content }] : [];
      for (const call of message.toolCalls ?? []) {
        // A call whose arguments could not be parsed is replayed with empty input.
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments ?? {} });
      }
      return blocks;
    }
    case 'tool':
      return [{ type: 'tool_result', tool_use_id: message.toolCallId, content: message.content, ...(message.isError ? { is_error: true } : {}) }];
  }
}

/**
 * Anthropic wants a separate system prompt and alternating user/assistant
 * turns whose tool results sit in a user turn: consecutive turns of one role
 * (e.g. several tool results, then a user note) are merged.
 */
export function toAnthropicMessages(messages: LlmMessage[]): { system: string | undefined; messages: Anthropic.MessageParam[] } {
  // Tool results must come first in their user turn.
  const { system, turns } = toTurns(messages, { toBlocks, isToolResult: (block) => block.type === 'tool_result' });
  return { system, messages: turns.map(({ role, blocks }) => ({ role, content: blocks })) };
}

function toAnthropicTool(tool: LlmToolDefinition): Anthropic.Tool {
  return { name: tool.name, description: tool.description, input_schema: toAnthropicInputSchema(tool.inputSchema) };
}

/** Messages API parameters for a request. */
export function toMessageParams(modelName: string, request: LlmRequest): MessageParams {
  const { system, messages } = toAnthropicMessages(request.messages);
  const params: MessageParams = { model: modelName, max_tokens: request.maxOutputTokens ?? DEFAULT_MAX_TOKENS, messages };
  if (system) params.system = system;
  if (request.tools.length) {
    params.tools = request.tools.map(toAnthropicTool);
    params.tool_choice = { type: request.toolChoice === 'required' ? 'any' : 'auto' };
  }
  return params;
}

/** Text, tool calls and usage of a message. */
export function fromMessage(message: Anthropic.Message): LlmResponse {
  const texts: string[] = [];
  const toolCalls: LlmResponse['toolCalls'] = [];
  for (const block of message.content ?? []) {
    if (block.type === 'text') texts.push(block.text);
    // `input` is an object on the wire; anything else (e.g. a string) is reported, not thrown.
    else if (block.type === 'tool_use') toolCalls.push({ id: block.id || generatedCallId(), name: block.name, ...parseToolArguments(block.input) });
  }
  const usage = message.usage;
  const inputTokens = (usage?.input_tokens ?? 0) + (usage?.cache_creation_input_tokens ?? 0) + (usage?.cache_read_input_tokens ?? 0);
  return { text: texts.join('\n') || null, toolCalls, usage: { inputTokens, outputTokens: usage?.output_tokens ?? 0 } };
}
