/**
 * What a page does for the tools: the element actions, waits, reads, tabs,
 * dialogs and scripts of a BrowserSession, and the shapes they answer. A
 * contract between two kinds of plugins (the tools call it, the drivers
 * implement it): the kernel runs none of these actions. Its BrowserSession
 * (kernel/contracts/browser-driver.ts) extends PageActions with what the
 * kernel itself calls (open, navigate, observe, screenshot, close...).
 */
import type { ConsoleEntry, ElementBox, NetworkEntry } from '../../kernel/flows/flow-types';
import type { SelectorTrials } from '../selector-trials/selector-trials';

/**
 * An element target: one selector string or candidates tried in order
 * (failover). A `fingerprint={...}` candidate (recorded, see
 * lib/page-scripts/selectors/fingerprint-candidate.ts) makes the driver pick by agreement with
 * the recorded element instead, never acting on an element that disagrees. Playwright selector syntax (`css=`, `xpath=`, `text=`,
 * `role=button[name="Save"]`, `data-testid=`, `internal:label=`...); a bare
 * string is CSS, one starting with `//` is XPath, `ref=12` names element 12
 * of the latest observation. A driver skips candidates whose syntax it cannot run.
 */
export type SelectorInput = string | string[];

/**
 * A step that failed over: its first candidate did not give the element, a
 * later one did. `agreement` (0..1) is how well that element agreed with
 * the recorded fingerprint, null when the target carried none.
 */
export interface Failover {
  /** The first candidate of the target (what was recorded first). */
  recorded: string;
  /** The candidate acted on (`fingerprint=...` when the fingerprint itself found the element). */
  used: string;
  agreement: number | null;
  /** Set when the element was accepted under a new name, with the evidence a rename needs: its recorded name and its name now. */
  renamed?: { from: string; to: string };
}

/** What an element action reports about the element it acted on, and the candidates it tried. */
export interface ElementActionResult extends Pick<SelectorTrials, 'selectorsTried'> {
  /** The element's box just before the action (its place on the picture of the page before the step), when the driver could read it. */
  box?: ElementBox | null;
  /**
   * Up to 5 selector candidates for that element, best first, each verified
   * at record time to match exactly that one element, then its fingerprint
   * (`fingerprint={...}`, lib/page-scripts/selectors/fingerprint-candidate.ts) when the driver
   * could read it. Never contains `ref=`.
   */
  selectors: string[];
  /** The candidate of the target that matched. */
  matchedSelector: string;
  /** Set when the target failed over to a later candidate. */
  failover?: Failover;
}

export interface TabInfo {
  index: number;
  url: string;
  title: string;
  active: boolean;
}

export interface DialogInfo {
  type: 'alert' | 'confirm' | 'prompt' | 'beforeunload';
  message: string;
  /** How it was answered. */
  accepted: boolean;
}

/**
 * Which links show their target (`link "Docs" -> /docs`): `needed` (the
 * default) only where the name does not tell the link apart (no name, or
 * the same name leading elsewhere on the page); `all` every target, once.
 */
export type LinkTargets = 'needed' | 'all';

export interface ObserveOptions {
  /** Hard budget for `text`, in tokens as lib/token-estimate/token-estimate.ts counts them (an estimate that errs high). */
  maxTokens: number;
  /** Attach a PNG screenshot. */
  screenshot?: boolean;
  /** Default `needed`. */
  linkTargets?: LinkTargets;
  /**
   * Applied to every piece of page text before the observation cuts it
   * (names at 60 characters, text at 100, the URL, the title...), so a
   * secret the page shows cannot survive as a prefix of itself: the flow's
   * redaction of env values. Default: none.
   */
  redact?: (text: string) => string;
  /** Give text blocks and headings refs too, so a model can name the element to read a value from (`extract`). Default false. */
  textRefs?: boolean;
}

/** A compact page representation for the LLM. */
export interface Observation {
  url: string;
  title: string;
  /**
   * One line per interactive or text-bearing element: `[12] button "Save"`;
   * `*[13]` marks an element new since the previous observation. Frames and
   * shadow roots included; secret field values scrubbed.
   */
  text: string;
  /** Number of addressable refs. */
  refCount: number;
  /** True when the budget cut the text. */
  truncated: boolean;
  screenshot?: Buffer;
}

/**
 * How a navigation ended. Pages whose third-party resources never answer
 * must not fail a flow, so `load` is waited for on a best-effort basis: once
 * the document is ready (DOMContentLoaded) and the network is quiet, or a
 * short budget is spent, the session goes on with what is there. Only a
 * navigation that got no document within the navigation timeout fails.
 */
export interface LoadOutcome {
  /** The page had not finished loading (`load` had not fired) when the session went on. */
  stillLoading: boolean;
  /** Requests still in flight at that moment (0 when it finished; an estimate where the protocol cannot count them). */
  pendingRequests: number;
}

/** What `extractText` read. */
export interface ExtractedText {
  /** innerText of the target or the page body, cut in the page to `maxChars` and to the driver's result limit. */
  text: string;
  element: ElementActionResult | null;
  /** Whether `text` was cut. */
  truncated: boolean;
  /** Length of the whole innerText, in characters. */
  length: number;
}

/**
 * Console messages and failed requests since the last `takeActivity`,
 * bounded (lib/page-activity/activity-log.ts): at most a fixed number of
 * each, texts and URLs cut; `dropped` counts what did not fit. Unredacted:
 * the flow redacts them.
 */
export interface PageActivity {
  console: ConsoleEntry[];
  network: NetworkEntry[];
  dropped: { console: number; network: number };
}

/** An element described for a person: what the observation and the Instruct console show. */
export interface ElementDescription {
  /** `button "Save"`: its ARIA role (else its tag) and accessible name. */
  description: string;
  tag: string;
  role: string;
  name: string;
  visible: boolean;
  box: ElementBox | null;
}

/** The element at a point of the live page, with the selectors an action on it would record. */
export interface PointedElement extends ElementDescription {
  /** Verified candidates, best first (as `ElementActionResult.selectors`, without the fingerprint); empty when none could be verified. */
  selectors: string[];
  /** Inside an iframe (same-origin frames are entered; a cross-origin one is the element itself). */
  inFrame: boolean;
}

/** How many elements a selector matches on the live page, and the first few described. */
export interface SelectorTest {
  count: number;
  /** The first matches (at most 10), in document order. */
  elements: ElementDescription[];
}

/** Thrown by `testSelector` for a selector the driver cannot run (the route answers 400 naming the field). */
export class SelectorSyntaxError extends Error {
  override readonly name = 'SelectorSyntaxError';
}

/** A state an element can be waited for or checked in. */
export type ElementState = 'visible' | 'hidden' | 'enabled' | 'disabled' | 'checked' | 'unchecked' | 'attached' | 'detached';

/**
 * The page actions of a BrowserSession. Every method rejects with an Error
 * whose message a person can act on ("No element matches any of: #save,
 * text=Save (waited 10000 ms)").
 */
export interface PageActions {
  title(): Promise<string>;
  /** History and reload, with the same waiting as `navigate`. */
  goBack(): Promise<LoadOutcome>;
  goForward(): Promise<LoadOutcome>;
  reload(): Promise<LoadOutcome>;

  click(target: SelectorInput, options?: { clickCount?: number; button?: 'left' | 'right' | 'middle' }): Promise<ElementActionResult>;
  hover(target: SelectorInput): Promise<ElementActionResult>;
  /** Types into the target, or into the focused element when target is null (then returns null). */
  type(target: SelectorInput | null, text: string, options?: { clear?: boolean; pressEnter?: boolean }): Promise<ElementActionResult | null>;
  pressKey(key: string): Promise<void>;
  selectOption(target: SelectorInput, values: string[]): Promise<ElementActionResult & { selected: string[] }>;
  setChecked(target: SelectorInput, checked: boolean): Promise<ElementActionResult>;
  uploadFile(target: SelectorInput, absolutePaths: string[]): Promise<ElementActionResult>;
  scroll(direction: 'up' | 'down' | 'left' | 'right', target?: SelectorInput): Promise<ElementActionResult | null>;
  /** Waits until the target reaches `state`; resolves null for hidden/detached. */
  waitForSelector(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementActionResult | null>;

  /** Whether `text` is visible on the page within the timeout. */
  waitForText(text: string, timeoutMs: number): Promise<boolean>;
  /** Whether the target is in `state` within the timeout (with its selectors when it exists); if not, what it was instead and the candidates tried. */
  checkElementState(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<{ ok: boolean; element: ElementActionResult | null; actual?: string } & Partial<SelectorTrials>>;
  /** Whether the URL matches `pattern` (substring, or `/regex/flags`) within the timeout. */
  waitForUrl(pattern: string, timeoutMs: number): Promise<boolean>;
  /**
   * innerText of the target, or of the page body, cut in the page (only
   * that much crosses to the service) to `options.maxChars` and to the
   * driver's result limit.
   */
  extractText(target?: SelectorInput, options?: { maxChars?: number }): Promise<ExtractedText>;

  tabs(): Promise<TabInfo[]>;
  switchTab(by: { index?: number; urlContains?: string }): Promise<TabInfo>;
  /** Sets how the next dialogs are answered (default: dismiss, prompt answered empty). */
  setDialogPolicy(policy: { accept: boolean; promptText?: string }): void;

  /**
   * Runs `javascript` (an async function body receiving `params`) inside
   * the page; returns its JSON-serialisable result, or, when its JSON is
   * larger than the driver's result limit, a `TruncatedResult`
   * (lib/page-scripts/result-cap.ts: `{ truncated: true, bytes,
   * limitBytes, preview }`), cut in the page. A thrown error's message is
   * bounded too.
   */
  evaluate(javascript: string, params: unknown): Promise<unknown>;
}
