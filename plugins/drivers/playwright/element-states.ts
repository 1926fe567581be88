/**
 * The Playwright driver's instant checks for the shared waits
 * (lib/element-states): each pass probes the active page (so a tab switch or
 * a navigation during the wait is followed), reads a state through the
 * element's handle or locator, and releases handles it does not hand out.
 */
import type { Page } from 'playwright-core';
import type { ElementActionResult, SelectorInput } from '../../../lib/page-actions/page-actions';
import { ElementStates, type StateReading } from '../../../lib/element-states/element-states';
import type { UrlPattern } from '../../../lib/element-states/url-pattern';
import { ElementFinder, describeNoMatch, failedTrials, releaseFound, type FoundElement } from './element-finder';
import { describeCandidates, parseCandidates } from './selector-candidates';
import { firstLine, isClosedTargetError } from './readable-errors';

export interface ElementStatesDeps {
  page(): Promise<Page>;
  finder: ElementFinder;
  record(found: FoundElement): Promise<string[]>;
  /** Tests a URL regex inside the page, bounded (regex-in-page.ts); null when the page had no document. */
  testRegex(page: Page, pattern: UrlPattern & { kind: 'regex' }, url: string, timeoutMs: number): Promise<boolean | null>;
}

/** The waits of one Playwright session. */
export function playwrightElementStates(deps: ElementStatesDeps): ElementStates<FoundElement> {
  return new ElementStates<FoundElement>({
    begin(target: SelectorInput) {
      const candidates = parseCandidates(target);
      const state = deps.finder.newState();
      return {
        describe: () => describeCandidates(candidates),
        probe: async () => deps.finder.probe(await deps.page(), candidates, state),
        // Every candidate the parser kept is something Playwright can run.
        usable: () => true,
        describeNoMatch: (timeoutMs) => describeNoMatch(candidates, state, timeoutMs),
        failedTrials: () => failedTrials(candidates, state),
      };
    },
    read: readState,
    async record(found): Promise<ElementActionResult> {
      return { selectors: await deps.record(found), matchedSelector: found.candidate.raw, selectorsTried: found.trials };
    },
    release: releaseFound,
    noteAmbiguity: (found) => deps.finder.noteAmbiguity(found),
    // Each probe asks for the active page itself.
    beforePass: async () => undefined,
    async textVisible(text) {
      const page = await deps.page();
      const visible = await page.getByText(text).filter({ visible: true }).count().catch((err) => {
        if (isClosedTargetError(err)) throw err;
        return 0;
      });
      return visible > 0;
    },
    currentUrl: async () => (await deps.page()).url(),
    testRegex: async (pattern, url, timeoutMs) => deps.testRegex(await deps.page(), pattern, url, timeoutMs),
  });
}

async function readState(found: FoundElement, property: 'visible' | 'enabled' | 'checked'): Promise<StateReading> {
  const t = found.target;
  try {
    if (property === 'visible') return await t.isVisible();
    if (property === 'enabled') return await t.isEnabled({ timeout: 500 });
    return await t.isChecked({ timeout: 500 });
  } catch (err) {
    if (isClosedTargetError(err)) throw err;
    if (/Not a checkbox or radio button/i.test(String(err))) return null;
    return { gone: firstLine(err) };
  }
}
