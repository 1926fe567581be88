/**
 * `baseUrl` of a run: the recorded origin of a flow (its `targetWebsite`'s)
 * replaced by another, wherever the replayed flow names it (the target, a
 * `navigate` URL, an `href` in a recorded selector), so one recording runs
 * against staging, a preview deploy or a port that changed. URLs of other
 * origins stay as they are. A path in `baseUrl` is kept before the recorded
 * path (`https://staging.example.com/app` + `/login`).
 */
import type { CreateFlow } from '../../../lib/validation/create-flow-schema';

/** `http://127.0.0.1:4000` of a URL, or null (no http(s) origin). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** `baseUrl` checked: an absolute http(s) URL without query or fragment; answered without a trailing slash. Throws a reason. */
export function normaliseBaseUrl(baseUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new Error('expected an absolute http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`scheme "${parsed.protocol}" is not allowed; use http or https`);
  if (parsed.search || parsed.hash) throw new Error('must not have a query or a fragment');
  if (parsed.username || parsed.password) throw new Error('must not carry credentials (use env variables in the flow)');
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces `origin` in `text` where it ends a URL's origin (followed by the end, `/`, `?`, `#`, a quote, a space or a bracket). */
function replaceOrigin(text: string, pattern: RegExp, to: string): string {
  return text.replace(pattern, to);
}

/** Every string in `value`, deeply, passed through `fn` (a new value; `value` is not changed). */
function mapStrings(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

/** The body with its recorded origin replaced by `baseUrl` (normalised); unchanged when the target has no http(s) origin. */
export function withBaseUrl(body: CreateFlow, baseUrl: string): CreateFlow {
  const origin = originOf(body.targetWebsite);
  if (!origin) return body;
  const pattern = new RegExp(`${escapeRegExp(origin)}(?=$|[/?#"'\\s)\\]])`, 'gi');
  const fix = (s: string) => replaceOrigin(s, pattern, baseUrl);
  const out: CreateFlow = {
    ...body,
    targetWebsite: fix(body.targetWebsite),
    toolCallsOnStart: body.toolCallsOnStart.map((c) => ({ ...c, parameters: mapStrings(c.parameters, fix) as Record<string, unknown> })),
  };
  // Origins a flow's secrets are bound to (when the body has them) follow the target: the recorded one becomes the new one.
  const to = originOf(baseUrl);
  if (body.allowedOrigins && to) {
    out.allowedOrigins = body.allowedOrigins.map((o) => (o.toLowerCase() === origin.toLowerCase() ? to : o));
  }
  return out;
}
