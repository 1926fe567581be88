/**
 * Maps our messages and tool definitions to a Bedrock Converse request, and
 * a Converse response back to text, tool calls and usage.
 */
import type {
  ContentBlock, ConverseCommandInput, ConverseCommandOutput, Message, Tool,
} from '@aws-sdk/client-bedrock-runtime';
import { LlmError, type LlmMessage, type LlmRequest, type LlmResponse, type LlmToolCall } from '../../../lib/llm/provider-contract';
import { generatedCallId, parseToolArguments } from '../../../lib/llm/call-support';
import { toTurns, type TurnMessage } from '../../../lib/llm/turns';

/** Output budget when the request sets none. */
export const DEFAULT_MAX_TOKENS = 4096;

/** Tool input schema: `$schema` dropped, always `type: object`. */
export function toBedrockInputSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return { ...rest, type: 'object' };
}

function toBlocks(message: TurnMessage): ContentBlock[] {
  switch (message.role) {
    case 'user': {
      const blocks: ContentBlock[] = (message.images ?? []).map((img) => ({
        image: { format: 'png' as const, source: { bytes: Buffer.from(img.base64, 'base64') } },
      }));
      // Converse rejects empty text blocks.
      if (message.content) blocks.push({ text: message.content });
      return blocks;
    }
    case 'assistant': {
      const blocks: ContentBlock[] = message.content ? [{ text: message.content }] : [];
      for (const call of message.toolCalls ?? []) {
        blocks.push({ toolUse: { toolUseId: call.id, name: call.name, input: (call.arguments ?? {}) as never } });
      }
      return blocks;
    }
    case 'tool':
      return [{
        toolResult: {
          toolUseId: message.toolCallId,
          content: [{ text: message.content || '(empty)' }],
          status: message.isError ? 'error' : 'success',
        },
      }];
  }
}

/** Converse messages (consecutive turns of one role merged, tool results first) and the system prompt. */
export function toBedrockMessages(messages: LlmMessage[]): { system: string | undefined; messages: Message[] } {
  const { system, turns } = toTurns(messages, { toBlocks, isToolResult: (block) => block.toolResult !== undefined });
  return { system, messages: turns.map(({ role, blocks }) => ({ role, content: blocks })) };
}

/** The Converse command input for a request. */
export function toConverseInput(modelId: string, request: LlmRequest): ConverseCommandInput {
  const { system, messages } = toBedrockMessages(request.messages);
  const input: ConverseCommandInput = {
    modelId,
    messages,
    inferenceConfig: { maxTokens: request.maxOutputTokens ?? DEFAULT_MAX_TOKENS },
  };
  if (system) input.system = [{ text: system }];
  if (request.tools.length) {
    const tools: Tool[] = request.tools.map((tool) => ({
      toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: toBedrockInputSchema(tool.inputSchema) as never } },
    }));
    input.toolConfig = { tools, toolChoice: request.toolChoice === 'required' ? { any: {} } : { auto: {} } };
  }
  return input;
}

/** Text, tool calls and usage of a Converse response. */
export function fromConverseOutput(output: ConverseCommandOutput): LlmResponse {
  const message = output.output?.message;
  if (!message) throw new LlmError('BAD_RESPONSE', 'the model answered with no message');
  const texts: string[] = [];
  const toolCalls: LlmToolCall[] = [];
  for (const block of message.content ?? []) {
    if (typeof block.text === 'string') texts.push(block.text);
    // `input` is a JSON document; a string or array is reported, not thrown.
    else if (block.toolUse) toolCalls.push({ id: block.toolUse.toolUseId || generatedCallId(), name: block.toolUse.name ?? 'unknown', ...parseToolArguments(block.toolUse.input) });
  }
  const usage = output.usage;
  const inputTokens = (usage?.inputTokens ?? 0) + (usage?.cacheReadInputTokens ?? 0) + (usage?.cacheWriteInputTokens ?? 0);
  return { text: texts.join('\n') || null, toolCalls, usage: { inputTokens, outputTokens: usage?.outputTokens ?? 0 } };
}
