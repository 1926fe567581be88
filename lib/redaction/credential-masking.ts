/**
 * Masking of credentials inside browser settings (`browser.using`) for every
 * read: a literal proxy password, a WebDriver or CDP endpoint with
 * `user:pass@` or `?token=`, header values, vendor capabilities with an
 * `accessKey`. Driver-neutral on purpose: it knows no driver's schema, only
 * what credentials look like, so a driver that gains a new endpoint or
 * header field is covered without a change here.
 *
 * `${NAME}` placeholders are kept as they are: they are not secrets, and a
 * rerun needs them to fill the value in again.
 */
import { FULL_MASK, maskSecret } from './secrets';

/** Object keys whose value is a credential (the whole value is masked). */
const SECRET_KEY = /pass(word|wd|phrase)?$|^pwd$|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|^key$|auth|credential|cookie|session[-_]?id|signature/i;

/** Keys the pattern above would catch that hold no credential (`proxy.bypass` lists hosts). */
const NOT_SECRET_KEY = /^(bypass|passthrough|authority|authorityUrl)$/i;

/** Object keys holding HTTP headers: every value is masked (endpoints authenticate with them). */
const HEADERS_KEY = /headers$/i;

/** Query parameters that carry a credential in an endpoint URL. */
const SECRET_PARAM = /^(.*token.*|.*key|.*secret.*|pass(word|wd)?|pwd|auth.*|sig|signature|credentials?|session(id)?|.*apikey.*)$/i;

/** `scheme://user:password@` or `scheme://token@` anywhere in a string. */
const USERINFO = /([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@:]*)(?::([^\s/?#@]*))?@/gi;

/** `?name=value` / `&name=value` query parameters anywhere in a string (value up to `&`, `#` or whitespace). */
const QUERY_PARAM = /([?&;])([^=&#\s?]+)=([^&#\s]*)/g;

/** A value made only of `${NAME}` placeholders: kept, it is a reference, not a secret. */
const ONLY_PLACEHOLDERS = /^(?:\$\{[A-Za-z_][A-Za-z0-9_]*\})+$/;

/**
 * Secrets shorter than this are masked where they stand but not searched for
 * in other texts: a short one would match ordinary words there.
 */
const MIN_LITERAL_LENGTH = 6;

/** The masked copy of some settings, and the literal secret values that were masked. */
export interface MaskedCredentials<T> {
  value: T;
  /** Whether anything was masked. */
  changed: boolean;
  /** Every literal secret found (and its percent-decoded form), for redacting it from other texts. */
  secrets: string[];
}

/** Values shorter than this are masked entirely: 7 visible characters of a 12-character password give most of it away. */
const REVEAL_MIN_LENGTH = 20;

/**
 * The mask of one credential: `maskSecret` (first 3 and last 4 characters)
 * for long values such as tokens, so a person can tell which one is set;
 * `****` for anything shorter, which is where passwords are.
 */
export function maskCredential(value: string): string {
  return value.length >= REVEAL_MIN_LENGTH ? maskSecret(value) : FULL_MASK;
}

/**
 * A deep copy of `value` with every credential masked (`maskCredential`):
 * - the value of any key that names a credential (`password`, `token`,
 *   `apiKey`, `accessKey`, `secret`, `authorization`, `cookie`...);
 * - every value of a `headers` object;
 * - in any string: the password (or a lone user, which is then a token) of
 *   `scheme://user:pass@host`, and credential query parameters (`token=`,
 *   `key=`, `password=`, `auth=`, `sig=`...).
 * Strings that are only `${NAME}` placeholders are kept.
 */
export function maskCredentials<T>(value: T): MaskedCredentials<T> {
  const secrets = new Set<string>();
  const state = { changed: false };
  const masked = walk(value, false, secrets, state) as T;
  return { value: masked, changed: state.changed, secrets: [...secrets] };
}

function walk(value: unknown, secret: boolean, secrets: Set<string>, state: { changed: boolean }): unknown {
  if (typeof value === 'string') {
    const out = secret ? maskWhole(value, secrets) : maskInString(value, secrets);
    if (out !== value) state.changed = true;
    return out;
  }
  if (Array.isArray(value)) return value.map((x) => walk(x, secret, secrets, state));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value)) out[k] = walk(x, secret || isSecretKey(k), secrets, state);
    return out;
  }
  // A number under a credential key is still a credential.
  if (secret && typeof value === 'number') {
    state.changed = true;
    return FULL_MASK;
  }
  return value;
}

function isSecretKey(key: string): boolean {
  return (SECRET_KEY.test(key) && !NOT_SECRET_KEY.test(key)) || HEADERS_KEY.test(key);
}

function maskWhole(value: string, secrets: Set<string>): string {
  if (value === '' || ONLY_PLACEHOLDERS.test(value)) return value;
  remember(value, secrets);
  return maskCredential(value);
}

/** Masks userinfo and credential query parameters inside a string; the rest stays readable. */
function maskInString(text: string, secrets: Set<string>): string {
  if (!text.includes('@') && !text.includes('=')) return text;
  let out = text.replace(USERINFO, (all, scheme: string, user: string, password: string | undefined) => {
    if (password !== undefined) {
      if (password === '' || ONLY_PLACEHOLDERS.test(password)) return all;
      remember(password, secrets);
      return `${scheme}${user}:${maskCredential(password)}@`;
    }
    // `https://TOKEN@host`: a lone user in an endpoint URL is how many services pass a token.
    if (user === '' || ONLY_PLACEHOLDERS.test(user)) return all;
    remember(user, secrets);
    return `${scheme}${maskCredential(user)}@`;
  });
  out = out.replace(QUERY_PARAM, (all, sep: string, name: string, val: string) => {
    if (val === '' || ONLY_PLACEHOLDERS.test(val) || !SECRET_PARAM.test(safeDecode(name))) return all;
    remember(val, secrets);
    return `${sep}${name}=${maskCredential(val)}`;
  });
  return out;
}

function remember(value: string, secrets: Set<string>): void {
  if (value.length >= MIN_LITERAL_LENGTH) secrets.add(value);
  const decoded = safeDecode(value.replace(/\+/g, ' '));
  if (decoded !== value && decoded.length >= MIN_LITERAL_LENGTH) secrets.add(decoded);
  const plainDecoded = safeDecode(value);
  if (plainDecoded !== value && plainDecoded.length >= MIN_LITERAL_LENGTH) secrets.add(plainDecoded);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A deep copy of `value` in which every occurrence of each secret (and of
 * its URL-encoded form) inside a string is replaced by its mask. Longest
 * secrets first, so one that contains another is replaced whole.
 */
export function redactLiterals<T>(value: T, secrets: readonly string[]): T {
  if (!secrets.length) return value;
  const forms = new Map<string, string>();
  for (const s of secrets) {
    forms.set(s, maskCredential(s));
    const encoded = encodeURIComponent(s);
    if (encoded !== s) forms.set(encoded, maskCredential(s));
  }
  const ordered = [...forms.entries()].sort((a, b) => b[0].length - a[0].length);
  const replace = (x: unknown): unknown => {
    if (typeof x === 'string') {
      let out = x;
      for (const [literal, mask] of ordered) if (out.includes(literal)) out = out.split(literal).join(mask);
      return out;
    }
    if (Array.isArray(x)) return x.map(replace);
    if (x !== null && typeof x === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) out[k] = replace(v);
      return out;
    }
    return x;
  };
  return replace(value) as T;
}
