/**
 * Viewport screenshots straight from the DevTools protocol.
 *
 * A flow takes a screenshot after every tool call, so its cost is paid once a
 * step. Playwright's `page.screenshot()` first reads the layout metrics, hides
 * the caret in every frame (an evaluate per frame), waits for web fonts, then
 * captures and restores the caret: about 55-65 ms a shot on a loaded 2-core
 * machine. `Page.captureScreenshot` with `optimizeForSpeed` (faster PNG
 * compression, about 2.5x larger files: 45 KB instead of 18 KB for a simple
 * 1280x720 page) takes about 30 ms for the same pixels: the viewport at the
 * device scale factor, as Playwright's default `scale: 'device'` does.
 * The caret is left as it is: a screenshot records the page as it is.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { isClosedTargetError } from './readable-errors';
import { withTimeout } from '../../../lib/async/timing';

export class ViewportCapture {
  /** One DevTools session per tab, opened on its first screenshot. */
  private readonly sessions = new WeakMap<Page, Promise<CDPSession>>();

  /** `prepare` runs before every picture (the flow's env values are masked in the page first). */
  constructor(private readonly context: BrowserContext, private readonly prepare: ((page: Page) => Promise<void>) | null = null) {}

  /**
   * A PNG of `page`'s viewport within `timeoutMs`. When the DevTools session
   * cannot capture (it was detached), Playwright's own screenshot is used
   * with the time left.
   */
  async png(page: Page, timeoutMs: number): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    await this.prepare?.(page);
    try {
      const cdp = await this.sessionFor(page);
      const shot = await withTimeout(cdp.send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true }), timeoutMs,
        () => new CaptureTimeout(`The screenshot did not finish within ${timeoutMs} ms`));
      return Buffer.from(shot.data, 'base64');
    } catch (err) {
      this.sessions.delete(page);
      const left = deadline - Date.now();
      if (err instanceof CaptureTimeout || page.isClosed() || isClosedTargetError(err) || left < 100) throw err;
      return page.screenshot({ type: 'png', timeout: left, caret: 'initial', animations: 'allow' });
    }
  }

  private sessionFor(page: Page): Promise<CDPSession> {
    let session = this.sessions.get(page);
    if (!session) {
      session = this.context.newCDPSession(page);
      this.sessions.set(page, session);
      // A failed attach is not cached: the next screenshot tries again.
      session.catch(() => { if (this.sessions.get(page) === session) this.sessions.delete(page); });
    }
    return session;
  }
}

class CaptureTimeout extends Error {}

