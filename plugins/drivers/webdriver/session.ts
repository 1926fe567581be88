/**
 * A flow's browser on WebDriver: one WebDriver session (its own browser
 * profile, so its own cookies and storage), deleted on close. Navigation,
 * tabs, dialogs, scripts and screenshots live here; element actions, waits
 * and the observation are delegated to their own modules.
 */
import { type BrowserSession, type CarriedSecrets, type LiveFrame } from '../../../kernel/contracts/browser-driver';
import { SelectorSyntaxError, type DialogInfo, type ElementActionResult, type ElementState, type ExtractedText, type LoadOutcome, type Observation, type ObserveOptions, type PageActivity, type PointedElement, type SelectorInput, type SelectorTest, type TabInfo } from '../../../lib/page-actions/page-actions';
import { OBSERVER_STATE_KEY } from '../../../lib/page-scripts/observation/observer-lib';
import { WebdriverActivity } from './page-activity';
import { pointAt, testQuery, type PointResult } from './in-page/page-lib';
import { toCandidate } from './selector-candidates';
import type { Logger } from '../../../kernel/logger';
import { TITLE_IN_PAGE } from '../../../lib/page-scripts/result-cap';
import type { ServiceOrigins } from '../../../lib/service-guard/service-origins';
import { DialogAnswerer } from './dialogs';
import { ElementActions } from './element-actions';
import { ElementFinder, type FoundElement } from './element-finder';
import type { ElementStates, ElementStateCheck } from '../../../lib/element-states/element-states';
import { webdriverElementStates } from './element-states';
import { navigationErrorCode } from './in-page/element-scripts';
import { DIALOG_HOOKS_KEY, installDialogHooks } from './in-page/page-lib';
import type { ElementDescription } from '../../../lib/page-actions/page-actions';
import { Liveness } from './liveness';
import { WebdriverObserver } from './observer';
import { DocumentMark, settleLoad, unreadyOutcome } from './page-load';
import { WebdriverRegexTester } from './regex-in-page';
import { WebdriverServiceGuard } from './service-guard';
import { DIALOG_LOST, runUserScript } from './user-script';
import { Tabs } from './tabs';
import { withTimeout } from './timing';
import { isAlertOpen, isNoSuchWindow, isTimeoutError, readableMessage } from './webdriver-errors';
import { Wire, type WdBrowser } from './wire';
import { ScreenshotVideo } from '../../../lib/video/screenshot-video';
import { FrameThrottle } from '../../../lib/video/frame-throttle';
import { originOf } from '../../../lib/origins/origin-patterns';
import { SecretNotAllowedError } from '../../../lib/origins/secret-origins';
import type { CdpRequestGuard } from './cdp-request-guard';
import type { WebdriverSecretMasking } from './secret-masking';
import { ELEMENT_KEY, type ElementRef } from './element-finder';
import type { DownloadedFile, DownloadOptions, StorageState } from '../../../kernel/contracts/browser-driver';
import { applyStorageState, readStorageState } from './storage-state';
import { WebdriverDownloads, type DownloadSource } from './downloads';

/** Live frames go out at most twice a second. */
const LIVE_FRAME_INTERVAL_MS = 500;

/** What a session is made of. */
export interface WebdriverSessionParts {
  browser: WdBrowser;
  logger: Logger;
  flowId: string;
  actionTimeoutMs: number;
  navigationTimeoutMs: number;
  /** Idle liveness probe interval. */
  heartbeatMs: number;
  /** The endpoint runs elsewhere: uploaded files are sent to it first. */
  remoteFiles: boolean;
  /** The page's visible area the window is sized to. */
  viewport: { width: number; height: number };
  /** Largest result a page hands back, in bytes: scripts' JSON and extracted text are cut in the page. */
  maxResultBytes: number;
  /** The service's own origins, which the session keeps its browser away from (service-guard.ts). */
  serviceOrigins: () => ServiceOrigins;
  /** Record a WebM of the session (screenshots at a steady rate), or no video. */
  video: { ffmpegPath: string; outputPath: string; fps: number } | null;
  /**
   * Refuses requests carrying env values elsewhere and navigations outside
   * the flow's allowedOrigins, over its own DevTools connection
   * (cdp-request-guard.ts); null when the flow needs none or the browser
   * offers none (then no navigation may carry a value).
   */
  requestGuard: CdpRequestGuard | null;
  /** Masks the flow's env values in pictures; null when the flow has none. */
  masking: WebdriverSecretMasking | null;
  /** Called once the session is closed. */
  onClosed(): void;
  /** Keep what the pages download, from where the browser saves it (absent: not kept). */
  downloads?: { options: DownloadOptions; source: DownloadSource };
  /** Start with these cookies and this local storage (a browser profile). */
  storageState?: StorageState;
}

/** How long deleting the WebDriver session may take at close. */
const DELETE_TIMEOUT_MS = 5_000;

/** One flow's BrowserSession on one WebDriver session. */
export class WebdriverSession implements BrowserSession {
  readonly disconnected: Promise<Error>;
  private video: ScreenshotVideo | null = null;
  private closing: Promise<void> | null = null;
  private lastUrl = 'about:blank';
  private readonly liveness: Liveness;
  private readonly wire: Wire;
  private readonly dialogs: DialogAnswerer;
  private readonly tabList: Tabs;
  private readonly elements: ElementActions;
  private readonly states: ElementStates<FoundElement>;
  private readonly observer: WebdriverObserver;
  private readonly serviceGuard: WebdriverServiceGuard;
  /** The env values of the running tool call (kernel: carrySecrets). */
  private carried: CarriedSecrets | null = null;
  private readonly downloads: WebdriverDownloads | null;
  private readonly chromium: boolean;
  private readonly activity: WebdriverActivity;

  constructor(private readonly parts: WebdriverSessionParts) {
    this.dialogs = new DialogAnswerer(parts.logger);
    this.wire = new Wire(parts.browser, this.dialogs, (cause) => this.markGone(cause));
    this.liveness = new Liveness({
      probe: () => parts.browser.getWindowHandles(),
      busy: () => this.wire.busy,
      intervalMs: parts.heartbeatMs,
      logger: parts.logger,
      flowId: parts.flowId,
    });
    this.disconnected = this.liveness.disconnected;
    // Chromium endpoints take DevTools commands (chromedriver's goog/cdp), used where classic WebDriver has no way.
    const chromium = Boolean((parts.browser as { isChromium?: boolean }).isChromium);
    this.chromium = chromium;
    this.serviceGuard = new WebdriverServiceGuard(this.wire, parts.serviceOrigins, chromium, parts.logger);
    this.tabList = new Tabs(this.wire, (handle) => this.serviceGuard.guardTab(handle));
    const finder = new ElementFinder(this.wire, parts.logger);
    const beforePass = async () => { await this.tabList.sync(); };
    this.elements = new ElementActions({
      wire: this.wire, finder, actionTimeoutMs: parts.actionTimeoutMs, maxResultBytes: parts.maxResultBytes, beforePass,
      settle: () => this.settle(), remoteFiles: parts.remoteFiles,
      checkTarget: (found) => this.checkTarget(found),
      typing: async (found) => {
        if (!this.carried || !parts.masking) return;
        const element = found ? found.element : await this.activeElement();
        if (element) await parts.masking.stick(parts.browser, element);
      },
    });
    const regexes = new WebdriverRegexTester(this.wire, chromium);
    this.states = webdriverElementStates({
      wire: this.wire, finder, beforePass, readUrl: () => this.readUrl(),
      testRegex: (pattern, url, ms) => regexes.test(pattern, url, ms),
    });
    this.observer = new WebdriverObserver(this.wire, () => this.screenshot());
    const d = parts.downloads;
    this.downloads = d ? new WebdriverDownloads(d.options, d.source, (command) => this.wire.run(command), parts.logger) : null;
    this.activity = new WebdriverActivity(this.wire, chromium);
  }

  /** The WebDriver session id (diagnostics and tests). */
  get sessionId(): string {
    return this.parts.browser.sessionId;
  }

  /** The capabilities the endpoint granted (diagnostics and tests; `goog:processID` is Chromium's pid). */
  get capabilities(): Record<string, unknown> {
    return this.parts.browser.capabilities as Record<string, unknown>;
  }

  /** Sets the timeouts, sizes the window, learns the first window and starts the liveness probe. */
  async start(): Promise<void> {
    const { navigationTimeoutMs } = this.parts;
    await this.wire.run((b) => b.setTimeouts(0, navigationTimeoutMs, navigationTimeoutMs));
    await this.fitViewport();
    await this.tabList.start();
    // The profile's origins are visited before the flow's target: cookies can only be set on their site.
    if (this.parts.storageState) await applyStorageState((command) => this.wire.run(command), this.parts.storageState, (url) => this.serviceGuard.matches(url));
    this.lastUrl = await this.readUrl();
    this.liveness.start();
    this.startVideo();
  }

  /** Whether a WebM of this session is being written. */
  get recordsVideo(): boolean {
    return this.parts.video !== null;
  }

  videoPositionMs(): number | null {
    return this.video?.positionMs ?? null;
  }

  /** The video's pictures as live frames, at most two a second (lib/video/frame-throttle.ts); none without a video. */
  onFrame(listener: (frame: LiveFrame) => void): void {
    const throttle = new FrameThrottle<LiveFrame>(LIVE_FRAME_INTERVAL_MS, (frame) => { if (!this.closing) listener(frame); });
    this.video?.onFrame((data) => throttle.offer({ mimeType: 'image/png', data, tabIndex: this.tabList.activeIndex, url: this.lastUrl }));
  }

  private startVideo(): void {
    const { video, viewport, logger, browser } = this.parts;
    if (!video) return;
    this.video = new ScreenshotVideo({
      ...video, ...viewport, logger,
      // WebDriver's screenshots are slow (a whole command): taken at the video's rate while the flow leaves the page alone.
      idleCaptureMs: 1000 / video.fps,
      // Straight to the browser, not through the Wire: a frame must never answer a dialog.
      capture: async () => {
        await this.parts.masking?.refresh(browser);
        return Buffer.from(await browser.takeScreenshot(), 'base64');
      },
      busy: () => this.wire.busy || this.closing !== null,
    });
  }

  /**
   * Sizes the window so the page's visible area is `parts.viewport`.
   * WebDriver sets the outer window, and what the browser's own frame takes
   * differs (headless Chromium keeps 143 px of it), so the frame is
   * measured first. An endpoint that cannot resize (some grids, mobile)
   * keeps its size, with a warning: the flow still runs.
   */
  private async fitViewport(): Promise<void> {
    const { width, height } = this.parts.viewport;
    try {
      const [innerWidth, innerHeight, outerWidth, outerHeight] = await this.wire.run((b) =>
        b.executeScript('return [window.innerWidth, window.innerHeight, window.outerWidth, window.outerHeight]', []) as Promise<number[]>);
      if (innerWidth === width && innerHeight === height) return;
      await this.wire.run((b) => b.setWindowRect(null, null, outerWidth + width - innerWidth, outerHeight + height - innerHeight));
    } catch (err) {
      this.parts.logger.warn('Could not size the window to the viewport', { flowId: this.parts.flowId, width, height, error: readableMessage(err) });
    }
  }

  carrySecrets(carried: CarriedSecrets | null): void {
    this.carried = carried;
  }

  /**
   * Where the running call's env values would go. This driver acts in the
   * tab's top document and its same-origin frames only, so the origin is the
   * tab's, read from the browser (never from the page's script); typing
   * without a target goes to the focused element, which must not be inside
   * a frame (its document could be of any origin).
   */
  private async checkTarget(found: { candidate: { raw: string } } | null): Promise<void> {
    const carried = this.carried;
    if (!carried) return;
    const origin = originOf(await this.readUrl());
    if (found) {
      carried.check(origin, `${found.candidate.raw}, an element of ${origin}`);
      return;
    }
    carried.check(origin, `the focused element, in a document of ${origin}`);
    const active = await this.activeElement();
    const tag = active ? String(await this.wire.run((b) => b.getElementTagName(active[ELEMENT_KEY]!))).toLowerCase() : '';
    if (tag === 'iframe' || tag === 'frame') {
      throw new SecretNotAllowedError(carried.names[0]!, 'the documents this driver can tell the origin of', 'the focused element inside a frame; give the field\'s selector');
    }
  }

  /** The focused element of the top document (an iframe element when the focus is inside a frame), or null. */
  private async activeElement(): Promise<ElementRef | null> {
    const ref = await this.wire.run((b) => b.getActiveElement()).catch(() => null) as unknown as ElementRef | null;
    return ref && ref[ELEMENT_KEY] ? ref : null;
  }

  /** Throws why the tab's new document was refused during an action (an env value, or the flow's allowedOrigins): the tab stayed where it was. */
  private throwIfRefused(): void {
    const refused = this.parts.requestGuard?.take().find((r) => r.topLevel);
    if (refused) throw refused.error;
  }

  /** Resolves `disconnected` (once) unless the session was closed on purpose. */
  markGone(cause: Error): void {
    this.liveness.markGone(cause);
  }

  currentUrl(): string {
    return this.lastUrl;
  }

  async title(): Promise<string> {
    this.guard();
    // Cut in the page: a page may make its title megabytes long.
    return String(await this.wire.run((b) => b.executeScript(`return ${TITLE_IN_PAGE}`, [])));
  }


  async navigate(url: string): Promise<LoadOutcome> {
    this.guard();
    if (this.serviceGuard.matches(url)) throw this.serviceGuard.refusal(`Navigation to ${url}`, url);
    const requests = this.parts.requestGuard;
    if (requests) {
      // Refused before anything is requested: a value bound elsewhere in the URL, or an origin the flow may not visit.
      const refused = requests.refusal(url, true);
      if (refused) throw refused;
    } else if (this.carried) {
      // Without a request guard nothing could stop a redirect from carrying the value on to another origin.
      throw new SecretNotAllowedError(this.carried.names[0]!, 'navigations this browser can watch', 'a navigation on this WebDriver endpoint, whose browser offers no DevTools connection to watch its redirects');
    }
    return this.go(`Navigation to ${url}`, (b) => b.navigateTo(url));
  }

  goBack(): Promise<LoadOutcome> {
    return this.go('Going back', (b) => b.back());
  }

  goForward(): Promise<LoadOutcome> {
    return this.go('Going forward', (b) => b.forward());
  }

  reload(): Promise<LoadOutcome> {
    return this.go('Reloading', (b) => b.refresh());
  }

  click(target: SelectorInput, options?: { clickCount?: number; button?: 'left' | 'right' | 'middle' }): Promise<ElementActionResult> {
    this.guard();
    return this.refusing(() => this.elements.click(target, options));
  }

  hover(target: SelectorInput): Promise<ElementActionResult> {
    this.guard();
    return this.elements.hover(target);
  }

  type(target: SelectorInput | null, text: string, options?: { clear?: boolean; pressEnter?: boolean }): Promise<ElementActionResult | null> {
    this.guard();
    return this.refusing(() => this.elements.type(target, text, options));
  }

  pressKey(key: string): Promise<void> {
    this.guard();
    return this.refusing(() => this.elements.pressKey(key));
  }

  selectOption(target: SelectorInput, values: string[]): Promise<ElementActionResult & { selected: string[] }> {
    this.guard();
    return this.refusing(() => this.elements.selectOption(target, values));
  }

  setChecked(target: SelectorInput, checked: boolean): Promise<ElementActionResult> {
    this.guard();
    return this.refusing(() => this.elements.setChecked(target, checked));
  }

  /** Runs an action that may start a navigation; a refused one fails the action saying why. */
  private async refusing<T>(action: () => Promise<T>): Promise<T> {
    this.parts.requestGuard?.take();
    const result = await action();
    this.throwIfRefused();
    return result;
  }

  uploadFile(target: SelectorInput, absolutePaths: string[]): Promise<ElementActionResult> {
    this.guard();
    return this.elements.uploadFile(target, absolutePaths);
  }

  scroll(direction: 'up' | 'down' | 'left' | 'right', target?: SelectorInput): Promise<ElementActionResult | null> {
    this.guard();
    return this.elements.scroll(direction, target);
  }

  waitForSelector(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementActionResult | null> {
    this.guard();
    return this.states.waitForSelector(target, state, timeoutMs);
  }

  waitForText(text: string, timeoutMs: number): Promise<boolean> {
    this.guard();
    return this.states.waitForText(text, timeoutMs);
  }

  checkElementState(target: SelectorInput, state: ElementState, timeoutMs: number): Promise<ElementStateCheck> {
    this.guard();
    return this.states.checkElementState(target, state, timeoutMs);
  }

  waitForUrl(pattern: string, timeoutMs: number): Promise<boolean> {
    this.guard();
    return this.states.waitForUrl(pattern, timeoutMs);
  }

  async extractText(target?: SelectorInput, options?: { maxChars?: number }): Promise<ExtractedText> {
    this.guard();
    await this.beforeRead();
    return this.elements.extractText(target, options);
  }

  async tabs(): Promise<TabInfo[]> {
    this.guard();
    const tabs = await this.tabList.describe();
    this.lastUrl = tabs.find((t) => t.active)?.url ?? this.lastUrl;
    return tabs;
  }

  async switchTab(by: { index?: number; urlContains?: string }): Promise<TabInfo> {
    this.guard();
    const tab = await this.tabList.switchTo(by);
    this.lastUrl = tab.url;
    return tab;
  }

  setDialogPolicy(policy: { accept: boolean; promptText?: string }): void {
    this.dialogs.setPolicy(policy);
  }

  storageState(): Promise<StorageState> {
    return readStorageState((command) => this.wire.run(command), this.chromium);
  }

  async takeDownloads(waitMs: number): Promise<DownloadedFile[]> {
    return this.downloads && !this.closing ? this.downloads.take(waitMs) : [];
  }

  takeDialogs(): DialogInfo[] {
    return this.dialogs.take();
  }

  async evaluate(javascript: string, params: unknown): Promise<unknown> {
    this.guard();
    await this.wire.answerDialogs();
    await this.beforeRead();
    if (this.carried) {
      // The script runs in the tab's top document: the values it gets go to that document's origin.
      const origin = originOf(await this.readUrl());
      this.carried.check(origin, `the page's origin ${origin} (the script runs there)`);
    }
    const result = await runUserScript(this.wire, javascript, params, this.parts.navigationTimeoutMs, this.parts.maxResultBytes);
    const dialogs = await this.wire.answerDialogs();
    await this.settle();
    if (result.lost && dialogs > 0) throw new Error(DIALOG_LOST);
    return result.value;
  }

  async screenshot(): Promise<Buffer> {
    this.guard();
    await this.parts.masking?.refresh(this.parts.browser);
    const base64 = await this.wire.run((b) => b.takeScreenshot());
    const png = Buffer.from(base64, 'base64');
    this.video?.offer(png);
    return png;
  }

  async observe(options: ObserveOptions): Promise<Observation> {
    this.guard();
    await this.beforeRead();
    return this.observer.observe(this.tabList.activeHandle ?? '', options);
  }

  takeActivity(): Promise<PageActivity> {
    this.guard();
    return this.activity.take();
  }

  /** The element at a point of the viewport; selectors only for an element of the top document (those this driver acts on). */
  async elementAt(x: number, y: number): Promise<PointedElement | null> {
    this.guard();
    await this.beforeRead();
    return this.wire.script<PointResult | null>(pointAt, { x, y, observerKey: OBSERVER_STATE_KEY });
  }

  /** How many elements of the top document one candidate matches now, with this driver's selector engine. */
  async testSelector(selector: string): Promise<SelectorTest> {
    this.guard();
    const candidate = toCandidate(selector.trim());
    if (!candidate.query) throw new SelectorSyntaxError(`this driver cannot run it (${candidate.skip})`);
    if (candidate.query.kind === 'fingerprint') throw new SelectorSyntaxError('a fingerprint= candidate is matched by agreement with a recorded element, not counted; test the selectors recorded with it');
    await this.beforeRead();
    try {
      return await this.wire.script<{ count: number; elements: ElementDescription[] }>(testQuery, { query: candidate.query, observerKey: OBSERVER_STATE_KEY, limit: 10 });
    } catch (err) {
      // The page's engine threw: a syntax it rejects, or a ref it cannot use.
      if (/javascript error|SyntaxError|not a valid|inside a frame/i.test(readableMessage(err))) throw new SelectorSyntaxError(readableMessage(err).replace(/^javascript error: /i, ''));
      throw err;
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const gone = this.liveness.gone;
    this.liveness.stop();
    // The video's last frame comes from the browser: taken before the session goes; the file is finished in the background.
    await this.video?.end();
    this.parts.requestGuard?.close();
    try {
      if (!gone) {
        await withTimeout(this.parts.browser.deleteSession(), DELETE_TIMEOUT_MS, 'deleting the WebDriver session timed out');
      }
    } catch (err) {
      this.parts.logger.debug('Deleting the WebDriver session failed', { flowId: this.parts.flowId, error: err });
    } finally {
      this.parts.onClosed();
    }
  }

  private guard(): void {
    if (this.closing) throw new Error('The browser session is closed');
  }

  /**
   * Runs a navigation command (the `eager` strategy returns at
   * DOMContentLoaded) and checks where it ended: no new document within the
   * timeout, or the browser's own network error page, fails; a document
   * that arrived but never became ready goes on as still loading; a ready
   * one gets a best-effort wait for `load` (page-load.ts).
   */
  private async go(what: string, command: (b: WdBrowser) => Promise<unknown>): Promise<LoadOutcome> {
    this.guard();
    await this.wire.answerDialogs();
    const timeout = this.parts.navigationTimeoutMs;
    const deadline = Date.now() + timeout;
    const mark = await DocumentMark.place(this.wire);
    this.parts.requestGuard?.take();
    let unready = false;
    try {
      await this.wire.run(command, false);
    } catch (err) {
      // A dialog shown while the page loaded was answered: the navigation itself went on.
      if (!isAlertOpen(err)) {
        if (!isTimeoutError(err)) throw new Error(`${what} failed: ${readableMessage(err)}`);
        if (!(await mark.left())) throw new Error(`${what} received no page within ${timeout} ms`);
        unready = true;
      }
    }
    // Refused by the request guard (answered 204, the tab stayed where it was): that is why.
    this.throwIfRefused();
    const failed = await this.wire.script<string | null>(navigationErrorCode).catch(() => null);
    await this.wire.script(installDialogHooks, DIALOG_HOOKS_KEY).catch(() => undefined);
    if (failed) {
      await this.settle();
      throw new Error(`${what} failed: net::${failed.replace(/^net::/, '')}`);
    }
    const outcome = unready ? await unreadyOutcome(this.wire) : await settleLoad(this.wire, deadline);
    await this.settle();
    this.throwIfRefused();
    return outcome;
  }

  /** After an action: answers dialogs, follows tabs, reads the URL. */
  private async settle(): Promise<void> {
    await this.wire.answerDialogs();
    await this.tabList.sync();
    this.lastUrl = await this.readUrl();
    await this.serviceGuard.checkLanding(this.lastUrl);
    await this.parts.masking?.refresh(this.parts.browser);
  }

  /** Before a read of page content: the active tab (a popup may have opened) must not show the service. */
  private async beforeRead(): Promise<void> {
    await this.tabList.sync();
    await this.serviceGuard.checkLanding(await this.readUrl());
  }

  /** The active tab's URL; a tab that closed meanwhile is replaced first. */
  private async readUrl(): Promise<string> {
    try {
      this.lastUrl = await this.wire.run((b) => b.getUrl());
    } catch (err) {
      if (!isNoSuchWindow(err)) throw err;
      await this.tabList.sync();
      this.lastUrl = await this.wire.run((b) => b.getUrl());
    }
    return this.lastUrl;
  }
}
