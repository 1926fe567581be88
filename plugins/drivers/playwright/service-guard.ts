/**
 * Keeps a flow's browser away from the service itself, in two layers:
 *
 * 1. Every context aborts requests to the service's own origins
 *    (`context.route`, so pages, popups, iframes, fetches and workers of
 *    the context are covered; see lib/service-guard/service-origins.ts for the set).
 *    Playwright's routes do not see the hops of a redirect, hence:
 * 2. Every context sends a User-Agent ending in the process's
 *    drivenBrowserMarker(), which the HTTP server refuses whatever way the
 *    request took. A context the driver creates gets it as its `userAgent`
 *    option (applied to every target, redirects included); a context that
 *    comes with the browser (a hosted session's) cannot take options, so its
 *    requests get the header rewritten by a catch-all route (which Chromium
 *    keeps across redirects).
 *
 * Routing makes Playwright turn the context's HTTP cache off; a flow's
 * context starts empty anyway, so only repeat visits within a flow pay.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { drivenBrowserMarker } from '../../../lib/service-guard/driven-browser-marker';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';

/** Chromium's own User-Agent per browser (a device profile brings its own instead). */
const defaultAgents = new WeakMap<Browser, Promise<string>>();

/** The browser's default User-Agent, read once per browser over the DevTools protocol. */
export function defaultUserAgent(browser: Browser): Promise<string> {
  let agent = defaultAgents.get(browser);
  if (!agent) {
    agent = (async () => {
      const cdp = await browser.newBrowserCDPSession();
      try {
        return (await cdp.send('Browser.getVersion')).userAgent;
      } finally {
        await cdp.detach().catch(() => undefined);
      }
    })();
    agent.catch(() => defaultAgents.delete(browser));
    defaultAgents.set(browser, agent);
  }
  return agent;
}

/** `base` with the process's marker appended (once). */
export function markedUserAgent(base: string): string {
  const marker = drivenBrowserMarker();
  return base.includes(marker) ? base : `${base.trimEnd()} ${marker}`;
}

/** Remembers what the context blocked last, so a failed navigation can say why. */
export class ServiceGuard {
  private lastBlocked: string | null = null;

  constructor(readonly origins: ServiceOrigins) {}

  /** A readable refusal for a URL of the service (`what`: "Navigation to X"). */
  refusal(what: string, url: string): Error {
    return new Error(`${what} was blocked: ${safeOrigin(url)} is this browserflow service's own address (${this.origins.describe()}), which a flow's browser may not load`);
  }

  /** The refusal for a navigation that failed with net::ERR_BLOCKED_BY_CLIENT, when this guard blocked it. */
  explainBlocked(what: string): Error | null {
    const url = this.lastBlocked;
    this.lastBlocked = null;
    return url ? this.refusal(what, url) : null;
  }

  /**
   * Installs the routes on `context`. `rewriteUserAgent`: the marked
   * User-Agent to put on every request, for a context whose options could
   * not carry it.
   */
  async install(context: BrowserContext, rewriteUserAgent: string | null): Promise<void> {
    if (rewriteUserAgent) {
      // Registered first, so the blocking route below is asked before it.
      await context.route(() => true, (route) => route.fallback({ headers: { ...route.request().headers(), 'user-agent': rewriteUserAgent } }));
    }
    const pattern = this.origins.pattern;
    if (!pattern) return;
    await context.route(pattern, (route) => {
      this.lastBlocked = route.request().url();
      return route.abort('blockedbyclient');
    });
  }
}

/** scheme://host:port of a URL, for messages (no path or query: they may carry anything). */
function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'the address';
  }
}
