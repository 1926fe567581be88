/**
 * Origin patterns: where an env value may be used (`allowedOrigins` of
 * POST /api/env/{key}) and where a flow's browser may go (`allowedOrigins`
 * of a CreateFlow). A pattern is
 *
 * - `scheme://host` or `scheme://host:port` (scheme `http` or `https`): that
 *   one origin; without a port, the scheme's default port (as an origin is
 *   written: `https://acme.com` is port 443 only);
 * - `scheme://*.host[:port]`: every subdomain of `host` (not `host` itself;
 *   list both to allow both);
 * - `*`: anywhere (an explicit choice).
 *
 * Patterns are normalised as the URL parser writes an origin (lowercase,
 * punycode, no default port), so `HTTPS://Acme.com:443` is stored as
 * `https://acme.com`. Origins are compared exactly: no path, query or
 * userinfo takes part.
 */
import * as v from 'valibot';

/** The pattern that allows every origin. */
export const ANY_ORIGIN = '*';

/** How many patterns one list may hold. */
export const MAX_ORIGIN_PATTERNS = 50;

const WILDCARD_LABEL = 'browserflow-wildcard-label';

interface ParsedPattern {
  scheme: string;
  /** Host as the URL parser writes it (IPv6 in brackets); for a wildcard, the parent domain. */
  host: string;
  /** '' for the scheme's default port. */
  port: string;
  wildcard: boolean;
}

/** A pattern's normal form, or why it is not one (a message for `allowedOrigins[i]: ...`). */
export function normalizeOriginPattern(input: string): { pattern: string } | { problem: string } {
  const text = input.trim();
  if (text === ANY_ORIGIN) return { pattern: ANY_ORIGIN };
  const parsed = parsePattern(text);
  if ('problem' in parsed) return parsed;
  return { pattern: format(parsed) };
}

function parsePattern(text: string): ParsedPattern | { problem: string } {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)\/?$/.exec(text);
  if (!m) return { problem: `"${short(text)}" is not an origin pattern: write scheme://host[:port] (e.g. https://acme.com, https://*.acme.com, http://127.0.0.1:8080) or * for anywhere` };
  const scheme = m[1]!.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { problem: `"${short(text)}": the scheme must be http or https` };
  const written = m[2]!;
  let authority = written;
  if (!authority) return { problem: `"${short(text)}": a host is required` };
  if (authority.includes('@')) return { problem: `"${short(text)}": no user or password may be part of an origin` };
  const wildcard = authority.startsWith('*.');
  if (wildcard) authority = `${WILDCARD_LABEL}.${authority.slice(2)}`;
  if (authority.includes('*')) return { problem: `"${short(text)}": * may only stand alone or start the host as *.` };
  let url: URL;
  try {
    url = new URL(`${scheme}://${authority}`);
  } catch {
    return { problem: `"${short(text)}": "${short(written)}" is not a valid ${wildcard ? '*.host[:port] (*. needs a domain name after it)' : 'host[:port]'}` };
  }
  let host = url.hostname;
  if (wildcard) {
    host = host.slice(WILDCARD_LABEL.length + 1);
    if (!host || host.startsWith('[') || /^[\d.]+$/.test(host)) return { problem: `"${short(text)}": *. needs a domain name after it` };
  }
  return { scheme, host, port: url.port, wildcard };
}

function format(p: ParsedPattern): string {
  return `${p.scheme}://${p.wildcard ? '*.' : ''}${p.host}${p.port ? `:${p.port}` : ''}`;
}

function short(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** The origin of a URL as the browser computes it (`blob:` URLs give their creator's); `null` for opaque origins (about:, data:) and non-URLs. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

/** Whether the normalised `pattern` allows `origin` (an origin as `URL.origin` writes it). */
export function patternAllows(pattern: string, origin: string): boolean {
  if (pattern === ANY_ORIGIN) return true;
  if (origin === 'null') return false;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  const p = parsePattern(pattern);
  if ('problem' in p) return false;
  if (o.protocol !== `${p.scheme}:` || o.port !== p.port) return false;
  return p.wildcard ? o.hostname.endsWith(`.${p.host}`) : o.hostname === p.host;
}

/** A list of normalised patterns. */
export class OriginPolicy {
  constructor(readonly patterns: readonly string[]) {}

  /** Whether any pattern allows `origin`. */
  allows(origin: string): boolean {
    return this.patterns.some((p) => patternAllows(p, origin));
  }

  /** Whether any pattern allows the origin of `url`. */
  allowsUrl(url: string): boolean {
    return this.allows(originOf(url));
  }

  /**
   * Whether a cookie of `host` would go to an origin some pattern allows
   * (a cookie names a host, not a scheme or port): a host-only cookie to
   * that host on the pattern's own scheme and port; a domain cookie
   * (`.acme.com`, `domainCookie`) to that host or any host under it.
   */
  allowsCookieHost(host: string, domainCookie: boolean): boolean {
    return this.patterns.some((p) => {
      if (p === ANY_ORIGIN) return true;
      try {
        const u = new URL(p.replace('://*.', '://wildcard.'));
        const patternHost = u.hostname.replace(/^wildcard\./, '');
        if (domainCookie && (patternHost === host || patternHost.endsWith(`.${host}`))) return true;
        return patternAllows(p, `${u.protocol}//${host}${u.port ? `:${u.port}` : ''}`);
      } catch {
        return false;
      }
    });
  }

  /** `https://acme.com, https://*.acme.com` (or `nowhere`), for messages. */
  describe(): string {
    return this.patterns.length ? this.patterns.join(', ') : 'nowhere';
  }
}

/** The policy of a variable without `allowedOrigins`: the origin of the flow's `targetWebsite` (nowhere for a file: target). */
export function siteOriginPolicy(targetWebsite: string): OriginPolicy {
  const origin = originOf(targetWebsite);
  return new OriginPolicy(origin === 'null' ? [] : [origin]);
}

/**
 * valibot schema of a list of origin patterns: each item normalised, or a
 * 400 naming it (`allowedOrigins[1]: "ftp://x": the scheme must be http or https`).
 */
export const OriginPatternsSchema = v.pipe(
  v.array(v.pipe(
    v.string(),
    v.maxLength(300, 'must be at most 300 characters'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = normalizeOriginPattern(dataset.value);
      if ('problem' in result) {
        addIssue({ message: result.problem });
        return NEVER;
      }
      return result.pattern;
    }),
  )),
  v.minLength(1, 'must list at least one origin pattern (leave the field out for the default)'),
  v.maxLength(MAX_ORIGIN_PATTERNS, `at most ${MAX_ORIGIN_PATTERNS} origin patterns`),
  v.transform((list) => [...new Set(list)]),
  v.description('Origin patterns: scheme://host[:port], scheme://*.host[:port] for subdomains, or * for anywhere'),
);
