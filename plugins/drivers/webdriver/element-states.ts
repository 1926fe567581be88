/**
 * The WebDriver driver's instant checks for the shared waits
 * (lib/element-states): a presence pass in the active tab returns the
 * element with its facts (visible, enabled, checked) in one round trip, and
 * new tabs are followed before each pass.
 */
import type { ElementActionResult, SelectorInput } from '../../../lib/page-actions/page-actions';
import { OBSERVER_STATE_KEY } from '../../../lib/page-scripts/observation/observer-lib';
import { ElementStates } from '../../../lib/element-states/element-states';
import type { UrlPattern } from '../../../lib/element-states/url-pattern';
import { describeNoMatch, failedTrials, type ElementFinder, type FoundElement } from './element-finder';
import { hasVisibleText } from './in-page/element-scripts';
import { recordSelectors } from './in-page/page-lib';
import { describeCandidates, parseCandidates } from './selector-candidates';
import type { Wire } from './wire';

/** What the waits need from their session. */
export interface ElementStatesDeps {
  wire: Wire;
  finder: ElementFinder;
  /** Follows new tabs (before each poll). */
  beforePass(): Promise<void>;
  /** The active tab's URL, read fresh. */
  readUrl(): Promise<string>;
  /** Tests a URL regex inside the active tab, bounded (regex-in-page.ts); null when it could not run. */
  testRegex(pattern: UrlPattern & { kind: 'regex' }, url: string, timeoutMs: number): Promise<boolean | null>;
}

/** The waits of one WebDriver session. */
export function webdriverElementStates(deps: ElementStatesDeps): ElementStates<FoundElement> {
  return new ElementStates<FoundElement>({
    begin(target: SelectorInput) {
      const candidates = parseCandidates(target);
      const state = deps.finder.newState();
      return {
        describe: () => describeCandidates(candidates),
        probe: () => deps.finder.probe(candidates, state, false),
        usable: () => deps.finder.usable(candidates, state),
        describeNoMatch: (timeoutMs) => describeNoMatch(candidates, state, timeoutMs),
        failedTrials: () => failedTrials(candidates, state),
      };
    },
    // The facts came with the presence pass.
    read: async (found, property) => found.facts[property],
    async record(found): Promise<ElementActionResult> {
      let selectors: string[] = [];
      try {
        selectors = await deps.wire.script<string[]>(recordSelectors, found.element, OBSERVER_STATE_KEY);
      } catch {
        // Gone meanwhile: keep the candidate that matched.
      }
      if (!selectors.length && found.candidate.query?.kind !== 'ref') selectors = [found.candidate.raw];
      return { selectors: selectors.slice(0, 5), matchedSelector: found.candidate.raw, selectorsTried: found.trials };
    },
    // Nothing is held page-side between passes.
    release: () => undefined,
    noteAmbiguity: (found) => deps.finder.noteAmbiguity(found),
    beforePass: deps.beforePass,
    textVisible: (text) => deps.wire.script<boolean>(hasVisibleText, text).catch(() => false),
    currentUrl: deps.readUrl,
    testRegex: deps.testRegex,
  });
}
