/**
 * The tabs of one session and which one is active. A tab the flow opens
 * (target=_blank link, window.open) becomes active at once, the way a person
 * would follow it; when the active tab closes, the newest remaining one is.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { TabInfo } from '../../../lib/page-actions/page-actions';
import { MAX_TITLE_CHARS, TITLE_IN_PAGE } from '../../../lib/page-scripts/result-cap';

/** The page's title, cut in the page (a page may make it megabytes long). */
export async function boundedTitle(page: Page): Promise<string> {
  try {
    return String(await page.evaluate(TITLE_IN_PAGE));
  } catch {
    // A document being replaced: Playwright's own read waits for the next one.
    return (await page.title()).slice(0, MAX_TITLE_CHARS);
  }
}

export class TabTracker {
  private pages: Page[] = [];
  private active: Page | null = null;
  private readonly listeners = new Set<(page: Page) => void>();

  /** `onNewPage` runs once for every page of the context (dialog handlers...). */
  constructor(private readonly context: BrowserContext, private readonly onNewPage: (page: Page) => void) {
    context.on('page', (page) => this.add(page));
  }

  /** Registers a page (idempotent) and makes it active. */
  add(page: Page): void {
    if (this.pages.includes(page)) return;
    this.pages.push(page);
    this.onNewPage(page);
    page.on('close', () => this.remove(page));
    this.setActive(page);
  }

  /** The active page; opens a blank one when the flow closed every tab. */
  async activePage(): Promise<Page> {
    if (this.active && !this.active.isClosed()) return this.active;
    const page = await this.context.newPage();
    this.add(page);
    return page;
  }

  /** The active page, or null when every tab is closed. */
  current(): Page | null {
    return this.active && !this.active.isClosed() ? this.active : null;
  }

  /** Open pages in opening order. */
  list(): Page[] {
    return this.pages.filter((p) => !p.isClosed());
  }

  /** Calls `listener` with each newly active page. */
  onActiveChange(listener: (page: Page) => void): void {
    this.listeners.add(listener);
  }

  async describe(): Promise<TabInfo[]> {
    const pages = this.list();
    return Promise.all(pages.map(async (page, index) => ({
      index,
      url: page.url(),
      title: await boundedTitle(page).catch(() => ''),
      active: page === this.active,
    })));
  }

  /** Activates the tab at `index` or the first whose URL contains `urlContains`. */
  async switchTo(by: { index?: number; urlContains?: string }): Promise<TabInfo> {
    const pages = this.list();
    let index = -1;
    if (by.index !== undefined) index = Number.isInteger(by.index) && by.index >= 0 && by.index < pages.length ? by.index : -1;
    else if (by.urlContains !== undefined) index = pages.findIndex((p) => p.url().includes(by.urlContains!));
    if (index < 0) {
      const open = pages.map((p, i) => `${i}: ${p.url()}`).join(', ') || 'none';
      const wanted = by.index !== undefined ? `index ${by.index}` : `a URL containing "${by.urlContains ?? ''}"`;
      throw new Error(`No tab with ${wanted}; open tabs: ${open}`);
    }
    const page = pages[index]!;
    this.setActive(page);
    await page.bringToFront().catch(() => undefined);
    return { index, url: page.url(), title: await boundedTitle(page).catch(() => ''), active: true };
  }

  private remove(page: Page): void {
    this.pages = this.pages.filter((p) => p !== page);
    if (this.active === page) {
      const next = this.list().at(-1) ?? null;
      this.active = null;
      if (next) this.setActive(next);
    }
  }

  private setActive(page: Page): void {
    if (this.active === page) return;
    this.active = page;
    for (const listener of this.listeners) listener(page);
  }
}
