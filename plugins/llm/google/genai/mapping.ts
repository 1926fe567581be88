/**
 * Maps our messages and tool definitions to a `@google/genai`
 * generateContent request (Gemini API and Vertex AI speak the same shapes),
 * and a response back to text, tool calls and usage.
 */
import { randomUUID } from 'node:crypto';
import type {
  FunctionCallingConfigMode, Content, GenerateContentConfig, GenerateContentResponse, Part,
} from '@google/genai';
import { LlmError, type LlmMessage, type LlmRequest, type LlmResponse, type LlmToolCall } from '../../../../lib/llm/provider-contract';
import { toGeminiParameters } from './schema';
import { parseToolArguments } from '../../../../lib/llm/call-support';
import { toTurns, type TurnMessage } from '../../../../lib/llm/turns';

/**
 * Prefix of ids we make up for function calls the model sent without one;
 * such ids are never sent back to the API (it would not know them).
 */
const LOCAL_ID_PREFIX = 'gcall_';

/**
 * Gemini 3 models reject a history whose function calls lack the thought
 * signature they came with: it travels in the call's opaque `providerData`
 * and is sent back when the call is replayed.
 */
function thoughtSignatureOf(call: LlmToolCall): string | undefined {
  const signature = call.providerData?.thoughtSignature;
  return typeof signature === 'string' && signature ? signature : undefined;
}

function realId(id: string): string | undefined {
  return id.startsWith(LOCAL_ID_PREFIX) ? undefined : id;
}

/**
 * A call whose arguments could not be parsed (MALFORMED_FUNCTION_CALL) never
 * reached the API as a function call, so it is replayed as text, and so is
 * its result: a functionCall naming no declared function would be rejected.
 */
function malformedCallIds(messages: LlmMessage[]): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) if (m.role === 'assistant') for (const c of m.toolCalls ?? []) if (c.arguments === null) ids.add(c.id);
  return ids;
}

function toParts(message: TurnMessage, malformed: Set<string>): Part[] {
  switch (message.role) {
    case 'user': {
      const parts: Part[] = message.content ? [{ text: message.content }] : [];
      for (const img of message.images ?? []) parts.push({ inlineData: { mimeType: img.mimeType, data: img.base64 } });
      return parts;
    }
    case 'assistant': {
      const parts: Part[] = message.content ? [{ text: message.content }] : [];
      for (const call of message.toolCalls ?? []) {
        if (malformed.has(call.id)) {
          parts.push({ text: `(malformed call of ${call.name}: ${call.rawArguments ?? ''})` });
          continue;
        }
        const signature = thoughtSignatureOf(call);
        parts.push({
          functionCall: { ...(realId(call.id) ? { id: call.id } : {}), name: call.name, args: call.arguments ?? {} },
          ...(signature ? { thoughtSignature: signature } : {}),
        });
      }
      return parts;
    }
    case 'tool':
      if (malformed.has(message.toolCallId)) return [{ text: `Result of the malformed ${message.name} call: ${message.content}` }];
      // Gemini's convention: `output` for a result, `error` for a failure.
      return [{
        functionResponse: {
          ...(realId(message.toolCallId) ? { id: message.toolCallId } : {}),
          name: message.name,
          response: message.isError ? { error: message.content } : { output: message.content },
        },
      }];
  }
}

/** Contents (user/model turns, consecutive turns of one role merged) and the system instruction. */
export function toContents(messages: LlmMessage[]): { contents: Content[]; systemInstruction?: string } {
  const malformed = malformedCallIds(messages);
  const { system, turns } = toTurns(messages, { toBlocks: (message) => toParts(message, malformed) });
  const contents = turns.map(({ role, blocks }): Content => ({ role: role === 'assistant' ? 'model' : 'user', parts: blocks }));
  return { contents, ...(system ? { systemInstruction: system } : {}) };
}

/** The generateContent config for a request (without the abort signal). */
export function toGenerateConfig(request: LlmRequest, systemInstruction: string | undefined): GenerateContentConfig {
  const config: GenerateContentConfig = {};
  if (systemInstruction) config.systemInstruction = systemInstruction;
  if (request.maxOutputTokens !== undefined) config.maxOutputTokens = request.maxOutputTokens;
  if (request.tools.length) {
    config.tools = [{
      functionDeclarations: request.tools.map((tool) => {
        const parameters = toGeminiParameters(tool.inputSchema);
        return { name: tool.name, description: tool.description, ...(parameters ? { parameters } : {}) };
      }),
    }];
    config.toolConfig = {
      functionCallingConfig: { mode: (request.toolChoice === 'required' ? 'ANY' : 'AUTO') as FunctionCallingConfigMode },
    };
    // We run the tools ourselves: the SDK must never call them.
    config.automaticFunctionCalling = { disable: true };
  }
  return config;
}

/**
 * A function call Gemini could not produce (finish reason
 * MALFORMED_FUNCTION_CALL): reported as a call with null arguments, named
 * after the first offered tool its finish message mentions (Vertex sends the
 * message; the Gemini API's SDK drops it), else the only offered tool.
 */
function malformedCall(finishMessage: string | undefined, request: LlmRequest): LlmToolCall {
  const raw = finishMessage ?? '';
  let name = request.tools.length === 1 ? request.tools[0]!.name : 'unknown';
  let at = Infinity;
  for (const tool of request.tools) {
    const i = raw.search(new RegExp(`\\b${tool.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
    if (i >= 0 && i < at) { at = i; name = tool.name; }
  }
  return { id: `${LOCAL_ID_PREFIX}${randomUUID().slice(0, 18)}`, name, arguments: null, rawArguments: raw, parseError: raw ? `the model sent a malformed function call: ${raw.slice(0, 300)}` : 'the model sent a malformed function call (finish reason MALFORMED_FUNCTION_CALL)' };
}

/** Text, tool calls and usage of a response. */
export function fromGenerateResponse(response: GenerateContentResponse, request: LlmRequest): LlmResponse {
  const candidate = response.candidates?.[0];
  if (!candidate) {
    const blocked = response.promptFeedback?.blockReason;
    throw new LlmError('BAD_RESPONSE', blocked ? `the model refused the prompt (${blocked})` : 'the model answered with no candidate');
  }
  const texts: string[] = [];
  const toolCalls: LlmToolCall[] = [];
  for (const part of candidate.content?.parts ?? []) {
    if (part.functionCall) {
      const id = part.functionCall.id || `${LOCAL_ID_PREFIX}${randomUUID().slice(0, 18)}`;
      toolCalls.push({
        id, name: part.functionCall.name ?? 'unknown', ...parseToolArguments(part.functionCall.args),
        ...(part.thoughtSignature ? { providerData: { thoughtSignature: part.thoughtSignature } } : {}),
      });
    } else if (typeof part.text === 'string' && !part.thought) texts.push(part.text);
  }
  if (String(candidate.finishReason) === 'MALFORMED_FUNCTION_CALL' && !toolCalls.length) toolCalls.push(malformedCall(candidate.finishMessage, request));
  const usage = response.usageMetadata;
  return {
    text: texts.join('') || null,
    toolCalls,
    usage: {
      inputTokens: (usage?.promptTokenCount ?? 0) + (usage?.toolUsePromptTokenCount ?? 0),
      outputTokens: (usage?.candidatesTokenCount ?? 0) + (usage?.thoughtsTokenCount ?? 0),
    },
  };
}
