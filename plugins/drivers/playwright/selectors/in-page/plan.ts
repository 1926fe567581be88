/**
 * The in-page half of selector recording: candidates for the element, their
 * cheap pre-checked match counts, and — when a good candidate matches several
 * elements — narrowed variants (`anchor >> candidate`, `candidate >> nth=i`),
 * all in one evaluate. What comes out is ordered best first; each candidate
 * says whether it still needs Playwright's verification and what that costs.
 * Self-contained: runs in the page.
 */
import type { CandidateSpec, Candidates } from './candidates';
import type { Precheck } from './precheck';

/** A candidate worth keeping. */
export interface PlannedCandidate extends CandidateSpec {
  /** The pre-check found it unique (true) or could not tell (false). */
  likelyUnique: boolean;
  /**
   * Plain CSS that the browser's CSS engine found to match exactly this
   * element, in a case where Playwright's css engine provably agrees:
   * it needs no verification.
   */
  proven: boolean;
  /** Elements Playwright's role/text/label engines visit to verify it (its cost). */
  visits: number;
}

/** Planner. */
export interface Planner {
  /**
   * Candidates, best first; ones the pre-check proved ambiguous or missing
   * are left out. Candidates whose verification would visit more than
   * `maxVisits` elements are kept uncounted (likelyUnique false).
   */
  plan(el: Element, maxVisits: number): PlannedCandidate[];
}

/** Page-safe factory of the planner. */
export function createPlanner(lib: { candidates: Candidates; precheck: Precheck }): Planner {
  const SCOPABLE_TIER = 6;
  const NTH_TIER = 9;
  const MAX_SCOPED_BASES = 3;

  /**
   * Playwright's css engine runs the browser's querySelectorAll on each
   * compound selector, in the document and every open shadow root — as the
   * pre-check does — but matches combinators itself, and lets them cross
   * shadow boundaries (a `>` child of a host's shadow root has the host as
   * parent). So a count of the browser's is Playwright's too for a compound
   * selector, and for any selector in a document without shadow roots. Frames
   * are left to Playwright: their candidates get a frame prefix.
   */
  function provenByCss(spec: CandidateSpec, el: Element): boolean {
    if (!spec.css || window.top !== window || el.getRootNode() !== el.ownerDocument) return false;
    // Counted piece by piece when a quoted value holds ` >> `; and Playwright
    // reads `name=...` as an engine: such a string is left to Playwright.
    const eq = spec.selector.indexOf('=');
    if (spec.selector.includes(' >> ') || (eq > 0 && /^[a-zA-Z_0-9+:*-]+$/.test(spec.selector.slice(0, eq).trim()))) return false;
    return spec.css === 'compound' || !lib.precheck.hasShadowRoots(el.ownerDocument);
  }

  return {
    plan(el: Element, maxVisits: number): PlannedCandidate[] {
      const out: PlannedCandidate[] = [];
      const ambiguous: { spec: CandidateSpec; index: number }[] = [];
      // Keeps a candidate the pre-check finds unique or cannot judge; reports where `el` is among several matches.
      const consider = (spec: CandidateSpec): number => {
        const { matches, visits } = lib.precheck.count(spec.selector, el, maxVisits);
        if (!matches) out.push({ ...spec, likelyUnique: false, proven: false, visits });
        else if (matches.count === 1 && matches.index === 0) out.push({ ...spec, likelyUnique: true, proven: provenByCss(spec, el), visits });
        else if (matches.count > 1 && matches.index >= 0) return matches.index;
        return -1;
      };
      for (const spec of lib.candidates.base(el)) {
        const index = consider(spec);
        if (index >= 0 && spec.tier <= SCOPABLE_TIER) ambiguous.push({ spec, index });
      }
      if (ambiguous.length) {
        const anchors = lib.candidates.anchors(el);
        for (const { spec } of ambiguous.slice(0, MAX_SCOPED_BASES)) {
          for (const anchor of anchors) consider({ selector: `${anchor} >> ${spec.selector}`, tier: spec.tier + 0.5 });
        }
        const best = ambiguous[0];
        consider({ selector: `${best.spec.selector} >> nth=${best.index}`, tier: NTH_TIER });
      }
      // On a page too big to count role/text candidates, ambiguous ones go unnoticed and
      // un-narrowed: when nothing affordable is known to be unique, the full path is.
      if (!out.some((c) => c.likelyUnique && c.visits <= maxVisits)) {
        const path = lib.candidates.rootPath(el);
        if (path) consider({ selector: path, tier: NTH_TIER, css: 'complex' });
      }
      return out.sort((a, b) => a.tier - b.tier);
    },
  };
}
