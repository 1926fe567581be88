/**
 * The LLM observation of a WebDriver session, built by the same in-page walk
 * and composer as the Playwright driver's (lib/page-scripts/observation):
 * one `executeScript` walks the top document, its open shadow roots and its
 * same-origin iframes. Refs live in the page (`ref -> element` per window),
 * so `ref=N` resolves in the element finder's presence pass. Cross-origin
 * frames are not entered (WebDriver would have to switch into each one).
 */
import type { Observation, ObserveOptions } from '../../../lib/page-actions/page-actions';
import { composeObservation } from '../../../lib/page-scripts/observation/compose-observation';
import { frameObserveArgs, observeFrameInPage, parseFrameSnapshot } from '../../../lib/page-scripts/observation/observer-lib';
import type { Wire } from './wire';

/** Observations of one session, with refs stable per tab. */
export class WebdriverObserver {
  /** Per window handle: the highest ref handed out. */
  private readonly highWater = new Map<string, number>();

  constructor(private readonly wire: Wire, private readonly screenshot: () => Promise<Buffer>) {}

  /** Observes the active tab within `options.maxTokens`. */
  async observe(handle: string, options: ObserveOptions): Promise<Observation> {
    const high = this.highWater.get(handle) ?? 0;
    const json = await this.wire.script<string>(observeFrameInPage, frameObserveArgs(true, high + 1, options));
    const main = parseFrameSnapshot(json);
    this.highWater.set(handle, main.fresh ? main.maxRef : Math.max(high, main.maxRef));
    const composed = composeObservation({
      url: main.url,
      title: main.title,
      scroll: main.scroll,
      roots: [{ label: null, items: main.items, dropped: main.dropped }],
      marksNew: !main.fresh,
      maxTokens: options.maxTokens,
      redact: options.redact,
    });
    const screenshot = options.screenshot ? await this.screenshot() : undefined;
    return { url: main.url, title: main.title, ...composed, ...(screenshot ? { screenshot } : {}) };
  }
}
