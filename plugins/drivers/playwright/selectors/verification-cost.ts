/**
 * How long Playwright takes to verify a selector candidate.
 *
 * A CSS candidate costs little more than its query's fixed part; a role,
 * text or label candidate makes Playwright's engine visit every element of
 * its scope, computing roles, accessible names or texts. Measured on the
 * 2-core machine: ~100 ms for a whole-page role or text query on a Wikipedia
 * article (9,900 elements, 3,300 links), 10–25 ms on the saved news pages
 * (850–1,600 elements), 3–5 ms on small app pages. The in-page planner
 * counts the elements each candidate makes Playwright visit; this turns that
 * count into milliseconds at a fixed rate: a rate learnt from timings would
 * make what gets recorded depend on the machine's load at the time (and a
 * page's first query, which builds Playwright's injected script, is slow).
 */

/** Per query, besides the engines' scan: parsing, the evaluate (round trips overlap when queries run together). */
const QUERY_MS = 1.5;
/** Per element a role/text/label engine visits. */
const MS_PER_VISIT = 0.012;

/** Predicted milliseconds of one verification query visiting `visits` elements. */
export function predictVerifyMs(visits: number): number {
  return QUERY_MS + visits * MS_PER_VISIT;
}

/** The most elements one query may visit to fit in `budgetMs`. */
export function maxVisitsWithin(budgetMs: number): number {
  return Math.max(0, Math.floor((budgetMs - QUERY_MS) / MS_PER_VISIT));
}
