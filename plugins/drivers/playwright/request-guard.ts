/**
 * Where a flow's browser may send things, enforced in the browser on the
 * Playwright drivers (all Chromium):
 *
 * - no request whose URL carries one of the flow's env values (any
 *   spelling, URL-encoded included) goes to an origin the value is not
 *   allowed on (FlowSecrets.refuseRequest): a navigation with
 *   `?token=${TOKEN}` that an open redirect on the allowed site turns
 *   towards another origin stops at that hop;
 * - with the flow's `allowedOrigins` (NavigationPolicy), no top-level or
 *   frame navigation leaves them.
 *
 * Two layers, as Playwright's routes do not see the hops of a redirect:
 * a context route sees the first request of every page, popup, frame and
 * worker; a DevTools `Fetch` interception on every tab sees every request
 * of the tab, redirect hops included. A refused navigation is answered
 * `204 No Content` (the browser stays on the page it was on), any other
 * request fails with `net::ERR_BLOCKED_BY_CLIENT`; the refusal is kept so
 * the tool call that caused it can say why.
 */
import type { BrowserContext, CDPSession, Page, Route } from 'playwright-core';
import type { FlowSecrets, NavigationPolicy } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { requestRefusal } from '../../../lib/origins/secret-origins';

/** A refused request: why, and whether it was the navigation of a tab's top document. */
export interface Refusal {
  error: Error;
  topLevel: boolean;
}

export class RequestGuard {
  private refusals: Refusal[] = [];

  constructor(
    private readonly secrets: FlowSecrets | undefined,
    private readonly policy: NavigationPolicy | null,
    private readonly logger: Logger,
  ) {}

  /** Whether there is anything to enforce. */
  get active(): boolean {
    return Boolean(this.secrets || this.policy);
  }

  /** Why a request to `url` may not go (null: it may). `navigation`: it loads a document (a tab's or a frame's). */
  refusal(url: string, navigation: boolean): Error | null {
    return requestRefusal(url, navigation, this.secrets, this.policy);
  }

  /** The refusals since the last call (a tool call reports the top-level ones). */
  take(): Refusal[] {
    const out = this.refusals;
    this.refusals = [];
    return out;
  }

  /** The first request of every page, popup, frame and worker of `context` (registered last, so asked before the other routes). */
  async install(context: BrowserContext): Promise<void> {
    if (!this.active) return;
    await context.route(() => true, (route) => this.onRoute(route));
  }

  /** Every request of `page`, redirect hops included, over the DevTools protocol. Best effort: a failed attach leaves the route layer. */
  async attach(page: Page): Promise<void> {
    if (!this.active) return;
    let cdp: CDPSession;
    try {
      cdp = await page.context().newCDPSession(page);
      const { frameTree } = await cdp.send('Page.getFrameTree');
      const mainFrameId = frameTree.frame.id;
      cdp.on('Fetch.requestPaused', (event) => void this.onPaused(cdp, event, mainFrameId));
      await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
    } catch (err) {
      if (!page.isClosed()) this.logger.warn('Could not watch the redirects of a tab: only first requests are checked there', { error: (err as Error).message });
    }
  }

  private async onRoute(route: Route): Promise<void> {
    const request = route.request();
    const navigation = request.isNavigationRequest();
    const error = this.refusal(request.url(), navigation);
    if (!error) return route.fallback();
    const frame = navigation ? request.frame() : null;
    this.note(error, Boolean(frame && frame.parentFrame() === null));
    return navigation ? route.fulfill({ status: 204, body: '' }) : route.abort('blockedbyclient');
  }

  private async onPaused(cdp: CDPSession, event: { requestId: string; request: { url: string }; resourceType: string; frameId: string }, mainFrameId: string): Promise<void> {
    const navigation = event.resourceType === 'Document';
    const error = this.refusal(event.request.url, navigation);
    try {
      if (!error) {
        await cdp.send('Fetch.continueRequest', { requestId: event.requestId });
        return;
      }
      this.note(error, navigation && event.frameId === mainFrameId);
      if (navigation) await cdp.send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 204, body: '' });
      else await cdp.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' });
    } catch {
      // The tab or the request went away meanwhile.
    }
  }

  private note(error: Error, topLevel: boolean): void {
    this.refusals.push({ error, topLevel });
    if (this.refusals.length > 50) this.refusals.shift();
    this.logger.info('A request of a flow\'s browser was blocked', { reason: error.message });
  }
}
