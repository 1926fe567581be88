/**
 * The in-page half of selector recording: candidates for the element, their
 * cheap pre-checked match counts, and — when a good candidate matches several
 * elements — narrowed variants (`anchor >> candidate`, `candidate >> nth=i`),
 * all in one evaluate. What comes out is ordered best first and still needs
 * Playwright's verification. Self-contained: runs in the page.
 */
import type { CandidateSpec, Candidates } from './candidates';
import type { Precheck } from './precheck';

/** A candidate worth verifying with Playwright. */
export interface PlannedCandidate extends CandidateSpec {
  /** The pre-check found it unique (true) or could not tell (false). */
  likelyUnique: boolean;
}

/** Planner. */
export interface Planner {
  /** Candidates to verify, best first; ones the pre-check proved ambiguous or missing are left out. */
  plan(el: Element): PlannedCandidate[];
}

/** Page-safe factory of the planner. */
export function createPlanner(lib: { candidates: Candidates; precheck: Precheck }): Planner {
  const SCOPABLE_TIER = 6;
  const NTH_TIER = 9;
  const MAX_SCOPED_BASES = 3;

  return {
    plan(el: Element): PlannedCandidate[] {
      const out: PlannedCandidate[] = [];
      const ambiguous: { spec: CandidateSpec; index: number }[] = [];
      // Keeps a candidate the pre-check finds unique or cannot judge; reports whether it was ambiguous.
      const consider = (spec: CandidateSpec): number => {
        const counted = lib.precheck.count(spec.selector, el);
        if (!counted) out.push({ ...spec, likelyUnique: false });
        else if (counted.count === 1 && counted.index === 0) out.push({ ...spec, likelyUnique: true });
        else if (counted.count > 1 && counted.index >= 0) return counted.index;
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
      return out.sort((a, b) => a.tier - b.tier);
    },
  };
}
