/**
 * Runs a flow's URL regex inside the page, never on the service's thread
 * (lib/element-states/url-pattern.ts): a DevTools `Runtime.evaluate` with a `timeout`,
 * which terminates the script when it runs too long (catastrophic
 * backtracking) and leaves the page usable. One DevTools session per tab.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { regexTestExpression, regexTooSlow, type UrlPattern } from '../../../lib/element-states/url-pattern';

export class PageRegexTester {
  private readonly sessions = new WeakMap<Page, Promise<CDPSession>>();

  constructor(private readonly context: BrowserContext) {}

  /**
   * Whether `url` matches; null when the page had no document to run it in
   * (it is navigating). Throws when the match did not finish within `timeoutMs`.
   */
  async test(page: Page, pattern: UrlPattern & { kind: 'regex' }, url: string, timeoutMs: number): Promise<boolean | null> {
    const cdp = await this.session(page);
    try {
      const answer = await cdp.send('Runtime.evaluate', { expression: regexTestExpression(pattern, url), returnByValue: true, timeout: timeoutMs });
      return answer.exceptionDetails ? null : answer.result.value === true;
    } catch (err) {
      if (/Execution was terminated/i.test(String(err))) throw regexTooSlow(pattern, timeoutMs);
      if (page.isClosed()) throw err;
      return null;
    }
  }

  private session(page: Page): Promise<CDPSession> {
    let session = this.sessions.get(page);
    if (!session) {
      session = this.context.newCDPSession(page);
      session.catch(() => this.sessions.delete(page));
      this.sessions.set(page, session);
    }
    return session;
  }
}
