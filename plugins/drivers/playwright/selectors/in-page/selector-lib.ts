/**
 * The in-page library of selector recording, and the in-page function built
 * from it (see page-function.ts for why it is assembled this way).
 */
import { createAria, type Aria } from '../../../../../lib/page-scripts/selectors/aria';
import { createCandidates, type Candidates } from './candidates';
import { createCssPath, type CssPath } from '../../../../../lib/page-scripts/selectors/css-path';
import { pageFunction, type PageFactories } from '../../../../../lib/page-scripts/page-function';
import { createPlanner, type PlannedCandidate, type Planner } from './plan';
import { createPrecheck, type Precheck } from './precheck';
import { createQuote, type Quote } from '../../../../../lib/page-scripts/selectors/quote';
import { createVolatility, type Volatility } from '../../../../../lib/page-scripts/selectors/volatility';

/** Everything selector code can use inside the page. */
export interface SelectorLib {
  volatility: Volatility;
  quote: Quote;
  aria: Aria;
  cssPath: CssPath;
  candidates: Candidates;
  precheck: Precheck;
  planner: Planner;
}

/** Factories of SelectorLib, in dependency order. */
export const SELECTOR_LIB: PageFactories<SelectorLib> = {
  volatility: createVolatility,
  quote: createQuote,
  aria: createAria,
  cssPath: createCssPath,
  candidates: createCandidates,
  precheck: createPrecheck,
  planner: createPlanner,
};

/** What the in-page pass reports about the element. */
export interface CandidatePlan {
  candidates: PlannedCandidate[];
  /** The element lives in a child frame (its candidates need the frame's prefix). */
  inFrame: boolean;
}

/** What the caller can afford. */
export interface PlanOptions {
  /** Most elements a verification may make Playwright's role/text/label engines visit (see precheck.ts). */
  maxVisits: number;
}

/** In page: the element's candidates, best first, ready for verification. */
export const planCandidatesInPage = pageFunction<SelectorLib, [Element, PlanOptions], CandidatePlan>(SELECTOR_LIB, (lib, el, options) => ({
  candidates: lib.planner.plan(el, options.maxVisits),
  inFrame: window.top !== window,
}));
