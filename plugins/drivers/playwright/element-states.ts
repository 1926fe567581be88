/**
 * Waits and checks on the page: element states (visible, enabled, checked...),
 * visible text and the URL. All of them poll instant checks against the
 * active page until they hold or the timeout passes, so a tab switch or a
 * navigation during the wait is followed rather than failing the wait.
 */
import type { Page } from 'playwright-core';
import type { ElementActionResult, ElementState, SelectorInput } from '../../../kernel/contracts/browser-driver';
import { ElementFinder, describeNoMatch, releaseFound, sleep, type FoundElement } from './element-finder';
import { describeCandidates, parseCandidates } from './selector-candidates';
import { firstLine, isClosedTargetError } from './readable-errors';
import { matchesSubstring, parseUrlPattern, type UrlPattern } from '../../../lib/element-states/url-pattern';

const POLL_MS = 100;
/** The least time one in-page regex test gets, whatever is left of the wait. */
const MIN_REGEX_MS = 250;

export interface ElementStatesDeps {
  page(): Promise<Page>;
  finder: ElementFinder;
  record(found: FoundElement): Promise<string[]>;
  /** Tests a URL regex inside the page, bounded (regex-in-page.ts); null when the page had no document. */
  testRegex(page: Page, pattern: UrlPattern & { kind: 'regex' }, url: string, timeoutMs: number): Promise<boolean | null>;
}

interface PollOutcome {
  ok: boolean;
  found: FoundElement | null;
  /** What the element was doing instead, for failure messages. */
  actual: string;
}

export class ElementStates {
  constructor(private readonly deps: ElementStatesDeps) {}

  /** Waits for `state`; resolves null for hidden/detached, rejects with what was seen on timeout. */
  async waitForSelector(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementActionResult | null> {
    const candidates = parseCandidates(target);
    const outcome = await this.poll(target, state, timeoutMs);
    if (!outcome.ok) {
      throw new Error(`Element ${describeCandidates(candidates)} did not become ${state} within ${timeoutMs} ms (${outcome.actual})`);
    }
    if (state === 'hidden' || state === 'detached' || !outcome.found) {
      releaseFound(outcome.found);
      return null;
    }
    return { selectors: await this.deps.record(outcome.found), matchedSelector: outcome.found.candidate.raw };
  }

  /** Whether the target reaches `state` within the timeout, with its selectors when it exists. */
  async checkElementState(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<{ ok: boolean; element: ElementActionResult | null }> {
    const outcome = await this.poll(target, state, timeoutMs);
    const element = outcome.found
      ? { selectors: await this.deps.record(outcome.found), matchedSelector: outcome.found.candidate.raw }
      : null;
    return { ok: outcome.ok, element };
  }

  /** Whether `text` is visible on the active page within the timeout. */
  async waitForText(text: string, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await this.deps.page();
      const visible = await page.getByText(text).filter({ visible: true }).count().catch((err) => {
        if (isClosedTargetError(err)) throw err;
        return 0;
      });
      if (visible > 0) return true;
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(POLL_MS, deadline - Date.now()));
    }
  }

  /** Whether the active page's URL matches `pattern` (substring, or `/regex/flags`) within the timeout. */
  async waitForUrl(pattern: string, timeoutMs: number): Promise<boolean> {
    const parsed = parseUrlPattern(pattern);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const page = await this.deps.page();
      // A regex never runs on the service's thread: in the page, stopped when it takes too long.
      const matched = parsed.kind === 'substring'
        ? matchesSubstring(parsed, page.url())
        : await this.deps.testRegex(page, parsed, page.url(), Math.max(MIN_REGEX_MS, deadline - Date.now()));
      if (matched) return true;
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(POLL_MS, deadline - Date.now()));
    }
  }

  private async poll(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<PollOutcome> {
    const candidates = parseCandidates(target);
    const probeState = this.deps.finder.newState();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.deps.finder.probe(await this.deps.page(), candidates, probeState);
      const outcome = await evaluateState(found, state);
      // A handle the probe fetched is kept only with the element the caller gets (it records it).
      if (found !== outcome.found) releaseFound(found);
      if (outcome.ok || Date.now() >= deadline) {
        if (outcome.found) this.deps.finder.noteAmbiguity(outcome.found);
        if (!found && !outcome.ok) outcome.actual = describeNoMatch(candidates, probeState, timeoutMs).replace(/^No/, 'no');
        return outcome;
      }
      releaseFound(outcome.found);
      await sleep(Math.min(POLL_MS, deadline - Date.now()));
    }
  }
}

async function evaluateState(found: FoundElement | null, state: ElementState): Promise<PollOutcome> {
  if (!found) return { ok: state === 'detached' || state === 'hidden', found, actual: 'no element matches' };
  if (state === 'attached') return { ok: true, found, actual: 'attached' };
  if (state === 'detached') return { ok: false, found, actual: 'it is still attached' };
  const t = found.target;
  try {
    switch (state) {
      case 'visible':
      case 'hidden': {
        const visible = await t.isVisible();
        return { ok: visible === (state === 'visible'), found, actual: visible ? 'it is visible' : 'it is hidden' };
      }
      case 'enabled':
      case 'disabled': {
        const enabled = await t.isEnabled({ timeout: 500 });
        return { ok: enabled === (state === 'enabled'), found, actual: enabled ? 'it is enabled' : 'it is disabled' };
      }
      case 'checked':
      case 'unchecked': {
        const checked = await t.isChecked({ timeout: 500 });
        return { ok: checked === (state === 'checked'), found, actual: checked ? 'it is checked' : 'it is unchecked' };
      }
    }
  } catch (err) {
    if (isClosedTargetError(err)) throw err;
    if (/Not a checkbox or radio button/i.test(String(err))) {
      throw new Error(`Element ${found.candidate.raw} is not a checkbox or radio button, so it cannot be ${state}`);
    }
    // It went away between the probe and the check: the next poll sees that.
    return { ok: state === 'hidden', found: null, actual: firstLine(err) };
  }
  return { ok: false, found, actual: 'unknown state' };
}
