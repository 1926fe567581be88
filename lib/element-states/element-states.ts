/**
 * Waits and checks on the page, the same for every browser driver: element
 * states (visible, enabled, checked...), visible text and the URL. Each
 * polls an instant check until it holds or the timeout passes, following tab
 * switches and navigations meanwhile, and fails with the same words in every
 * driver. A driver supplies only the instant checks (`ElementStatesProbe`).
 */
import type { BrowserSession } from '../../kernel/contracts/browser-driver';
import type { ElementActionResult, ElementState, SelectorInput } from '../page-actions/page-actions';
import { matchesSubstring, parseUrlPattern, type UrlPattern } from './url-pattern';
import { withTrials, type SelectorTrial, type SelectorTrials } from '../selector-trials/selector-trials';
import { sleep } from '../async/timing';

/** What a driver found for a target: at least the candidate that matched. */
export interface FoundTarget {
  candidate: { raw: string };
  /** The candidates tried in the pass that found it, ending with its own (`outcome.selectorsTried`). */
  trials?: SelectorTrial[];
}

/** A state check's answer (`BrowserSession.checkElementState`): when not ok, what the element was instead and the candidates tried. */
export type ElementStateCheck = Awaited<ReturnType<BrowserSession['checkElementState']>>;

/** One wait on one target: the driver's parsed candidates and its probe state. */
export interface TargetWait<F extends FoundTarget> {
  /** The candidates, as failure messages show them. */
  describe(): string;
  /** One instant look for the target on the active page. */
  probe(): Promise<F | null>;
  /** False when no candidate is something this driver can run (neither presence nor absence can be told). */
  usable(): boolean;
  /** Why nothing matched ("No element matches ... within N ms"). */
  describeNoMatch(timeoutMs: number): string;
  /** Every candidate with why it gave no element in the latest pass (a wait that found nothing). */
  failedTrials(): SelectorTrials;
}

/** The answer to one instant state check: a value, `null` for "not a checkbox or radio button", or the element went away. */
export type StateReading = boolean | null | { gone: string };

/** The instant checks a driver provides. */
export interface ElementStatesProbe<F extends FoundTarget> {
  /** Starts a wait on `target` (throws when the input has no candidate). */
  begin(target: SelectorInput): TargetWait<F>;
  /** Whether the element is visible / enabled / checked now. */
  read(found: F, property: 'visible' | 'enabled' | 'checked'): Promise<StateReading>;
  /** The element's recorded selectors, for the caller. */
  record(found: F): Promise<ElementActionResult>;
  /** Lets go of what the probe holds (a DevTools handle); no-op when nothing is held. */
  release(found: F | null): void;
  /** Warns when more than one element matched. */
  noteAmbiguity(found: F): void;
  /** Runs before each pass: follows tabs the page opened. */
  beforePass(): Promise<void>;
  /** Whether `text` is visible on the active page now. */
  textVisible(text: string): Promise<boolean>;
  /** The active page's URL, read fresh. */
  currentUrl(): Promise<string>;
  /** Tests a URL regex inside the page, bounded; null when it could not run. */
  testRegex(pattern: UrlPattern & { kind: 'regex' }, url: string, timeoutMs: number): Promise<boolean | null>;
}

const POLL_MS = 100;
/** The least time one in-page regex test gets, whatever is left of the wait. */
const MIN_REGEX_MS = 250;

interface PollOutcome<F> {
  ok: boolean;
  found: F | null;
  /** What the element was doing instead, for failure messages. */
  actual: string;
}

/** Element-state, text and URL waits of one session. */
export class ElementStates<F extends FoundTarget> {
  constructor(private readonly probe: ElementStatesProbe<F>) {}

  /** Waits for `state`; resolves null for hidden/detached, rejects with what was seen on timeout. */
  async waitForSelector(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementActionResult | null> {
    const wait = this.probe.begin(target);
    const outcome = await this.poll(wait, state, timeoutMs);
    if (!outcome.ok) {
      throw withTrials(new Error(`Element ${wait.describe()} did not become ${state} within ${timeoutMs} ms (${outcome.actual})`), failedTrials(wait, outcome));
    }
    if (state === 'hidden' || state === 'detached' || !outcome.found) {
      this.probe.release(outcome.found);
      return null;
    }
    return this.probe.record(outcome.found);
  }

  /**
   * Whether the target reaches `state` within the timeout, with its
   * selectors when it exists; when it does not, what was seen instead (the
   * words of a failed wait) and the candidates tried, as a failed wait records them.
   */
  async checkElementState(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementStateCheck> {
    const wait = this.probe.begin(target);
    const outcome = await this.poll(wait, state, timeoutMs);
    const trials = outcome.ok ? null : failedTrials(wait, outcome);
    const element = outcome.found ? await this.probe.record(outcome.found) : null;
    return trials ? { ok: false, element, actual: outcome.actual, ...trials } : { ok: true, element };
  }

  /** Whether `text` is visible on the active page within the timeout. */
  async waitForText(text: string, timeoutMs: number): Promise<boolean> {
    return this.until(timeoutMs, async () => {
      await this.probe.beforePass();
      return this.probe.textVisible(text);
    });
  }

  /** Whether the active page's URL matches `pattern` (substring, or `/regex/flags`) within the timeout. */
  async waitForUrl(pattern: string, timeoutMs: number): Promise<boolean> {
    const parsed = parseUrlPattern(pattern);
    const deadline = Date.now() + timeoutMs;
    return this.until(timeoutMs, async () => {
      await this.probe.beforePass();
      const url = await this.probe.currentUrl();
      // A regex never runs on the service's thread: in the page, stopped when it takes too long.
      if (parsed.kind === 'substring') return matchesSubstring(parsed, url);
      return (await this.probe.testRegex(parsed, url, Math.max(MIN_REGEX_MS, deadline - Date.now()))) === true;
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

  private async poll(wait: TargetWait<F>, state: ElementState, timeoutMs: number): Promise<PollOutcome<F>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.probe.beforePass();
      const found = await wait.probe();
      if (!found && !wait.usable()) {
        return { ok: false, found: null, actual: lowerFirst(wait.describeNoMatch(timeoutMs)) };
      }
      const outcome = await this.evaluate(found, state);
      // A handle the probe fetched is kept only with the element the caller gets (it records it).
      if (found !== outcome.found) this.probe.release(found);
      if (outcome.ok || Date.now() >= deadline) {
        if (outcome.found) this.probe.noteAmbiguity(outcome.found);
        if (!found && !outcome.ok) outcome.actual = lowerFirst(wait.describeNoMatch(timeoutMs));
        return outcome;
      }
      this.probe.release(outcome.found);
      await sleep(Math.min(POLL_MS, deadline - Date.now()));
    }
  }

  private async evaluate(found: F | null, state: ElementState): Promise<PollOutcome<F>> {
    if (!found) return { ok: state === 'detached' || state === 'hidden', found, actual: 'no element matches' };
    if (state === 'attached') return { ok: true, found, actual: 'attached' };
    if (state === 'detached') return { ok: false, found, actual: 'it is still attached' };
    const [property, wanted, other] = STATE_PROPERTY[state];
    const reading = await this.probe.read(found, property);
    if (reading === null) throw new Error(`Element ${found.candidate.raw} is not a checkbox or radio button, so it cannot be ${state}`);
    // It went away between the probe and the check: the next poll sees that.
    if (typeof reading === 'object') return { ok: state === 'hidden', found: null, actual: reading.gone };
    return { ok: reading === (state === wanted), found, actual: `it is ${reading ? wanted : other}` };
  }
}

/** Each state's property, and the words for its true and false values. */
const STATE_PROPERTY: Record<Exclude<ElementState, 'attached' | 'detached'>, ['visible' | 'enabled' | 'checked', string, string]> = {
  visible: ['visible', 'visible', 'hidden'],
  hidden: ['visible', 'visible', 'hidden'],
  enabled: ['enabled', 'enabled', 'disabled'],
  disabled: ['enabled', 'enabled', 'disabled'],
  checked: ['checked', 'checked', 'unchecked'],
  unchecked: ['checked', 'checked', 'unchecked'],
};

/** What a failed wait or check records: the candidate found (in the wrong state) with those tried before it, or every candidate with why it gave nothing. */
function failedTrials<F extends FoundTarget>(wait: TargetWait<F>, outcome: PollOutcome<F>): SelectorTrials {
  return outcome.found ? { selectorUsed: outcome.found.candidate.raw, selectorsTried: outcome.found.trials ?? null } : wait.failedTrials();
}

function lowerFirst(text: string): string {
  return text.replace(/^No/, 'no');
}
