/**
 * The tabs (WebDriver window handles) of one session and which one is
 * active. As in the Playwright driver, a tab the page opens (target=_blank
 * link, window.open) becomes active as soon as the session sees it, the way
 * a person would follow it; when the active tab closes, the newest remaining
 * one becomes active. WebDriver sends no events, so `sync()` compares the
 * handles after actions and while waiting.
 */
import type { TabInfo } from '../../../lib/page-actions/page-actions';
import { TITLE_IN_PAGE } from '../../../lib/page-scripts/result-cap';
import type { Wire } from './wire';
import { isNoSuchWindow } from './webdriver-errors';

/** The window handles of one session, in opening order, and the active one. */
export class Tabs {
  /** Handles in the order this session first saw them. */
  private handles: string[] = [];
  private active: string | null = null;
  private readonly changeListeners = new Set<() => void>();

  /** `onActivate` runs each time a tab becomes the active one, before anything else is done in it. */
  constructor(private readonly wire: Wire, private readonly onActivate: (handle: string) => Promise<void> = async () => {}) {}

  /** Starts with the session's first window. */
  async start(): Promise<void> {
    const handle = await this.wire.run((b) => b.getWindowHandle());
    this.handles = [handle];
    this.active = handle;
    await this.onActivate(handle);
  }

  /** Calls `listener` whenever the active tab changes. */
  onActiveChange(listener: () => void): void {
    this.changeListeners.add(listener);
  }

  /** The active window handle. */
  get activeHandle(): string | null {
    return this.active;
  }

  /** The active tab's index in opening order (0 before the first is known). */
  get activeIndex(): number {
    return Math.max(0, this.active === null ? 0 : this.handles.indexOf(this.active));
  }

  /** Follows new tabs and replaces a closed active tab; resolves whether the active tab changed. */
  async sync(): Promise<boolean> {
    const now = await this.wire.run((b) => b.getWindowHandles());
    const added = now.filter((h) => !this.handles.includes(h));
    this.handles = [...this.handles.filter((h) => now.includes(h)), ...added];
    if (added.length) return this.activate(added[added.length - 1]!);
    if (this.active && now.includes(this.active)) return false;
    const newest = this.handles[this.handles.length - 1];
    if (newest) return this.activate(newest);
    this.active = null;
    return false;
  }

  /** Open tabs in opening order (visits each one, then comes back to the active tab). */
  async describe(): Promise<TabInfo[]> {
    await this.sync();
    const active = this.active;
    const out: TabInfo[] = [];
    for (const handle of this.handles) {
      out.push({ index: out.length, ...(await this.read(handle)), active: handle === active });
    }
    if (active) await this.wire.run((b) => b.switchToWindow(active));
    return out;
  }

  /** Activates the tab at `index` or the first whose URL contains `urlContains`. */
  async switchTo(by: { index?: number; urlContains?: string }): Promise<TabInfo> {
    const tabs = await this.describe();
    let index = -1;
    if (by.index !== undefined) index = Number.isInteger(by.index) && by.index >= 0 && by.index < tabs.length ? by.index : -1;
    else if (by.urlContains !== undefined) index = tabs.findIndex((t) => t.url.includes(by.urlContains!));
    if (index < 0) {
      const open = tabs.map((t) => `${t.index}: ${t.url}`).join(', ') || 'none';
      const wanted = by.index !== undefined ? `index ${by.index}` : `a URL containing "${by.urlContains ?? ''}"`;
      throw new Error(`No tab with ${wanted}; open tabs: ${open}`);
    }
    await this.activate(this.handles[index]!);
    return { ...tabs[index]!, active: true };
  }

  private async activate(handle: string): Promise<boolean> {
    await this.wire.run((b) => b.switchToWindow(handle));
    const changed = this.active !== handle;
    this.active = handle;
    await this.onActivate(handle);
    if (changed) for (const listener of this.changeListeners) listener();
    return changed;
  }

  private async read(handle: string): Promise<{ url: string; title: string }> {
    try {
      await this.wire.run((b) => b.switchToWindow(handle));
      const url = await this.wire.run((b) => b.getUrl());
      const title = await this.wire.run((b) => b.executeScript(`return ${TITLE_IN_PAGE}`, []) as Promise<string>).catch(() => '');
      return { url, title };
    } catch (err) {
      // Closed while we looked: shown as blank, dropped on the next sync.
      if (isNoSuchWindow(err)) return { url: 'about:blank', title: '' };
      throw err;
    }
  }
}
