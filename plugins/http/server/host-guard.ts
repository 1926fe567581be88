/**
 * DNS-rebinding and cross-origin protection. A browser page on any site can
 * reach 127.0.0.1; what it cannot forge is the Host header (its own name,
 * after a rebinding) and the Origin header. So every request must name this
 * service as a local host, and a present Origin must be this service itself.
 */
import { ApiError, apiError } from '../../../kernel/errors';

/** Names accepted in the Host header whatever the config says. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Wildcard bind addresses: they name no host a client would send. */
const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]']);

/** Results are cached per header value; bounded so hostile headers cannot grow memory. */
const CACHE_LIMIT = 256;

/** Splits `name:port` / `[v6]:port` into a lowercase name and a port string ('' when absent). */
export function splitHostPort(value: string): { name: string; port: string } | null {
  const lower = value.trim().toLowerCase();
  if (!lower) return null;
  if (lower.startsWith('[')) {
    const end = lower.indexOf(']');
    if (end < 0) return null;
    const rest = lower.slice(end + 1);
    if (rest && !/^:\d{1,5}$/.test(rest)) return null;
    return { name: lower.slice(0, end + 1), port: rest.slice(1) };
  }
  const colon = lower.indexOf(':');
  if (colon < 0) return { name: lower, port: '' };
  const port = lower.slice(colon + 1);
  if (!/^\d{1,5}$/.test(port)) return null;
  return { name: lower.slice(0, colon), port };
}

/** Normalises a bind address or config entry into the form a Host header carries. */
function hostName(value: string): string {
  const lower = value.trim().toLowerCase();
  // Only a bare IPv6 address has two or more colons; `name:port` has one.
  return (lower.match(/:/g)?.length ?? 0) > 1 && !lower.startsWith('[') ? `[${lower}]` : lower;
}

/** Checks Host and Origin of incoming requests. */
export class HostGuard {
  private readonly names: Set<string>;
  private readonly hostCache = new Map<string, boolean>();
  private readonly originCache = new Map<string, boolean>();

  /**
   * @param allowedHosts extra names from `settings.allowedHosts` (a name, or `name:port`)
   * @param bindHost the configured listen address; accepted too unless it is a wildcard
   * @param port the port the server actually listens on (known after listen)
   */
  constructor(allowedHosts: readonly string[], bindHost: string, private readonly port: () => number) {
    this.names = new Set(LOCAL_HOSTS);
    for (const h of allowedHosts) this.names.add(hostName(h));
    if (!WILDCARDS.has(bindHost.trim())) this.names.add(hostName(bindHost));
  }

  /** Returns the error to answer with, or null when the request may proceed. */
  check(host: string | undefined, origin: string | undefined): ApiError | null {
    if (host === undefined || !this.cached(this.hostCache, host, () => this.hostAllowed(host))) {
      return apiError('FORBIDDEN_HOST', { header: 'Host', value: host });
    }
    if (origin !== undefined && !this.cached(this.originCache, `${host}\n${origin}`, () => this.originAllowed(origin, host))) {
      return apiError('FORBIDDEN_HOST', { header: 'Origin', value: origin });
    }
    return null;
  }

  private hostAllowed(host: string): boolean {
    const parts = splitHostPort(host);
    if (!parts) return false;
    return this.names.has(parts.name) || (parts.port !== '' && this.names.has(`${parts.name}:${parts.port}`));
  }

  /** The service's own pages: same origin as the request, or any accepted name on the listening port. */
  private originAllowed(origin: string, host: string): boolean {
    const lower = origin.trim().toLowerCase();
    if (!lower.startsWith('http://')) return false;
    const authority = lower.slice('http://'.length).replace(/\/$/, '');
    if (authority === host.trim().toLowerCase()) return true;
    const parts = splitHostPort(authority);
    if (!parts || !this.names.has(parts.name)) return false;
    const port = parts.port === '' ? 80 : Number(parts.port);
    return port === this.port();
  }

  private cached(cache: Map<string, boolean>, key: string, compute: () => boolean): boolean {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const ok = compute();
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, ok);
    return ok;
  }
}

