/**
 * `@google/genai` and google-auth-library, loaded by the first call that
 * needs them (lib/llm/lazy-sdk.ts says why); every file of this plugin takes
 * them from here, so clients and error classes come from one instance.
 */
import { lazySdk } from '../../../../lib/llm/lazy-sdk';

/** The `@google/genai` module. */
export const genai = lazySdk<typeof import('@google/genai')>(import.meta.url, '@google/genai');
/** The google-auth-library module. */
export const googleAuth = lazySdk<typeof import('google-auth-library')>(import.meta.url, 'google-auth-library');
