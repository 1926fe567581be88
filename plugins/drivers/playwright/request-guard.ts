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
import { RequestRefusals } from '../../../lib/origins/request-refusals';

/** The decision, the refusals kept and the DevTools answers are lib/origins/request-refusals.ts' (shared with the WebDriver driver). */
export class RequestGuard extends RequestRefusals {
  constructor(secrets: FlowSecrets | undefined, policy: NavigationPolicy | null, private readonly logger: Logger) {
    super(secrets, policy, (error) => logger.info('A request of a flow\'s browser was blocked', { reason: error.message }));
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
      cdp.on('Fetch.requestPaused', (event) => void this.answerPaused((method, params) => cdp.send(method, params as never), event, mainFrameId));
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
}
