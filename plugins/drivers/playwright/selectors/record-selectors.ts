/**
 * Records up to 5 selector candidates for an element the flow acted on, best
 * first, each known at record time to match exactly that element. Reruns and
 * generated Playwright tests replay them.
 *
 * Cost: one evaluate plans the candidates in the page (generation, cheap
 * in-page match counts, narrowing of ambiguous ones such as two "Delete"
 * buttons: `tr:has-text("Bob") >> role=button[name="Delete"]`), then
 * verify-candidates.ts keeps the plain CSS ones the page proved unique and
 * has Playwright verify the others, best first, within a time budget.
 */
import type { ElementHandle, Page } from 'playwright-core';
import { planCandidatesInPage, type CandidatePlan } from './in-page/selector-lib';
import { maxVisitsWithin } from './verification-cost';
import { MAX_CANDIDATES, VERIFY_BUDGET_MS, pickVerified } from './verify-candidates';

export { MAX_CANDIDATES } from './verify-candidates';

const ENTER_FRAME = ' >> internal:control=enter-frame >> ';
/** Candidates whose verification would visit more elements than this cannot fit in the budget: the page does not count them. */
const MAX_VISITS = maxVisitsWithin(VERIFY_BUDGET_MS);

/**
 * Selector candidates for `element`, best first, each matching exactly that
 * one element right now (`page.locator(candidate)`). Elements in child
 * frames get their frame's best selector and `internal:control=enter-frame`
 * as prefix. Empty when the element is detached or cannot be addressed.
 * Never returns `ref=` selectors.
 */
export async function recordSelectors(page: Page, element: ElementHandle<Element>): Promise<string[]> {
  let plan: CandidatePlan;
  try {
    plan = await element.evaluate(planCandidatesInPage, { maxVisits: MAX_VISITS });
  } catch {
    return []; // detached, or its frame navigated away
  }
  const prefix = plan.inFrame ? await framePrefix(page, element) : '';
  if (prefix === null) return [];
  const kept = await pickVerified({ page, element, prefix }, plan.candidates);
  return [...new Set(kept.map((c) => prefix + c.selector))].slice(0, MAX_CANDIDATES);
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
