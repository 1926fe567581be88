/**
 * A flow's browser: one BrowserContext (own cookies and storage) on a shared
 * browser. Navigation, tabs, dialogs, scripts and screenshots live here; the
 * element actions and waits are delegated to their own modules.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { BrowserSession, CarriedSecrets, LiveFrame } from '../../../kernel/contracts/browser-driver';
import type { DialogInfo, ElementActionResult, ElementState, ExtractedText, LoadOutcome, Observation, ObserveOptions, PageActivity, PointedElement, SelectorInput, SelectorTest, TabInfo } from '../../../lib/page-actions/page-actions';
import type { ActivityLog } from '../../../lib/page-activity/activity-log';
import { watchActivity } from './page-activity';
import { elementAt, testSelector } from './point-and-test';
import type { Logger } from '../../../kernel/logger';
import { PageObserver } from './observation/observe-page';
import { RequestTracker, settleLoad } from './page-load';
import { PageRegexTester } from './regex-in-page';
import { DialogResponder } from './dialog-responder';
import { ElementActions } from './element-actions';
import { ElementFinder, type FoundElement } from './element-finder';
import type { ElementStates, ElementStateCheck } from '../../../lib/element-states/element-states';
import { playwrightElementStates } from './element-states';
import { boundedTitle, TabTracker } from './tab-tracker';
import { runPageScript } from './page-script';
import { describeNavigationFailure, isInterruptedNavigation } from './readable-errors';
import type { ServiceGuard } from './service-guard';
import { VideoRecorder } from './video-recorder';
import { ScreenshotVideo } from '../../../lib/video/screenshot-video';
import { ViewportCapture } from './viewport-capture';
import { warmOnLoad } from './page-warmup';
import { FrameThrottle } from '../../../lib/video/frame-throttle';
import type { RequestGuard } from './request-guard';
import type { SecretMasking } from './secret-masking';
import { checkElement, checkFocused, handleOf } from './secret-checks';
import { frameOrigin } from './frame-origin';
import { isSecretNotAllowed } from '../../../lib/origins/secret-origins';
import type { DownloadedFile, DownloadOptions, StorageState } from '../../../kernel/contracts/browser-driver';
import { readStorageState } from './storage-state';
import { TRACE_STEP_LOCATION } from '../../../lib/recordings/trace-zip';
import { PageDownloads } from './downloads';

/** Live frames go out at most twice a second (each is a picture of the viewport on the event stream). */
const LIVE_FRAME_INTERVAL_MS = 500;

/** A screenshots video takes a picture when the flow's own are older than this: the page changing between actions is in the video at 2 frames a second. */
const IDLE_CAPTURE_MS = 500;

/** How long a picture taken for the video alone may take (a page that cannot paint: the frame is skipped). */
const VIDEO_CAPTURE_TIMEOUT_MS = 2_000;

/** How a session records its video (the plugin's `videoSource`, see drivers.md#video). */
export interface SessionVideoOptions {
  ffmpegPath: string;
  outputPath: string;
  /** The viewport: frames are scaled into it. */
  width: number;
  height: number;
  fps: number;
  /** `screenshots`: the flow's own screenshots plus one while idle; `screencast`: every repaint (smoother, costs the browser more). */
  source: 'screenshots' | 'screencast';
}

export interface PlaywrightSessionParts {
  context: BrowserContext;
  logger: Logger;
  /** Blocks the service's own origins (installed on the context by the opener). */
  guard: ServiceGuard;
  /** Refuses requests carrying env values elsewhere and navigations outside the flow's allowedOrigins (installed on the context by the opener; attached to each tab here). */
  requests: RequestGuard;
  /** Masks the flow's env values in pictures; null when the flow has none. */
  masking: SecretMasking | null;
  /** Largest result a page hands back, in bytes: scripts' JSON and extracted text are cut in the page. */
  maxResultBytes: number;
  actionTimeoutMs: number;
  navigationTimeoutMs: number;
  /** Resolves when the browser behind the context dies. */
  disconnected: Promise<Error>;
  /** Closes the context (a hosted session: disconnects and releases its browser). */
  closeContext(): Promise<void>;
  /** Called once the session is closed (detaches browser listeners). */
  onClosed(): void;
  /** Keep what the pages download (absent: not kept). */
  downloads?: DownloadOptions;
  /** Runs before the context closes (the trace is written), then after it closed (the HAR is written; both redacted). */
  beforeClose?(): Promise<void>;
  afterClose?(): Promise<void>;
  /** A trace is recorded: tool calls become named groups. */
  tracing?: boolean;
}

export class PlaywrightSession implements BrowserSession {
  readonly disconnected: Promise<Error>;
  private readonly context: BrowserContext;
  private readonly logger: Logger;
  private readonly tabTracker: TabTracker;
  private readonly dialogs: DialogResponder;
  private readonly observer: PageObserver;
  private readonly elements: ElementActions;
  private readonly states: ElementStates<FoundElement>;
  private readonly capture: ViewportCapture;
  /** Console messages and failed requests of every tab, until a tool call takes them. */
  private readonly activity: ActivityLog;
  private recorder: VideoRecorder | null = null;
  private shots: ScreenshotVideo | null = null;
  private closing: Promise<void> | null = null;
  /** Each tab's requests in flight, for best-effort loads (page-load.ts). */
  private readonly requests = new WeakMap<Page, RequestTracker>();
  /** The env values of the running tool call (kernel: carrySecrets). */
  private carried: CarriedSecrets | null = null;
  /** Tabs whose requests are watched (request-guard.ts): a new tab is watched before it is used. */
  private readonly watching = new WeakMap<Page, Promise<void>>();
  /** What the tabs download, when the flow keeps downloads. */
  private readonly downloads: PageDownloads | null;

  constructor(private readonly parts: PlaywrightSessionParts) {
    this.context = parts.context;
    this.logger = parts.logger;
    this.disconnected = parts.disconnected;
    this.dialogs = new DialogResponder(this.logger);
    this.downloads = parts.downloads ? new PageDownloads(parts.downloads, this.logger) : null;
    // One observer per session: it keeps the refs of the latest observation.
    // Its screenshots use the session's DevTools capture (see screenshot()).
    this.observer = new PageObserver(async (page) => {
      const png = await this.capture.png(page, parts.actionTimeoutMs);
      this.shots?.offer(png);
      return png;
    });
    this.tabTracker = new TabTracker(this.context, (page) => {
      this.dialogs.attach(page);
      this.downloads?.attach(page);
      this.requests.set(page, new RequestTracker(page));
      warmOnLoad(page);
      this.watching.set(page, parts.requests.attach(page));
      parts.masking?.attach(page);
    });
    const finder = new ElementFinder(this.observer, this.logger);
    const page = () => this.page();
    this.elements = new ElementActions({
      page, finder, logger: this.logger, actionTimeoutMs: parts.actionTimeoutMs, maxResultBytes: parts.maxResultBytes,
      checkTarget: async (found) => {
        const carried = this.carried;
        if (!carried) return;
        if (found) await checkElement(carried, found);
        else await checkFocused(carried, await this.page());
      },
      typing: async (found) => {
        if (!this.carried) return false;
        if (!parts.masking) return true;
        const handle = found ? await handleOf(found) : await (await this.page()).evaluateHandle('document.activeElement').then((h) => h.asElement()).catch(() => null);
        if (handle) await parts.masking.stick(handle as never);
        return true;
      },
    });
    const regexes = new PageRegexTester(this.context);
    this.states = playwrightElementStates({
      page, finder, record: (found) => this.elements.record(found),
      testRegex: (p, pattern, url, ms) => regexes.test(p, pattern, url, ms),
    });
    // Every picture (step screenshots, observations, video frames) is taken after the page's values are masked.
    this.capture = new ViewportCapture(this.context, parts.masking ? (p) => parts.masking!.beforePicture(p) : null);
    this.activity = watchActivity(this.context);
  }

  carrySecrets(carried: CarriedSecrets | null): void {
    this.carried = carried;
  }

  /** Takes over the tabs the context already has (a hosted browser comes with one), else opens the first. */
  async start(): Promise<void> {
    for (const page of this.context.pages()) this.tabTracker.add(page);
    const first = await this.tabTracker.activePage();
    // Nothing loads before the first tab's requests are watched.
    await this.watching.get(first);
  }

  /** Starts recording the active tab (and every tab that becomes active). */
  startVideo(options: SessionVideoOptions): void {
    if (options.source === 'screencast') {
      const recorder = new VideoRecorder({ ...options, logger: this.logger });
      this.recorder = recorder;
      const current = this.tabTracker.current();
      if (current) void recorder.follow(this.context, current);
      this.tabTracker.onActiveChange((page) => void recorder.follow(this.context, page));
      return;
    }
    this.shots = new ScreenshotVideo({
      ...options, logger: this.logger, idleCaptureMs: IDLE_CAPTURE_MS,
      // The active tab as it is (never one opened for the picture); also the last picture while closing.
      capture: async () => {
        const page = this.tabTracker.current();
        if (!page) throw new Error('No tab to take a picture of');
        return this.capture.png(page, VIDEO_CAPTURE_TIMEOUT_MS);
      },
      busy: () => this.closing !== null,
    });
  }

  get recordsVideo(): boolean {
    return this.recorder !== null || this.shots !== null;
  }

  videoPositionMs(): number | null {
    return (this.recorder ?? this.shots)?.positionMs ?? null;
  }

  /** The video's pictures, throttled (lib/video/frame-throttle.ts); none without a video. */
  onFrame(listener: (frame: LiveFrame) => void): void {
    // A frame still waiting when the session closes is dropped: the flow has moved on.
    const throttle = new FrameThrottle<LiveFrame>(LIVE_FRAME_INTERVAL_MS, (frame) => { if (!this.closing) listener(frame); });
    const offer = (mimeType: LiveFrame['mimeType'], data: Buffer, page: Page | null) => throttle.offer({
      mimeType, data, tabIndex: page ? Math.max(0, this.tabTracker.list().indexOf(page)) : 0, url: page?.url() ?? 'about:blank',
    });
    this.recorder?.onFrame((data, page) => offer('image/jpeg', data, page));
    this.shots?.onFrame((data) => offer('image/png', data, this.tabTracker.current() ?? null));
  }

  currentUrl(): string {
    return this.tabTracker.current()?.url() ?? 'about:blank';
  }

  async title(): Promise<string> {
    return boundedTitle(await this.page());
  }

  async navigate(url: string): Promise<LoadOutcome> {
    if (this.parts.guard.origins.matches(url)) throw this.parts.guard.refusal(`Navigation to ${url}`, url);
    // Refused before anything is requested: a value bound elsewhere in the URL, or an origin the flow may not visit.
    const refusal = this.parts.requests.refusal(url, true);
    if (refusal) throw refusal;
    const page = await this.page();
    await this.watching.get(page);
    this.parts.requests.take();
    const timeout = this.parts.navigationTimeoutMs;
    const deadline = Date.now() + timeout;
    const what = `Navigation to ${url}`;
    try {
      await page.goto(url, { waitUntil: 'commit', timeout });
    } catch (err) {
      // A navigation still settling (a script redirect) can cancel this one as it starts: try once more.
      const left = deadline - Date.now();
      if (!isInterruptedNavigation(err) || left < 100) throw await this.navigationFailed(page, what, err);
      try {
        await page.goto(url, { waitUntil: 'commit', timeout: left });
      } catch (again) {
        throw await this.navigationFailed(page, what, again);
      }
    }
    const outcome = await this.settle(page, what, deadline);
    // A redirect (or the new page's script) sent the tab somewhere refused: it stayed, and the call says why.
    const refused = this.parts.requests.take().find((r) => r.topLevel);
    if (refused) throw refused.error;
    return outcome;
  }

  goBack(): Promise<LoadOutcome> {
    return this.history('Going back', (page, timeout) => page.goBack({ waitUntil: 'commit', timeout }));
  }

  goForward(): Promise<LoadOutcome> {
    return this.history('Going forward', (page, timeout) => page.goForward({ waitUntil: 'commit', timeout }));
  }

  reload(): Promise<LoadOutcome> {
    return this.history('Reloading', (page, timeout) => page.reload({ waitUntil: 'commit', timeout }));
  }

  click(target: SelectorInput, options?: { clickCount?: number; button?: 'left' | 'right' | 'middle' }): Promise<ElementActionResult> {
    return this.guarded(() => this.elements.click(target, options));
  }

  hover(target: SelectorInput): Promise<ElementActionResult> {
    return this.elements.hover(target);
  }

  type(target: SelectorInput | null, text: string, options?: { clear?: boolean; pressEnter?: boolean }): Promise<ElementActionResult | null> {
    return this.guarded(() => this.elements.type(target, text, options));
  }

  async pressKey(key: string): Promise<void> {
    const page = await this.page();
    await this.guarded(async () => {
      try {
        await page.keyboard.press(key);
      } catch (err) {
        throw new Error(`Could not press ${key}: ${(err as Error).message.split('\n')[0]!.replace(/^keyboard\.press: /, '')}`);
      }
    });
  }

  selectOption(target: SelectorInput, values: string[]): Promise<ElementActionResult & { selected: string[] }> {
    return this.guarded(() => this.elements.selectOption(target, values));
  }

  setChecked(target: SelectorInput, checked: boolean): Promise<ElementActionResult> {
    return this.guarded(() => this.elements.setChecked(target, checked));
  }

  uploadFile(target: SelectorInput, absolutePaths: string[]): Promise<ElementActionResult> {
    return this.elements.uploadFile(target, absolutePaths);
  }

  scroll(direction: 'up' | 'down' | 'left' | 'right', target?: SelectorInput): Promise<ElementActionResult | null> {
    return this.elements.scroll(direction, target);
  }

  waitForSelector(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementActionResult | null> {
    return this.states.waitForSelector(target, state, timeoutMs);
  }

  waitForText(text: string, timeoutMs: number): Promise<boolean> {
    return this.states.waitForText(text, timeoutMs);
  }

  checkElementState(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementStateCheck> {
    return this.states.checkElementState(target, state, timeoutMs);
  }

  waitForUrl(pattern: string, timeoutMs: number): Promise<boolean> {
    return this.states.waitForUrl(pattern, timeoutMs);
  }

  extractText(target?: SelectorInput, options?: { maxChars?: number }): Promise<ExtractedText> {
    return this.elements.extractText(target, options);
  }

  tabs(): Promise<TabInfo[]> {
    return this.tabTracker.describe();
  }

  switchTab(by: { index?: number; urlContains?: string }): Promise<TabInfo> {
    return this.tabTracker.switchTo(by);
  }

  setDialogPolicy(policy: { accept: boolean; promptText?: string }): void {
    this.dialogs.setPolicy(policy);
  }

  takeDialogs(): DialogInfo[] {
    return this.dialogs.take();
  }

  /** A tool call's actions become one named group of the trace; its location names the call, for renaming the group later. */
  async beginStep(title: string, stepId: string): Promise<void> {
    if (!this.parts.tracing || this.closing) return;
    await this.context.tracing.group(title, { location: { file: `${TRACE_STEP_LOCATION}${stepId}`, line: 1, column: 1 } }).catch(() => undefined);
  }

  async endStep(): Promise<void> {
    if (!this.parts.tracing || this.closing) return;
    await this.context.tracing.groupEnd().catch(() => undefined);
  }

  storageState(): Promise<StorageState> {
    return readStorageState(this.context);
  }

  async takeDownloads(waitMs: number): Promise<DownloadedFile[]> {
    return this.downloads ? this.downloads.take(waitMs) : [];
  }

  async evaluate(javascript: string, params: unknown): Promise<unknown> {
    const page = await this.page();
    // The script runs in the tab's top document: the values it gets go to that document's origin.
    const origin = frameOrigin(page.mainFrame());
    this.carried?.check(origin, `the page's origin ${origin} (the script runs there)`);
    return this.guarded(() => runPageScript(page, javascript, params, this.parts.navigationTimeoutMs, this.parts.maxResultBytes));
  }

  /** The active tab's viewport, captured over the DevTools protocol (see viewport-capture.ts). */
  async screenshot(): Promise<Buffer> {
    const png = await this.capture.png(await this.page(), this.parts.actionTimeoutMs);
    this.shots?.offer(png);
    return png;
  }

  async observe(options: ObserveOptions): Promise<Observation> {
    return this.observer.observe(await this.page(), options);
  }

  async takeActivity(): Promise<PageActivity> {
    return this.activity.take();
  }

  async elementAt(x: number, y: number): Promise<PointedElement | null> {
    return elementAt(await this.page(), x, y);
  }

  async testSelector(selector: string): Promise<SelectorTest> {
    return testSelector(await this.page(), this.observer, selector);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    try {
      // The video's last picture is taken before the context goes; the file is finished in the background (frame-encoder.ts).
      if (this.recorder) {
        const page = this.tabTracker.current();
        if (page) await this.parts.masking?.beforePicture(page);
        await this.recorder.end(async () => (page ? page.screenshot({ type: 'jpeg', quality: 60, timeout: 2_000 }) : null));
      }
      await this.shots?.end();
      await this.parts.beforeClose?.();
    } finally {
      await this.parts.closeContext().catch((err) => this.logger.debug('Closing the browser context failed', { error: err }));
      await this.parts.afterClose?.().catch((err) => this.logger.warn('Finishing the recordings of a flow failed', { error: (err as Error).message }));
      this.parts.onClosed();
    }
  }

  private page(): Promise<Page> {
    if (this.closing) return Promise.reject(new Error('The browser session is closed'));
    return this.tabTracker.activePage();
  }

  /**
   * Runs an action that may start a navigation; when the request guard
   * refused the tab's new document meanwhile (an env value or a flow's
   * allowedOrigins), the action fails saying why: the tab stayed where it was.
   */
  private async guarded<T>(action: () => Promise<T>): Promise<T> {
    this.parts.requests.take();
    const result = await action();
    const refused = this.parts.requests.take().find((r) => r.topLevel);
    if (refused) throw refused.error;
    return result;
  }

  private async history(what: string, go: (page: Page, timeout: number) => Promise<unknown>): Promise<LoadOutcome> {
    const page = await this.page();
    this.parts.requests.take();
    const timeout = this.parts.navigationTimeoutMs;
    const deadline = Date.now() + timeout;
    try {
      await go(page, timeout);
    } catch (err) {
      throw await this.navigationFailed(page, what, err);
    }
    return this.settle(page, what, deadline);
  }

  /** After the commit: the document's readiness and a best-effort `load` (page-load.ts), by the navigation's deadline. */
  private async settle(page: Page, what: string, deadline: number): Promise<LoadOutcome> {
    let tracker = this.requests.get(page);
    if (!tracker) {
      tracker = new RequestTracker(page);
      this.requests.set(page, tracker);
    }
    try {
      return await settleLoad(page, tracker, deadline);
    } catch (err) {
      throw await this.navigationFailed(page, what, err);
    }
  }

  /**
   * The readable error of a failed navigation. After a network error Chromium
   * commits its error page a moment later, and that commit would cancel the
   * flow's next navigation, so it is awaited (briefly) first.
   */
  private async navigationFailed(page: Page, what: string, err: unknown): Promise<Error> {
    // Refused by the request guard (answered 204, so the tab stayed where it was): that is the reason.
    const refused = this.parts.requests.take().find((r) => r.topLevel);
    if (refused) return refused.error;
    if (isSecretNotAllowed(err)) return err as Error;
    const failure = describeNavigationFailure(what, err, this.parts.navigationTimeoutMs);
    if (/net::ERR_/.test(failure.message)) {
      await page.waitForURL(/^chrome-error:/, { timeout: 1_000, waitUntil: 'load' }).catch(() => undefined);
    }
    // The guard's own abort (a history entry or a reload of the service's address): say why.
    if (/net::ERR_BLOCKED_BY_CLIENT/.test(failure.message)) return this.parts.guard.explainBlocked(what) ?? failure;
    return failure;
  }

}
