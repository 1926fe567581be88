/**
 * Keeps a WebDriver session's browser away from the service itself
 * (lib/service-guard/service-origins.ts), with what classic WebDriver allows:
 *
 * - `navigate` to one of the service's origins is refused before the
 *   browser is asked;
 * - on Chromium endpoints (chromedriver, a grid's Chrome/Edge node), every
 *   tab gets the DevTools `Network.setBlockedURLs` of those origins as the
 *   session first activates it: the page's fetches, XHRs, images, scripts
 *   and their redirects fail with net::ERR_BLOCKED_BY_CLIENT (navigations
 *   are not covered by it);
 * - a tab found on one of those origins after an action or before a read
 *   (a redirect, a popup, a link) is emptied (about:blank) before anything
 *   reads it, and the call fails saying why.
 *
 * The marked User-Agent (user-agent.ts) is the layer that covers every
 * request, including frames: the HTTP server refuses it.
 */
import type { Logger } from '../../../kernel/logger';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import type { Wire } from './wire';

/** The guard of one session. */
export class WebdriverServiceGuard {
  /** Per window handle: the block patterns applied to it (as one string). */
  private readonly applied = new Map<string, string>();
  private cdpWorks: boolean;

  constructor(
    private readonly wire: Wire,
    private readonly origins: () => ServiceOrigins,
    /** Whether the endpoint runs Chromium and forwards DevTools commands. */
    chromium: boolean,
    private readonly logger: Logger,
  ) {
    this.cdpWorks = chromium;
  }

  /** Whether `url` is one of the service's origins. */
  matches(url: string): boolean {
    return this.origins().matches(url);
  }

  /** The refusal for loading `url` (`what`: "Navigation to X"). */
  refusal(what: string, url: string): Error {
    return new Error(`${what} was blocked: ${safeOrigin(url)} is this browserflow service's own address (${this.origins().describe()}), which a flow's browser may not load`);
  }

  /**
   * Blocks the service's origins in the active tab `handle` (Chromium only),
   * once per tab and whenever the origins change (the service's port is
   * known only once it listens). Best effort: an endpoint that does not
   * forward DevTools commands is asked once, then left to the other layers.
   */
  async guardTab(handle: string): Promise<void> {
    if (!this.cdpWorks) return;
    const patterns = this.origins().blockPatterns();
    const key = patterns.join('\n');
    if (this.applied.get(handle) === key) return;
    try {
      await this.wire.run((b) => b.sendCommandAndGetResult('Network.enable', {}));
      await this.wire.run((b) => b.sendCommandAndGetResult('Network.setBlockedURLs', { urls: patterns }));
      this.applied.set(handle, key);
    } catch (err) {
      this.cdpWorks = false;
      this.logger.warn('This WebDriver endpoint does not take DevTools commands: the service\'s address is blocked by navigation checks and the marked User-Agent only', {
        error: (err as Error).message.split('\n')[0],
      });
    }
  }

  /** Forgets a closed tab. */
  forget(handle: string): void {
    this.applied.delete(handle);
  }

  /**
   * When the active tab shows one of the service's origins, loads
   * about:blank in it and throws why: nothing may read it.
   */
  async checkLanding(url: string): Promise<void> {
    if (!this.matches(url)) return;
    await this.wire.run((b) => b.navigateTo('about:blank')).catch(() => undefined);
    throw new Error(`The tab went to ${safeOrigin(url)}, this browserflow service's own address (${this.origins().describe()}), which a flow's browser may not load; the tab was emptied (about:blank)`);
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
