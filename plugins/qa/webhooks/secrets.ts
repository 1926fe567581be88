/**
 * Signing secrets of webhooks, in the Standard Webhooks form `whsec_` +
 * base64 of 24 random bytes (what the `standardwebhooks` package reads).
 * A secret is answered once, when made; every later read masks it.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookRecord } from '../../../lib/qa/run-types';

export const MASKED_SECRET = 'whsec_****';

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** A webhook as answered: its secret shown only when `reveal` (the answer that made it). */
export function webhookView(hook: WebhookRecord, reveal = false): WebhookRecord {
  return { ...hook, secret: reveal ? hook.secret : MASKED_SECRET };
}
