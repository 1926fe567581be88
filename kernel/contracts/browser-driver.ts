/**
 * Browser drivers. One driver per `browser.using.type` (`device`,
 * `remoteInstance`, ...). A driver hands each flow an isolated
 * BrowserSession; tools talk only to BrowserSession, so they run on any driver.
 * What the kernel calls is here; the page actions the tools call (click,
 * type, waits, reads...) and their shapes are lib/page-actions', which
 * BrowserSession extends.
 */
import type * as v from 'valibot';
import type { BrowserConfig, NetworkRule } from '../flows/flow-types';
import type { DialogInfo, LoadOutcome, Observation, ObserveOptions, PageActions, PageActivity, PointedElement, SelectorTest } from '../../lib/page-actions/page-actions';

export type { ConsoleEntry, ElementBox, NetworkEntry, NetworkRule } from '../flows/flow-types';

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

/**
 * One flow's isolated browser (own cookies and storage). Every method
 * rejects with an Error whose message a person can act on ("No element
 * matches any of: #save, text=Save (waited 10000 ms)").
 */
export interface BrowserSession extends PageActions {
  /** Whether a video is being recorded to the path given at open. */
  readonly recordsVideo: boolean;
  /** Rejects... never; resolves with the cause when the browser dies unexpectedly. */
  readonly disconnected: Promise<Error>;

  /** Where in the video the newest frame written is (ms from its start); null without video. */
  videoPositionMs?(): number | null;
  /** Calls `listener` with the active tab's newest picture, at most twice a second, while a video is recorded. */
  onFrame?(listener: (frame: LiveFrame) => void): void;

  currentUrl(): string;
  /**
   * Loads a URL in the active tab. Resolves once the document is ready and
   * has loaded, or is quiet (see LoadOutcome); rejects when no document
   * arrived within the navigation timeout, or on a network error.
   */
  navigate(url: string): Promise<LoadOutcome>;
  /** Dialogs shown since the last call (for tool outcome messages and observations). */
  takeDialogs(): DialogInfo[];

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

/**
 * A driver of one `browser.using.type`. `U` is its `browser.using` as its
 * schema outputs it: the CreateFlow schema parses `browser.using` once
 * (lib/validation/create-flow-schema.ts, with `usingSchema`), the flow
 * stores that value, and every method here receives it as `U`: no driver
 * parses it again.
 */
export interface BrowserDriver<U extends BrowserConfig = BrowserConfig> {
  /** The `browser.using.type` it serves. */
  readonly type: string;
  readonly description: string;
  /** valibot schema of `browser.using` for this type (a strict object with `type: literal(type)`): the one parse of it. */
  readonly usingSchema: v.GenericSchema<unknown, U>;
  /**
   * The `browser.using` of a flow that names no browser, when this driver
   * offers one (valid against `usingSchema`): the first loaded driver, in
   * config order, that has one serves such flows. None has one: CreateFlow
   * must name `browser.using`.
   */
  readonly defaultUsing?: U;
  /** Checks beyond the schema at flow creation (the value parsed already); throws ApiError INVALID_REQUEST (e.g. unknown deviceName). */
  validate?(using: U): void;
  /**
   * Why a flow with `allowedOrigins` cannot run on `using` (this driver or
   * that browser cannot block navigations), or null when it can. Absent:
   * the driver cannot; the kernel then refuses such flows with a 400 naming
   * `allowedOrigins`.
   */
  navigationPolicyProblem?(using: U): string | null;
  /** Opens a session; `using` is the stored, parsed value with its `${NAME}` placeholders filled in. */
  open(using: U, options: OpenSessionOptions): Promise<BrowserSession>;
  /** Closes shared browser processes (service shutdown). */
  close(): Promise<void>;
  /** What it can do beyond the BrowserSession contract; absent: none of them. */
  readonly supports?: readonly DriverFeature[];
}
