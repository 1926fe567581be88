/**
 * The service's own origins, as every browser driver blocks them: a flow's
 * browser must not load the service's API (`/api/env` would hand a page, the
 * tool-call records and the LLM prompt every env value).
 *
 * An origin is "the service's own" when its port is the one the HTTP server
 * listens on and its host reaches this machine's service: every loopback
 * alias (`localhost`, `*.localhost`, `127.0.0.0/8`, `[::1]`, `0.0.0.0`,
 * `[::]`, IPv4-mapped loopback), the configured bind host, the extra names of
 * `settings.allowedHosts`, and, when the service binds a wildcard address,
 * every address of this machine's interfaces and its host name. Schemes:
 * http, https, ws and wss.
 *
 * Drivers use one RegExp (Playwright `context.route`) and the wildcard
 * patterns of the DevTools `Network.setBlockedURLs` (WebDriver on Chromium),
 * both built here, so every driver blocks the same set.
 */
import { networkInterfaces, hostname } from 'node:os';
import type { KernelSettings } from '../../kernel/config';

/** The HTTP server as a driver plugin sees it: absent when no HTTP server plugin is loaded. */
export type HttpServerAddress = () => { url(): string } | undefined;

/** Bind addresses that listen on every interface. */
const WILDCARD_BINDS = new Set(['', '0.0.0.0', '::', '[::]']);

/** Loopback hosts as regex alternatives (canonical URL forms, lowercase). */
const LOOPBACK_HOSTS = [
  'localhost\\.?',
  '[^/?#@]*\\.localhost\\.?',
  '127(?:\\.\\d{1,3}){3}',
  '0\\.0\\.0\\.0',
  '\\[::1?\\]',
  // IPv4-mapped 127.x.y.z and 0.0.0.0, as the URL parser writes them ([::ffff:7f00:1]).
  '\\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\\]',
  '\\[::ffff:0:0\\]',
];

/** Loopback hosts as Network.setBlockedURLs wildcards. */
const LOOPBACK_WILDCARDS = ['localhost', 'localhost.', '*.localhost', '127.*', '0.0.0.0', '[::1]', '[::]', '[::ffff:7f*]', '[::ffff:0:0]'];

/** Where the service listens, as the drivers need it. */
export interface ServiceAddress {
  /** The port the HTTP server listens on; null when it is not known (not listening, port 0). */
  port: number | null;
  /** `settings.host`. */
  bindHost: string;
  /** `settings.allowedHosts`. */
  allowedHosts: readonly string[];
}

/** The service's own origins: a matcher and the patterns drivers block. */
export class ServiceOrigins {
  /** Matches the canonical URL of a request to the service (null: nothing to block). */
  readonly pattern: RegExp | null;
  private readonly hosts: string[];

  constructor(readonly address: ServiceAddress) {
    this.hosts = extraHosts(address);
    this.pattern = address.port === null ? null : buildPattern(this.hosts, address.port);
  }

  /** Origins of nothing: a service whose port is not known (drivers used outside the service). */
  static readonly NONE = new ServiceOrigins({ port: null, bindHost: '127.0.0.1', allowedHosts: [] });

  /** Whether `url` (any form a flow may give) addresses the service. */
  matches(url: string): boolean {
    if (!this.pattern) return false;
    let href: string;
    try {
      href = new URL(url).href;
    } catch {
      return false;
    }
    return this.pattern.test(href);
  }

  /**
   * The same origins as `Network.setBlockedURLs` wildcard patterns (`*`
   * matches any run of characters). Coarser than `pattern` (`127.*` also
   * covers a host name starting with `127.`), which only blocks more.
   */
  blockPatterns(): string[] {
    const port = this.address.port;
    if (port === null) return [];
    const hosts = [...LOOPBACK_WILDCARDS, ...this.hosts.map(urlHost)];
    const out: string[] = [];
    for (const host of hosts) {
      out.push(`*://${host}:${port}/*`, `*://*@${host}:${port}/*`);
      // The URL parser drops a scheme's default port: http://127.0.0.1/ is port 80.
      if (port === 80) out.push(`http://${host}/*`, `ws://${host}/*`);
      if (port === 443) out.push(`https://${host}/*`, `wss://${host}/*`);
    }
    return out;
  }

  /** `127.0.0.1:7821` for messages (the address a person would recognise). */
  describe(): string {
    const host = WILDCARD_BINDS.has(this.address.bindHost.trim()) ? '127.0.0.1' : urlHost(this.address.bindHost.trim());
    return this.address.port === null ? host : `${host}:${this.address.port}`;
  }
}

/**
 * A resolver of the service's origins for a driver plugin: it reads the
 * HTTP server's real port (the plugin's optional HTTP_SERVER dep, read
 * lazily) and falls back to `settings.port` while the server
 * is not listening yet (flows recovered at startup). Once the server's port
 * is known the answer is kept.
 */
export function serviceOriginsResolver(server: HttpServerAddress, settings: Partial<KernelSettings>): () => ServiceOrigins {
  let known: ServiceOrigins | null = null;
  const bindHost = typeof settings.host === 'string' ? settings.host : '127.0.0.1';
  const allowedHosts = Array.isArray(settings.allowedHosts) ? settings.allowedHosts : [];
  return () => {
    if (known) return known;
    const listening = listeningPort(server);
    const configured = typeof settings.port === 'number' && settings.port > 0 ? settings.port : null;
    const origins = new ServiceOrigins({ port: listening ?? configured, bindHost, allowedHosts });
    if (listening !== null) known = origins;
    return origins;
  };
}

function listeningPort(server: HttpServerAddress): number | null {
  const info = server();
  if (!info) return null;
  try {
    const port = Number(new URL(info.url()).port);
    return Number.isInteger(port) && port > 0 ? port : null;
  } catch {
    // Not listening yet.
    return null;
  }
}

/** Hosts besides the loopback aliases: bind host, allowed names, and this machine's addresses on a wildcard bind. */
function extraHosts(address: ServiceAddress): string[] {
  const hosts = new Set<string>();
  const bind = address.bindHost.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (WILDCARD_BINDS.has(bind) || bind === '::') {
    for (const list of Object.values(networkInterfaces())) {
      for (const info of list ?? []) hosts.add(info.address.toLowerCase().replace(/%.*$/, ''));
    }
    hosts.add(hostname().toLowerCase());
  } else if (bind) {
    hosts.add(bind);
  }
  for (const name of address.allowedHosts) {
    const host = name.trim().toLowerCase();
    // A `name:port` entry names the host; a bare IPv6 address has several colons.
    const bare = host.startsWith('[') ? host.slice(1, host.indexOf(']')) : (host.match(/:/g)?.length ?? 0) === 1 ? host.split(':')[0]! : host;
    if (bare) hosts.add(bare);
  }
  return [...hosts];
}

/** A host as a URL writes it: IPv6 in brackets. */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `^(scheme)://(userinfo@)?(host)(:port)(end of authority)`. A default port
 * (80 for http/ws, 443 for https/wss) is left out of canonical URLs, so it
 * is optional for the schemes it is the default of.
 */
function buildPattern(extra: string[], port: number): RegExp {
  const hosts = [...LOOPBACK_HOSTS, ...extra.map((h) => escapeRegex(urlHost(h)))].join('|');
  const authority = `(?:[^/?#@]*@)?(?:${hosts})`;
  const end = '(?=[/?#]|$)';
  const alternatives = [`(?:https?|wss?):\\/\\/${authority}:${port}${end}`];
  if (port === 80) alternatives.push(`(?:http|ws):\\/\\/${authority}${end}`);
  if (port === 443) alternatives.push(`(?:https|wss):\\/\\/${authority}${end}`);
  return new RegExp(`^(?:${alternatives.join('|')})`, 'i');
}
