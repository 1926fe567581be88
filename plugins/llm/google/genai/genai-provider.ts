/**
 * Base of the two `@google/genai` providers (Gemini API and Vertex AI): the
 * request, the answer and the error classification are the same; only how
 * the client is built (API key or Google credentials) differs.
 */
import type { GoogleGenAI, HttpOptions } from '@google/genai';
import type { LlmError, LlmResponse } from '../../../../lib/llm/provider-contract';
import { SdkLlmProvider, type FailedCall, type SdkCall } from '../../../../lib/llm/sdk-provider';
import { classifyGenAiError } from './errors';
import { fromGenerateResponse, toContents, toGenerateConfig } from './mapping';

/** The configuration fields a genai provider reads in every call. */
export interface GenAiConfig {
  modelName: string;
  baseUrl?: string;
}

/**
 * Client HTTP options: the endpoint override when there is one, and the SDK's
 * own retries off (`attempts: 1`): the kernel retries.
 */
export function genAiHttpOptions(endpoint: string | undefined): HttpOptions {
  return { ...(endpoint ? { baseUrl: endpoint } : {}), retryOptions: { attempts: 1 } };
}

/** A provider that calls `generateContent` through a `GoogleGenAI` client. */
export abstract class GenAiProvider<C extends GenAiConfig> extends SdkLlmProvider<C, GoogleGenAI> {
  /** Names the service in error messages, e.g. `Gemini`. */
  protected abstract readonly serviceName: string;

  protected async send({ client, config, request, signal }: SdkCall<C, GoogleGenAI>): Promise<LlmResponse> {
    const { contents, systemInstruction } = toContents(request.messages);
    const response = await client.models.generateContent({
      model: config.modelName,
      contents,
      config: { ...toGenerateConfig(request, systemInstruction), abortSignal: signal },
    });
    return fromGenerateResponse(response, request);
  }

  protected classifyError(err: unknown, call: FailedCall): LlmError {
    return classifyGenAiError(err, call, this.serviceName);
  }
}
