/**
 * Browser connections shared across flows. Starting Chromium costs about half
 * a second and a few hundred MB, so flows with the same launch options (or the
 * same remote URL) share one browser and get a BrowserContext each. A browser
 * that dies is forgotten at once, so the next flow gets a fresh one.
 */
import type { Browser } from 'playwright-core';
import type { Logger } from '../../../kernel/logger';

/** Opens a new browser connection (a launch or a CDP connect). */
export type BrowserFactory = () => Promise<Browser>;

export class SharedBrowsers {
  private readonly byKey = new Map<string, Promise<Browser>>();
  private readonly all = new Set<Browser>();
  /**
   * Counts closeAll calls. A start-up that began before one must not launch
   * again after it (retrying a browser closeAll closed under it): that
   * browser would outlive the service.
   */
  private generation = 0;

  /** `label` names the kind in logs (`local Chromium`, `remote browser`). */
  constructor(private readonly label: string, private readonly logger: Logger) {}

  /**
   * The live browser for `key`, created with `factory` on first use or after
   * the previous one disconnected. Concurrent callers share one launch.
   */
  async acquire(key: string, factory: BrowserFactory, generation = this.generation): Promise<Browser> {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (generation !== this.generation) throw new Error(`The ${this.label} was closed while the flow was starting (service shutdown)`);
      let pending = this.byKey.get(key);
      if (!pending) {
        pending = this.start(key, factory);
        this.byKey.set(key, pending);
      }
      const browser = await pending;
      if (browser.isConnected()) return browser;
      // It died between launch and now: drop it and start over once.
      if (this.byKey.get(key) === pending) this.byKey.delete(key);
    }
    throw new Error(`The ${this.label} disconnected right after it started`);
  }

  /**
   * Runs `use` on the browser for `key`; when that browser turns out to have
   * died meanwhile (use failed and it is disconnected), once more on a fresh one.
   */
  async use<T>(key: string, factory: BrowserFactory, use: (browser: Browser) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const browser = await this.acquire(key, factory, generation);
    try {
      return await use(browser);
    } catch (err) {
      if (browser.isConnected()) throw err;
      this.logger.info(`The ${this.label} died while a flow was starting; starting another`);
      return use(await this.acquire(key, factory, generation));
    }
  }

  /** Live browsers (tests and diagnostics). */
  browsers(): Browser[] {
    return [...this.all].filter((b) => b.isConnected());
  }

  /** Closes (or, for remote browsers, disconnects from) every browser, one still starting too; a start-up begun before it launches no other. */
  async closeAll(): Promise<void> {
    this.generation++;
    const pending = [...this.byKey.values()];
    this.byKey.clear();
    const settled = await Promise.allSettled(pending);
    const browsers = new Set(this.all);
    for (const result of settled) if (result.status === 'fulfilled') browsers.add(result.value);
    await Promise.all([...browsers].map((b) => b.close().catch(() => undefined)));
    this.all.clear();
  }

  private start(key: string, factory: BrowserFactory): Promise<Browser> {
    const pending = factory().then(
      (browser) => {
        this.all.add(browser);
        browser.on('disconnected', () => {
          this.all.delete(browser);
          if (this.byKey.get(key) === pending) this.byKey.delete(key);
          this.logger.debug(`${this.label} disconnected`);
        });
        return browser;
      },
      (err: Error) => {
        if (this.byKey.get(key) === pending) this.byKey.delete(key);
        throw err;
      },
    );
    return pending;
  }
}
