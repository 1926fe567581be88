/**
 * Browser drivers. One driver per `browser.using.type` (`device`,
 * `remoteInstance`, ...). A driver hands each flow an isolated
 * BrowserSession; tools talk only to BrowserSession, so they run on any driver.
 */
import type * as v from 'valibot';
import type { BrowserConfig, ConsoleEntry, ElementBox, NetworkEntry, NetworkRule } from '../flows/flow-types';

export type { ConsoleEntry, ElementBox, NetworkEntry, NetworkRule } from '../flows/flow-types';
import type { SelectorTrials } from '../../lib/selector-trials/selector-trials';

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

/** The active tab's newest picture, for a live view: `url` unredacted (the flow redacts it). */
export interface LiveFrame { mimeType: 'image/jpeg' | 'image/png'; data: Buffer; tabIndex: number; url: string }

/**
 * The env values one tool call carries (lib/origins builds it). A driver
 * calls `check` with the origin of the frame that holds the element before
 * an element action sends anything to it (for `type` without a target: the
 * frame that has the focus); `check` throws an Error whose `code` is
 * `SECRET_NOT_ALLOWED` and whose message names the variable and where it
 * may be used.
 */
export interface CarriedSecrets {
  /** The variables carried (at least one). */
  readonly names: readonly string[];
  /** Throws unless every carried variable may go to `origin` (as `URL.origin` writes it; `null` for opaque origins). `where` ends the message. */
  check(origin: string, where: string): void;
}

/**
 * Every env value of a flow and where it may go (lib/origins builds it),
 * for what a driver does for the whole session: refusing requests that
 * carry a value elsewhere, and masking values in pictures.
 */
export interface FlowSecrets {
  /** Values (4 characters or more) allowed on `origin`: what a picture masks in that origin's documents. */
  maskValuesFor(origin: string): string[];
  /** The refusal of a request whose URL carries a value (any spelling) not allowed on the URL's origin; null otherwise. */
  refuseRequest(url: string): Error | null;
}

/** Where a flow's browser may go (CreateFlow `allowedOrigins`): top-level and frame navigations elsewhere are blocked. */
export interface NavigationPolicy {
  /** Whether documents of `origin` may load. */
  allows(origin: string): boolean;
  /** The patterns, for messages. */
  describe(): string;
}

export type ElementState = 'visible' | 'hidden' | 'enabled' | 'disabled' | 'checked' | 'unchecked' | 'attached' | 'detached';

/**
 * One flow's isolated browser (own cookies and storage). Every method
 * rejects with an Error whose message a person can act on ("No element
 * matches any of: #save, text=Save (waited 10000 ms)").
 */
export interface BrowserSession {
  /** Whether a video is being recorded to the path given at open. */
  readonly recordsVideo: boolean;
  /** Rejects... never; resolves with the cause when the browser dies unexpectedly. */
  readonly disconnected: Promise<Error>;

  /** Where in the video the newest frame written is (ms from its start); null without video. */
  videoPositionMs?(): number | null;
  /** Calls `listener` with the active tab's newest picture, at most twice a second, while a video is recorded. */
  onFrame?(listener: (frame: LiveFrame) => void): void;

  currentUrl(): string;
  title(): Promise<string>;
  /**
   * Loads a URL in the active tab. Resolves once the document is ready and
   * has loaded, or is quiet (see LoadOutcome); rejects when no document
   * arrived within the navigation timeout, or on a network error.
   */
  navigate(url: string): Promise<LoadOutcome>;
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
  /** Dialogs shown since the last call (for tool outcome messages and observations). */
  takeDialogs(): DialogInfo[];

  /**
   * Runs `javascript` (an async function body receiving `params`) inside
   * the page; returns its JSON-serialisable result, or, when its JSON is
   * larger than the driver's result limit, a `TruncatedResult`
   * (lib/page-scripts/result-cap.ts: `{ truncated: true, bytes,
   * limitBytes, preview }`), cut in the page. A thrown error's message is
   * bounded too.
   */
  evaluate(javascript: string, params: unknown): Promise<unknown>;
  screenshot(): Promise<Buffer>;
  observe(options: ObserveOptions): Promise<Observation>;

  /**
   * The env values of the tool call about to run (null once it ended), set
   * by the kernel around every call that carries one. Element actions check
   * the element's frame origin against it (CarriedSecrets). A session
   * without this method cannot tell, so the kernel refuses to send a value
   * through its element actions.
   */
  carrySecrets?(carried: CarriedSecrets | null): void;
  /** Console messages and failed requests since the last call (a driver that cannot see them has no such method). */
  takeActivity?(): Promise<PageActivity>;
  /** The element at (x, y) of the active tab's viewport in CSS pixels, or null when there is none. */
  elementAt?(x: number, y: number): Promise<PointedElement | null>;
  /** Matches of `selector` (one candidate, the syntax of `SelectorInput`) on the active tab now; rejects an invalid selector. */
  testSelector?(selector: string): Promise<SelectorTest>;

  /**
   * The downloads that finished (kept or refused) since the last call,
   * waiting up to `waitMs` for ones still in progress. Absent: the driver
   * keeps no downloads.
   */
  takeDownloads?(waitMs: number): Promise<DownloadedFile[]>;

  /**
   * The browser's cookies and local storage now, to save as a profile.
   * Drivers that cannot reach every origin save what they can (WebDriver:
   * the cookies, and the local storage of the active tab's origin).
   */
  storageState?(): Promise<StorageState>;

  /**
   * A tool call begins / ends (drivers that record a trace group its
   * actions under `title`; `stepId` is the tool call's id, so the group can
   * be named again later). Optional; never fails the call.
   */
  beginStep?(title: string, stepId: string): Promise<void>;
  endStep?(): Promise<void>;

  /** Closes the context and finalises the video. Idempotent. */
  close(): Promise<void>;
}

/**
 * A browser's state to start from or to save (a browser profile): cookies
 * and the local storage of each origin, in Playwright's `storageState`
 * shape. Every value is a secret.
 */
export interface StorageState {
  cookies: Array<{
    name: string; value: string; domain: string; path: string;
    /** Unix time in seconds; -1 for a session cookie. */
    expires: number;
    httpOnly: boolean; secure: boolean; sameSite: 'Strict' | 'Lax' | 'None';
  }>;
  origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
}

/** Optional things a driver can do for a flow; CreateFlow asking for one its driver lacks answers 400 naming the field. */
export type DriverFeature = 'network.rules' | 'network.har' | 'trace';

/** Where and how much a session keeps of what its pages download (settings.flows.downloads). */
export interface DownloadOptions {
  /** Absolute folder the files go in (it exists), named by their id. */
  dir: string;
  maxBytesPerFile: number;
  /** Files kept per session at most. */
  maxFiles: number;
}

/** A file a page downloaded: kept (`path`), or refused with the reason. */
export interface DownloadedFile {
  id: string;
  /** The name the page suggested, made safe (lib/downloads). */
  fileName: string;
  /** Absolute path of the kept file; null when it was not kept. */
  path: string | null;
  size: number;
  /** Hex SHA-256 of the kept bytes; null when not kept. */
  sha256: string | null;
  mimeType: string;
  /** Why it was not kept (a cap, a failure). */
  refused?: string;
}

export interface OpenSessionOptions {
  flowId: string;
  /** Write a WebM here, or null for no video. */
  videoPath: string | null;
  actionTimeoutMs: number;
  navigationTimeoutMs: number;
  /**
   * How a driver of remote browsers waits for one (lib/endpoint-slots): at most `timeoutMs`, `maxConcurrentPerEndpoint`
   * sessions per endpoint, saying why through `onWaiting` (null once it has one), giving up at once when `signal` aborts.
   */
  acquire?: { timeoutMs: number; maxConcurrentPerEndpoint: number | null; signal: AbortSignal; onWaiting: (reason: string | null) => void };
  /**
   * The flow's env values and their origins: the session refuses every
   * request (redirects included) whose URL carries a value to another
   * origin, and masks the values in every picture it takes or streams.
   * Absent: the flow has none.
   */
  secrets?: FlowSecrets;
  /**
   * The flow's `allowedOrigins`: top-level and frame navigations elsewhere
   * are blocked in the browser. A driver that cannot block them must throw
   * from `open` (and should say so at creation, `navigationPolicyProblem`).
   */
  navigationPolicy?: NavigationPolicy | null;
  /** Keep what pages download here (absent: downloads are not kept). */
  downloads?: DownloadOptions;
  /** Start with these cookies and this local storage (a browser profile); absent: an empty browser. */
  storageState?: StorageState;
  /** Apply these rules to every request of every page and frame (`network.rules`). */
  networkRules?: NetworkRule[];
  /** Record a HAR 1.2 of every request here (written when the session closes, through `redact`). */
  harPath?: string;
  /** Record a Playwright trace here (written when the session closes, through `redact`). */
  tracePath?: string;
  /** The flow's redaction (env values back to `${NAME}`, its other secrets masked), for what the session writes to be handed out (HAR, trace). */
  redact?: (text: string) => string;
  /** The flow types env values (TOTP codes included): a trace keeps pictures of the page only if the session masks them in the page (`secrets`), as redaction cannot reach pixels. */
  hasSecrets?: boolean;
}

export interface BrowserDriver {
  /** The `browser.using.type` it serves. */
  readonly type: string;
  readonly description: string;
  /** valibot schema of `browser.using` for this type (a strict object with `type: literal(type)`). */
  readonly usingSchema: v.GenericSchema;
  /**
   * The `browser.using` of a flow that names no browser, when this driver
   * offers one (valid against `usingSchema`): the first loaded driver, in
   * config order, that has one serves such flows. None has one: CreateFlow
   * must name `browser.using`.
   */
  readonly defaultUsing?: BrowserConfig;
  /** Semantic checks at flow creation; throws ApiError INVALID_REQUEST (e.g. unknown deviceName). */
  validate?(using: BrowserConfig): void;
  /**
   * Why a flow with `allowedOrigins` cannot run on `using` (this driver or
   * that browser cannot block navigations), or null when it can. Absent:
   * the driver cannot; the kernel then refuses such flows with a 400 naming
   * `allowedOrigins`.
   */
  navigationPolicyProblem?(using: BrowserConfig): string | null;
  open(using: BrowserConfig, options: OpenSessionOptions): Promise<BrowserSession>;
  /** Closes shared browser processes (service shutdown). */
  close(): Promise<void>;
  /** What it can do beyond the BrowserSession contract; absent: none of them. */
  readonly supports?: readonly DriverFeature[];
}
