/**
 * Maps our messages and tool definitions to OpenAI chat-completions
 * parameters, and a chat completion back to text, tool calls and usage.
 */
import type OpenAI from 'openai';
import { LlmError, type LlmMessage, type LlmRequest, type LlmResponse, type LlmToolDefinition } from '../../../lib/llm/provider-contract';
import { generatedCallId, parseToolArguments } from '../../../lib/llm/call-support';

type ChatParams = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;
type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * Tool JSON Schema for OpenAI functions: `$schema` is dropped (meaningless
 * there) and an object without `properties` gets an empty one, which some
 * OpenAI-compatible servers insist on. Everything else is kept.
 */
export function toOpenAiParameters(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  if (rest.type === undefined) rest.type = 'object';
  if (rest.type === 'object' && rest.properties === undefined) rest.properties = {};
  return rest;
}

function toOpenAiMessage(message: LlmMessage): ChatMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      if (!message.images?.length) return { role: 'user', content: message.content };
      return {
        role: 'user',
        content: [
          { type: 'text', text: message.content },
          ...message.images.map((img) => ({
            type: 'image_url' as const,
            image_url: { url: `data:${img.mimeType};base64,${img.base64}` },
          })),
        ],
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function' as const,
                function: { name: call.name, arguments: call.rawArguments ?? JSON.stringify(call.arguments ?? {}) },
              })),
            }
          : {}),
      };
    case 'tool':
      // Chat completions has no error flag on tool results: say it in the text.
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.isError ? `ERROR: ${message.content}` : message.content };
  }
}

function toOpenAiTool(tool: LlmToolDefinition): OpenAI.Chat.Completions.ChatCompletionFunctionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: toOpenAiParameters(tool.inputSchema) } };
}

/**
 * Chat-completions parameters for a request. `max_completion_tokens` is what
 * api.openai.com wants (reasoning models reject `max_tokens`); custom
 * endpoints get the older `max_tokens`, which OpenAI-compatible servers know.
 */
export function toChatParams(modelName: string, request: LlmRequest, customEndpoint: boolean): ChatParams {
  const params: ChatParams = { model: modelName, messages: request.messages.map(toOpenAiMessage) };
  if (request.tools.length) {
    params.tools = request.tools.map(toOpenAiTool);
    params.tool_choice = request.toolChoice === 'required' ? 'required' : 'auto';
  }
  if (request.maxOutputTokens !== undefined) {
    if (customEndpoint) params.max_tokens = request.maxOutputTokens;
    else params.max_completion_tokens = request.maxOutputTokens;
  }
  return params;
}

/** Text, tool calls and usage of a chat completion. */
export function fromChatCompletion(completion: OpenAI.Chat.Completions.ChatCompletion): LlmResponse {
  const choice = completion.choices?.[0];
  if (!choice?.message) throw new LlmError('BAD_RESPONSE', 'the model answered with no choice');
  const message = choice.message;
  const toolCalls = (message.tool_calls ?? []).flatMap((call) => {
    if (call.type !== 'function') return [];
    return [{ id: call.id || generatedCallId(), name: call.function.name, ...parseToolArguments(call.function.arguments ?? '') }];
  });
  const text = message.content ?? message.refusal ?? null;
  return {
    text: text === '' ? null : text,
    toolCalls,
    usage: { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 },
  };
}
