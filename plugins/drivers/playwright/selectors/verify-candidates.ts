/**
 * Which planned candidates make it into a recording, and Playwright's check
 * that each matches exactly the element.
 *
 * - Proven CSS candidates (plan.ts) are kept as they are: the browser's own
 *   CSS engine counted them, and Playwright's css engine agrees there.
 * - The others are verified best first, only as many as the 5 slots need:
 *   one `evaluateAll` query each, all in parallel (the renderer runs them
 *   one after the other; their round trips overlap). One query per candidate
 *   rather than a combined `or()`/`and()` pair: a role or text engine scans
 *   the whole page once per query, so the pair would scan it twice.
 * - A time budget (VERIFY_BUDGET_MS) bounds them: a candidate whose predicted
 *   cost (verification-cost.ts) does not fit in what is left of it is
 *   skipped, so on a Wikipedia-size page whole-page role/text candidates
 *   give way to the proven CSS ones. Replacements for pre-check misses get
 *   what the first round left. Answers are awaited (the same page gets the
 *   same recording whatever the machine's load), up to SAFETY_WAIT_MS past
 *   the budget when a proven candidate is at hand, for a prediction gone
 *   badly wrong. When nothing is kept, the cheapest skipped candidates are
 *   verified whatever they cost: a recording never comes back empty for
 *   lack of time.
 */
import type { ElementHandle, Page } from 'playwright-core';
import type { PlannedCandidate } from './in-page/plan';
import { predictVerifyMs } from './verification-cost';

/** At most this many candidates are returned. */
export const MAX_CANDIDATES = 5;
/** Time for Playwright's verification queries in one recording. */
export const VERIFY_BUDGET_MS = 25;
/** Rounds: the best candidates, then replacements for pre-check misses. */
const MAX_ROUNDS = 3;
/** How long past the budget answers are awaited when a proven candidate could stand in. */
const SAFETY_WAIT_MS = 250;

/** What a verification needs. */
export interface VerifyContext {
  page: Page;
  element: ElementHandle<Element>;
  /** Prepended to each candidate (the frame prefix), '' in the main frame. */
  prefix: string;
}

/**
 * Up to MAX_CANDIDATES of `candidates` (best first) that match exactly the
 * element, proven or verified, in tier order.
 */
export async function pickVerified(ctx: VerifyContext, candidates: PlannedCandidate[]): Promise<PlannedCandidate[]> {
  const isProven = (c: PlannedCandidate): boolean => c.proven && !ctx.prefix;
  // With a proven candidate in hand, slow answers can be given up on.
  const fallback = candidates.some(isProven);
  const kept: PlannedCandidate[] = [];
  const skipped: PlannedCandidate[] = [];
  const deadline = performance.now() + VERIFY_BUDGET_MS;
  let next = 0;
  for (let round = 0; round < MAX_ROUNDS && next < candidates.length && kept.length < MAX_CANDIDATES; round++) {
    const batch: PlannedCandidate[] = [];
    let left = deadline - performance.now();
    while (next < candidates.length && kept.length + batch.length < MAX_CANDIDATES) {
      const candidate = candidates[next++];
      if (isProven(candidate)) {
        kept.push(candidate);
        continue;
      }
      const ms = predictVerifyMs(candidate.visits);
      if (ms > left) {
        skipped.push(candidate);
        continue;
      }
      batch.push(candidate);
      left -= ms;
    }
    if (!batch.length) break;
    const ok = await verifyAll(ctx, batch, fallback ? deadline + SAFETY_WAIT_MS - performance.now() : Infinity);
    kept.push(...batch.filter((_, i) => ok[i]));
  }
  // Slots left after the last round: proven candidates need no time.
  for (; next < candidates.length && kept.length < MAX_CANDIDATES; next++) {
    if (isProven(candidates[next])) kept.push(candidates[next]);
  }
  if (!kept.length && skipped.length) {
    const cheapest = [...skipped].sort((a, b) => a.visits - b.visits || a.tier - b.tier).slice(0, MAX_CANDIDATES);
    const ok = await verifyAll(ctx, cheapest, Infinity);
    kept.push(...cheapest.filter((_, i) => ok[i]));
  }
  return kept.sort((a, b) => a.tier - b.tier);
}

/**
 * Which candidates resolve to exactly the element, verified in parallel;
 * answers not in by `waitMs` count as no.
 */
async function verifyAll(ctx: VerifyContext, batch: PlannedCandidate[], waitMs: number): Promise<boolean[]> {
  const ok = batch.map(() => false);
  const all = Promise.all(batch.map(async (c, i) => {
    ok[i] = await onlyElement(ctx, ctx.prefix + c.selector);
  }));
  if (waitMs === Infinity) {
    await all;
    return ok;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise<void>((resolve) => { timer = setTimeout(resolve, Math.max(0, waitMs)); })]);
  clearTimeout(timer);
  return [...ok];
}

/** Whether the selector resolves to exactly the element and nothing else. */
async function onlyElement(ctx: VerifyContext, selector: string): Promise<boolean> {
  try {
    return await ctx.page.locator(selector).evaluateAll((els, target) => els.length === 1 && els[0] === target, ctx.element);
  } catch {
    // A syntax Playwright rejects, or a frame that went away: not a usable candidate.
    return false;
  }
}
