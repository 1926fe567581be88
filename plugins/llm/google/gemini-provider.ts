/** The `GOOGLE_GEMINI` provider: the Gemini Developer API through `@google/genai`. */
import type { GoogleGenAI } from '@google/genai';
import { genai } from './genai/sdk';
import { GenAiProvider, genAiHttpOptions } from './genai/genai-provider';
import { GEMINI_ENDPOINT_FIELDS, GEMINI_SECRET_FIELDS, GEMINI_TYPE, geminiConfigSchema, type GeminiConfig } from './gemini-config';

/** LLM provider for GPT configurations of type `GOOGLE_GEMINI`. */
export class GeminiProvider extends GenAiProvider<GeminiConfig> {
  readonly type = GEMINI_TYPE;
  readonly description = 'Google Gemini through the Gemini Developer API (API key)';
  readonly configSchema = geminiConfigSchema;
  readonly secretFields = GEMINI_SECRET_FIELDS;
  readonly endpointFields = GEMINI_ENDPOINT_FIELDS;
  protected readonly serviceName = 'Gemini';

  protected clientKey(config: GeminiConfig, baseUrl: string | undefined): unknown {
    return { apiKey: config.apiKey, baseUrl };
  }

  protected createClient(config: GeminiConfig, baseUrl: string | undefined): GoogleGenAI {
    return new (genai().GoogleGenAI)({ apiKey: config.apiKey, httpOptions: genAiHttpOptions(baseUrl) });
  }
}
