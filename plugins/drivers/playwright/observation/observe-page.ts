/**
 * The compact page observation the LLM reads, and the resolution of its refs.
 *
 * One evaluate walks the main document, its open shadow roots and its
 * same-origin iframes; only frames the page cannot reach (cross-origin) cost
 * one more evaluate each. Refs are stable per element for the life of a
 * document, so `[12]` keeps naming the same element from one observation to
 * the next; the page keeps `ref -> element` of the latest observation in
 * each frame's window (see OBSERVER_STATE_KEY).
 */
import type { ElementHandle, Frame, Page } from 'playwright-core';
import type { Observation, ObserveOptions } from '../../../../lib/page-actions/page-actions';
import { composeObservation, cutMark, type ObservedRoot } from '../../../../lib/page-scripts/observation/compose-observation';
import type { FrameSnapshot } from '../../../../lib/page-scripts/observation/observe-dom';
import { frameObserveArgs, OBSERVER_STATE_KEY, observeFrameInPage, parseFrameSnapshot, resolveRefInPage } from '../../../../lib/page-scripts/observation/observer-lib';

/** Per page: the highest ref handed out, so refs of separately observed frames never collide. */
interface PageRefState {
  highWater: number;
}

/** Takes a PNG of the page's viewport (the session passes its fast DevTools capture). */
export type CaptureViewport = (page: Page) => Promise<Buffer>;

/** Playwright's own viewport screenshot, for observers given no capture. */
const playwrightScreenshot: CaptureViewport = (page) => page.screenshot({ type: 'png' });

export class PageObserver {
  private readonly pages = new WeakMap<Page, PageRefState>();

  /**
   * State lives in the pages and in a WeakMap per page. `capture` takes the
   * screenshots of `observe({ screenshot: true })` (default: `page.screenshot()`).
   */
  constructor(private readonly capture: CaptureViewport = playwrightScreenshot) {}

  /**
   * Observes the page's active content within `options.maxTokens`. A
   * screenshot is started with the page pass, not after it: much of a
   * capture is the compositor's and the PNG encoder's work, which overlaps
   * the page's script (0–17 ms saved on the news pages of the benchmark).
   */
  async observe(page: Page, options: ObserveOptions): Promise<Observation> {
    const shot = options.screenshot ? this.capture(page) : null;
    // Awaited below; a failing page pass must not leave its rejection unhandled.
    shot?.catch(() => undefined);
    const text = await this.observeText(page, options);
    return shot ? { ...text, screenshot: await shot } : text;
  }

  private async observeText(page: Page, options: ObserveOptions): Promise<Observation> {
    let refState = this.pages.get(page);
    if (!refState) {
      refState = { highWater: 0 };
      this.pages.set(page, refState);
    }
    const main = parseFrameSnapshot(await page.mainFrame().evaluate(observeFrameInPage, frameObserveArgs(true, refState.highWater + 1, options)));
    refState.highWater = main.fresh ? main.maxRef : Math.max(refState.highWater, main.maxRef);
    const roots: ObservedRoot[] = [{ label: null, items: main.items, dropped: main.dropped }];
    if (main.unreachableFrames > 0) roots.push(...(await this.observeDetachedRoots(page, refState, options)));

    const composed = composeObservation({
      url: main.url,
      title: main.title,
      scroll: main.scroll,
      roots,
      marksNew: !main.fresh,
      maxTokens: options.maxTokens,
      redact: options.redact,
    });
    return { url: main.url, title: main.title, ...composed };
  }

  /**
   * The element of the latest observation with this ref, searched in every
   * frame (main first), or null when it is gone or unknown.
   */
  async resolveRef(page: Page, ref: number): Promise<ElementHandle<Element> | null> {
    const args = { stateKey: OBSERVER_STATE_KEY, ref };
    const inMain = await this.refIn(page.mainFrame(), args);
    if (inMain) return inMain;
    const others = await Promise.all(page.frames().filter((f) => f !== page.mainFrame()).map((f) => this.refIn(f, args)));
    const [found, ...extra] = others.filter((h): h is ElementHandle<Element> => h !== null);
    await Promise.all(extra.map((h) => h.dispose().catch(() => undefined)));
    return found ?? null;
  }

  private async refIn(frame: Frame, args: { stateKey: string; ref: number }): Promise<ElementHandle<Element> | null> {
    try {
      const handle = await frame.evaluateHandle(resolveRefInPage, args);
      const element = handle.asElement();
      if (element) return element as ElementHandle<Element>;
      await handle.dispose();
    } catch {
      // A frame that is navigating or gone holds no ref.
    }
    return null;
  }

  /**
   * Frames the main walk could not enter (cross-origin), observed one by one
   * so each gets refs above the ones already handed out. A frame reachable
   * from its parent was already walked inline and is skipped.
   */
  private async observeDetachedRoots(page: Page, refState: PageRefState, options: ObserveOptions): Promise<ObservedRoot[]> {
    const roots: ObservedRoot[] = [];
    for (const frame of page.frames()) {
      if (frame === page.mainFrame()) continue;
      let snapshot: FrameSnapshot | null;
      try {
        const reachable = await frame.evaluate(() => window.frameElement !== null);
        if (reachable) continue;
        snapshot = parseFrameSnapshot(await frame.evaluate(observeFrameInPage, frameObserveArgs(false, refState.highWater + 1, options)));
      } catch {
        continue; // detached or navigating: nothing to show
      }
      refState.highWater = Math.max(refState.highWater, snapshot.maxRef);
      roots.push({ label: `frame ${cutMark(hostAndPath(snapshot.url), 80)}:`, items: snapshot.items, dropped: snapshot.dropped });
    }
    return roots;
  }

}

/** `host/path` of a frame's URL (cut to 80 characters by the composer, after redaction). */
function hostAndPath(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname}`;
  } catch {
    return url;
  }
}
