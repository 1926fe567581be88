/**
 * Which fields of a GPT configuration are secret, masking them for reads,
 * and keeping a stored secret when a client writes back the masked form it
 * was shown (GET, edit modelName, POST the whole object).
 */
import type { LlmProvider } from '../../../kernel/contracts/llm-provider';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import { maskSecret } from '../../../kernel/secrets';

/** Used when no loaded provider serves a stored configuration's type: mask anything that looks like a credential. */
const LIKELY_SECRET = /key|secret|token|password|credential/i;

/** Secret field names of a configuration, by its provider (or by name when the provider is not loaded). */
export function secretFieldsOf(config: GptConfigRecord, providers: ReadonlyMap<string, LlmProvider>): string[] {
  const provider = providers.get(config.type);
  if (provider) return [...provider.secretFields];
  return Object.keys(config).filter((k) => k !== 'type' && k !== 'modelName' && LIKELY_SECRET.test(k));
}

/** A copy with every secret field masked. */
export function maskConfig(config: GptConfigRecord, providers: ReadonlyMap<string, LlmProvider>): GptConfigRecord {
  const out: GptConfigRecord = { ...config };
  for (const field of secretFieldsOf(config, providers)) {
    if (out[field] !== undefined && out[field] !== null) out[field] = maskSecret(out[field]);
  }
  return out;
}

/**
 * Replaces secret fields that equal the mask of the stored value (same
 * type) by the stored value, so a round-tripped masked key never overwrites
 * the real one.
 */
export function keepMaskedSecrets(next: GptConfigRecord, stored: GptConfigRecord | undefined, providers: ReadonlyMap<string, LlmProvider>): GptConfigRecord {
  if (!stored || stored.type !== next.type) return next;
  const out: GptConfigRecord = { ...next };
  for (const field of secretFieldsOf(next, providers)) {
    const previous = stored[field];
    if (typeof previous === 'string' && typeof out[field] === 'string' && out[field] === maskSecret(previous)) out[field] = previous;
  }
  return out;
}

/** Every secret string of a configuration (for the logger's redaction list). */
export function secretValuesOf(config: GptConfigRecord, providers: ReadonlyMap<string, LlmProvider>): string[] {
  const values: string[] = [];
  for (const field of secretFieldsOf(config, providers)) {
    const value = config[field];
    if (typeof value === 'string' && value) values.push(value);
  }
  return values;
}
