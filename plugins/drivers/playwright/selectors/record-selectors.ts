/**
 * Records up to 5 selector candidates for an element the flow acted on, best
 * first, each verified with Playwright at record time to match exactly that
 * element. Reruns and generated Playwright tests replay them.
 *
 * Cost: one evaluate plans the candidates in the page (generation, cheap
 * in-page match counts, narrowing of ambiguous ones such as two "Delete"
 * buttons: `tr:has-text("Bob") >> role=button[name="Delete"]`); Playwright
 * then verifies the best few. Playwright queries are serialised in the
 * renderer, so instead of one query per candidate, two combined ones check
 * the whole batch: if the union of their matches (`a.or(b)...`) and their
 * intersection (`a.and(b)...`) are both exactly the element, every candidate
 * matches exactly that element. Only when that fails is each one checked.
 */
import type { ElementHandle, Locator, Page } from 'playwright-core';
import type { PlannedCandidate } from './in-page/plan';
import { planCandidatesInPage } from './in-page/selector-lib';

/** At most this many candidates are returned. */
export const MAX_CANDIDATES = 5;
/** Verification rounds: the 5 best, then replacements for pre-check misses. */
const MAX_BATCHES = 3;
const ENTER_FRAME = ' >> internal:control=enter-frame >> ';

/**
 * Selector candidates for `element`, best first, each matching exactly that
 * one element right now (`page.locator(candidate)`). Elements in child
 * frames get their frame's best selector and `internal:control=enter-frame`
 * as prefix. Empty when the element is detached or cannot be addressed.
 * Never returns `ref=` selectors.
 */
export async function recordSelectors(page: Page, element: ElementHandle<Element>): Promise<string[]> {
  let plan;
  try {
    plan = await element.evaluate(planCandidatesInPage);
  } catch {
    return []; // detached, or its frame navigated away
  }
  const prefix = plan.inFrame ? await framePrefix(page, element) : '';
  if (prefix === null) return [];

  const verified: PlannedCandidate[] = [];
  let queue = plan.candidates;
  for (let batch = 0; batch < MAX_BATCHES && queue.length && verified.length < MAX_CANDIDATES; batch++) {
    const take = queue.slice(0, MAX_CANDIDATES - verified.length);
    queue = queue.slice(take.length);
    const ok = await verifyBatch(page, take.map((c) => prefix + c.selector), element, prefix === '');
    verified.push(...take.filter((_, i) => ok[i]));
  }
  const ordered = verified.sort((a, b) => a.tier - b.tier).map((c) => prefix + c.selector);
  return [...new Set(ordered)].slice(0, MAX_CANDIDATES);
}

/**
 * Which of `selectors` resolve to exactly `element` (see the file comment for
 * the combined check). Frame-crossing selectors cannot be combined with
 * or()/and(), so those are checked one by one.
 */
async function verifyBatch(page: Page, selectors: string[], element: ElementHandle<Element>, combinable: boolean): Promise<boolean[]> {
  if (combinable && selectors.length > 1) {
    const locators = selectors.map((s) => page.locator(s));
    const union = locators.reduce((a, b) => a.or(b));
    const intersection = locators.reduce((a, b) => a.and(b));
    const [unionOk, intersectionOk] = await Promise.all([onlyElement(union, element), onlyElement(intersection, element)]);
    if (unionOk && intersectionOk) return selectors.map(() => true);
  }
  return Promise.all(selectors.map((s) => onlyElement(page.locator(s), element)));
}

/** Whether the locator resolves to exactly `element` and nothing else. */
async function onlyElement(locator: Locator, element: ElementHandle<Element>): Promise<boolean> {
  try {
    return await locator.evaluateAll((els, target) => els.length === 1 && els[0] === target, element);
  } catch {
    // A syntax Playwright rejects, or a frame that went away: not a usable candidate.
    return false;
  }
}

/**
 * `<best selector of the iframe element> >> internal:control=enter-frame >> `
 * (nested frames recurse), or null when the frame cannot be addressed.
 */
async function framePrefix(page: Page, element: ElementHandle<Element>): Promise<string | null> {
  const frame = await element.ownerFrame();
  if (!frame || frame === page.mainFrame()) return '';
  const frameElement = await frame.frameElement().catch(() => null);
  if (!frameElement) return null;
  try {
    const [best] = await recordSelectors(page, frameElement as ElementHandle<Element>);
    return best ? best + ENTER_FRAME : null;
  } finally {
    await frameElement.dispose().catch(() => undefined);
  }
}
