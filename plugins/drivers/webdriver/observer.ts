/**
 * The LLM observation of a WebDriver session, built by the same in-page walk
 * and composer as the Playwright driver's (kernel/page-scripts/observation):
 * one `executeScript` walks the top document, its open shadow roots and its
 * same-origin iframes. Refs live in the page (`ref -> element` per window),
 * so `ref=N` resolves in the element finder's presence pass. Cross-origin
 * frames are not entered (WebDriver would have to switch into each one).
 */
import type { Observation, ObserveOptions } from '../../../kernel/contracts/browser-driver';
import { composeObservation } from '../../../kernel/page-scripts/observation/compose-observation';
import type { FrameObserveArgs } from '../../../kernel/page-scripts/observation/observe-dom';
import { OBSERVER_STATE_KEY, observeFrameInPage, parseFrameSnapshot } from '../../../kernel/page-scripts/observation/observer-lib';
import type { Wire } from './wire';

/** Length limits of one line's parts, in characters (the Playwright driver's values). */
export const OBSERVATION_LIMITS = { nameMax: 60, valueMax: 60, textMax: 100 };

/** Observations of one session, with refs stable per tab. */
export class WebdriverObserver {
  /** Per window handle: the highest ref handed out. */
  private readonly highWater = new Map<string, number>();

  constructor(private readonly wire: Wire, private readonly screenshot: () => Promise<Buffer>) {}

  /** Observes the active tab within `options.maxTokens`. */
  async observe(handle: string, options: ObserveOptions): Promise<Observation> {
    const high = this.highWater.get(handle) ?? 0;
    const args: FrameObserveArgs = { stateKey: OBSERVER_STATE_KEY, isMain: true, minRef: high + 1, ...OBSERVATION_LIMITS };
    const json = await this.wire.script<string>(observeFrameInPage, args);
    const main = parseFrameSnapshot(json);
    this.highWater.set(handle, main.fresh ? main.maxRef : Math.max(high, main.maxRef));
    const composed = composeObservation({
      url: main.url,
      title: main.title,
      scroll: main.scroll,
      roots: [{ label: null, items: main.items }],
      marksNew: !main.fresh,
      maxTokens: options.maxTokens,
    });
    const screenshot = options.screenshot ? await this.screenshot() : undefined;
    return { url: main.url, title: main.title, ...composed, ...(screenshot ? { screenshot } : {}) };
  }
}
