/**
 * Which fields of a GPT configuration are secret, masking them for reads,
 * and keeping a stored secret when a client writes back the masked form it
 * was shown (GET, edit modelName, POST the whole object).
 */
import type { LlmProvider } from '../../../lib/llm/provider-contract';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import { invalidRequest } from '../../../kernel/errors';
import { maskSecret } from '../../../lib/redaction/secrets';

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

/** Fields that never change where a configuration's requests go, for providers that declare no endpoint fields. */
const NOT_ENDPOINT = new Set(['type', 'modelName', 'vision']);

/**
 * The fields of `next` or `stored` that decide where requests go: the
 * provider's `endpointFields`, or (undeclared) every field but the secret
 * ones, `modelName` and `vision`.
 */
function endpointFieldsOf(next: GptConfigRecord, stored: GptConfigRecord, providers: ReadonlyMap<string, LlmProvider>, secrets: readonly string[]): string[] {
  const declared = providers.get(next.type)?.endpointFields;
  if (declared) return [...declared];
  const secret = new Set(secrets);
  return [...new Set([...Object.keys(next), ...Object.keys(stored)])].filter((k) => !NOT_ENDPOINT.has(k) && !secret.has(k));
}

/** The endpoint-defining fields (and `type`) whose values differ between the stored and the new configuration. */
function changedEndpointFields(next: GptConfigRecord, stored: GptConfigRecord, providers: ReadonlyMap<string, LlmProvider>, secrets: readonly string[]): string[] {
  if (stored.type !== next.type) return ['type'];
  return endpointFieldsOf(next, stored, providers, secrets).filter((f) => JSON.stringify(next[f]) !== JSON.stringify(stored[f]));
}

/**
 * Replaces secret fields that equal the mask of the stored value by the
 * stored value, so a round-tripped masked key never overwrites the real one.
 * That only applies while the endpoint is the same (`type` and every
 * endpoint field unchanged): a masked secret sent with a new `baseUrl`,
 * region, project... would send the stored secret to a host its owner never
 * chose, so it is refused with 400 naming the secret field.
 */
export function keepMaskedSecrets(next: GptConfigRecord, stored: GptConfigRecord | undefined, providers: ReadonlyMap<string, LlmProvider>): GptConfigRecord {
  if (!stored) return next;
  const out: GptConfigRecord = { ...next };
  // Both types' secret fields: a masked OPENAI apiKey sent as an ANTHROPIC one must be caught too.
  const secrets = [...new Set([...secretFieldsOf(next, providers), ...secretFieldsOf(stored, providers)])];
  let changed: string[] | undefined;
  for (const field of secrets) {
    const previous = stored[field];
    if (typeof previous !== 'string' || typeof out[field] !== 'string' || out[field] !== maskSecret(previous)) continue;
    changed ??= changedEndpointFields(next, stored, providers, secrets);
    if (changed.length) {
      throw invalidRequest(`${field}: is the masked form of the stored secret, but ${changed.join(', ')} changed: send the key again to change the endpoint`);
    }
    out[field] = previous;
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
