/**
 * A HAR 1.2 made safe to hand out: the values of credential headers
 * (`authorization`, `proxy-authorization`, `cookie`, `set-cookie`, API key
 * headers) and of every cookie are replaced, and every other string (URLs,
 * query strings, posted data, response bodies as text) goes through the
 * flow's redaction, which turns env values back into `${NAME}` and masks the
 * flow's other secrets. Bodies the HAR holds as base64 (binary) are left as
 * they are.
 */

/** What a redacted credential reads as. */
export const REDACTED = '[redacted]';

/** Headers whose value is a credential, whatever it looks like. */
const CREDENTIAL_HEADERS = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token|x-csrf-token|x-xsrf-token)$/i;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function walk(value: Json, redact: (text: string) => string, key: string | null): Json {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) {
    if (key === 'headers') return value.map((h) => header(h, redact));
    if (key === 'cookies') return value.map((c) => (c && typeof c === 'object' && !Array.isArray(c) ? { ...walkObject(c, redact), value: REDACTED } : c));
    return value.map((v) => walk(v, redact, null));
  }
  if (value && typeof value === 'object') {
    // A body encoded as base64 is binary: redaction of text cannot apply to it.
    if (key === 'content' && value.encoding === 'base64') return { ...value };
    return walkObject(value, redact);
  }
  return value;
}

function walkObject(value: { [k: string]: Json }, redact: (text: string) => string): { [k: string]: Json } {
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) out[k] = walk(v, redact, k);
  return out;
}

function header(h: Json, redact: (text: string) => string): Json {
  if (!h || typeof h !== 'object' || Array.isArray(h)) return walk(h, redact, null);
  const name = typeof h.name === 'string' ? h.name : '';
  return CREDENTIAL_HEADERS.test(name) ? { ...walkObject(h, redact), value: REDACTED } : walkObject(h, redact);
}

/** The redacted copy of a parsed HAR. */
export function redactHar<T>(har: T, redact: (text: string) => string): T {
  return walk(har as Json, redact, null) as T;
}
