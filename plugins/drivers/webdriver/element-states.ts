/**
 * Waits and checks on the page: element states (visible, enabled,
 * checked...), visible text and the URL. Each polls an instant check until
 * it holds or the timeout passes, following tabs the page opens meanwhile.
 */
import type { ElementActionResult, ElementState, SelectorInput } from '../../../kernel/contracts/browser-driver';
import { OBSERVER_STATE_KEY } from '../../../lib/page-scripts/observation/observer-lib';
import { describeNoMatch, type ElementFinder, type FoundElement } from './element-finder';
import { hasVisibleText } from './in-page/element-scripts';
import { recordSelectors } from './in-page/page-lib';
import { describeCandidates, parseCandidates } from './selector-candidates';
import { POLL_MS, sleep } from './timing';
import { matchesSubstring, parseUrlPattern, type UrlPattern } from '../../../lib/element-states/url-pattern';
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

/** The least time one in-page regex test gets, whatever is left of the wait. */
const MIN_REGEX_MS = 250;

interface PollOutcome {
  ok: boolean;
  found: FoundElement | null;
  /** What the element was doing instead, for failure messages. */
  actual: string;
}

/** Element-state, text and URL waits of one session. */
export class ElementStates {
  constructor(private readonly deps: ElementStatesDeps) {}

  /** Waits for `state`; resolves null for hidden/detached, rejects with what was seen on timeout. */
  async waitForSelector(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementActionResult | null> {
    const candidates = parseCandidates(target);
    const outcome = await this.poll(target, state, timeoutMs);
    if (!outcome.ok) {
      throw new Error(`Element ${describeCandidates(candidates)} did not become ${state} within ${timeoutMs} ms (${outcome.actual})`);
    }
    if (state === 'hidden' || state === 'detached' || !outcome.found) return null;
    return this.result(outcome.found);
  }

  /** Whether the target reaches `state` within the timeout, with its selectors when it exists. */
  async checkElementState(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<{ ok: boolean; element: ElementActionResult | null }> {
    const outcome = await this.poll(target, state, timeoutMs);
    return { ok: outcome.ok, element: outcome.found ? await this.result(outcome.found) : null };
  }

  /** Whether `text` is part of the active tab's visible text within the timeout. */
  async waitForText(text: string, timeoutMs: number): Promise<boolean> {
    return this.until(timeoutMs, async () => {
      await this.deps.beforePass();
      return this.deps.wire.script<boolean>(hasVisibleText, text).catch(() => false);
    });
  }

  /** Whether the active tab's URL matches `pattern` (substring, or `/regex/flags`) within the timeout. */
  async waitForUrl(pattern: string, timeoutMs: number): Promise<boolean> {
    const parsed = parseUrlPattern(pattern);
    const deadline = Date.now() + timeoutMs;
    return this.until(timeoutMs, async () => {
      await this.deps.beforePass();
      const url = await this.deps.readUrl();
      // A regex never runs on the service's thread: in the page, stopped when it takes too long.
      if (parsed.kind === 'substring') return matchesSubstring(parsed, url);
      return (await this.deps.testRegex(parsed, url, Math.max(MIN_REGEX_MS, deadline - Date.now()))) === true;
    });
  }

  private async until(timeoutMs: number, check: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await check()) return true;
      if (Date.now() >= deadline) return false;
      await sleep(Math.min(POLL_MS, deadline - Date.now()));
    }
  }

  private async result(found: FoundElement): Promise<ElementActionResult> {
    let selectors: string[] = [];
    try {
      selectors = await this.deps.wire.script<string[]>(recordSelectors, found.element, OBSERVER_STATE_KEY);
    } catch {
      // Gone meanwhile: keep the candidate that matched.
    }
    if (!selectors.length && found.candidate.query?.kind !== 'ref') selectors = [found.candidate.raw];
    return { selectors: selectors.slice(0, 5), matchedSelector: found.candidate.raw };
  }

  private async poll(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<PollOutcome> {
    const candidates = parseCandidates(target);
    const probeState = this.deps.finder.newState();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.deps.beforePass();
      const found = await this.deps.finder.probe(candidates, probeState, false);
      if (!found && !this.deps.finder.usable(candidates, probeState)) {
        // Nothing this driver can run: neither presence nor absence can be told.
        return { ok: false, found: null, actual: describeNoMatch(candidates, probeState, timeoutMs).replace(/^No/, 'no') };
      }
      const outcome = evaluateState(found, state);
      if (outcome.ok || Date.now() >= deadline) {
        if (outcome.found) this.deps.finder.noteAmbiguity(outcome.found);
        if (!found && !outcome.ok) outcome.actual = describeNoMatch(candidates, probeState, timeoutMs).replace(/^No/, 'no');
        return outcome;
      }
      await sleep(Math.min(POLL_MS, deadline - Date.now()));
    }
  }
}

function evaluateState(found: FoundElement | null, state: ElementState): PollOutcome {
  if (!found) return { ok: state === 'detached' || state === 'hidden', found, actual: 'no element matches' };
  const { facts } = found;
  switch (state) {
    case 'attached': return { ok: true, found, actual: 'attached' };
    case 'detached': return { ok: false, found, actual: 'it is still attached' };
    case 'visible':
    case 'hidden':
      return { ok: facts.visible === (state === 'visible'), found, actual: facts.visible ? 'it is visible' : 'it is hidden' };
    case 'enabled':
    case 'disabled':
      return { ok: facts.enabled === (state === 'enabled'), found, actual: facts.enabled ? 'it is enabled' : 'it is disabled' };
    case 'checked':
    case 'unchecked':
      if (facts.checked === null) throw new Error(`Element ${found.candidate.raw} is not a checkbox or radio button, so it cannot be ${state}`);
      return { ok: facts.checked === (state === 'checked'), found, actual: facts.checked ? 'it is checked' : 'it is unchecked' };
  }
  return { ok: false, found, actual: 'unknown state' };
}
