/**
 * Readies each freshly loaded document for the element actions that usually
 * follow. Playwright builds two things lazily per document: its selector
 * engine in an isolated world (about 30 ms on the first query) and its
 * helpers in the page's own world (about 20 ms on the first evaluate, which
 * selector recording does). Starting both when the document loads lets them
 * run while the flow runner stores the step and takes its screenshot,
 * instead of on the next action's critical path.
 */
import type { Page } from 'playwright-core';

/** Warms every document `page` loads from now on; best effort, never throws. */
export function warmOnLoad(page: Page): void {
  page.on('load', () => {
    // A document that navigates away meanwhile rejects both: nothing is waiting on them.
    void page.locator(':root').count().catch(() => undefined);
    void page.evaluate('0').catch(() => undefined);
  });
}
