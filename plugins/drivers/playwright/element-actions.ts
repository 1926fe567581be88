/**
 * The element actions of a session (click, type, select...). Each one finds
 * its target among the candidates, records the element's selectors, then acts
 * with what finding it left of the action timeout (the recording is the
 * service's own work, never charged to the page's wait).
 *
 * Selectors are recorded just before acting: a rerun looks the element up in
 * the state it had before the action, and a click that navigates leaves no
 * element to record afterwards.
 */
import type { ElementHandle, Page } from 'playwright-core';
import type { ElementBox } from '../../../kernel/contracts/browser-driver';
import type { ElementActionResult, ExtractedText, SelectorInput } from '../../../lib/page-actions/page-actions';
import type { Logger } from '../../../kernel/logger';
import { recordSelectors } from './selectors/record-selectors';
import { captureElement } from './agreement-probe';
import { failoverOf } from './failover';
import { withTrials } from '../../../lib/selector-trials/selector-trials';
import { fingerprintCandidate, isFingerprintCandidate } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import { ElementFinder, evaluateOn, releaseFound, type FoundElement } from './element-finder';
import { parseCandidates } from './selector-candidates';
import { describeActionFailure } from './readable-errors';
import { scrollElement, scrollPage, type ScrollDirection } from './scrolling';
import { withTimeout } from '../../../lib/async/timing';

/** The least time an action gets once its element is found, however long finding took. */
const MIN_ACTION_MS = 500;
/** Reading the element's box is best effort too. */
const BOX_TIMEOUT_MS = 1_000;
/** Recording selectors is best effort and must not hold an action up for long. */
const RECORD_TIMEOUT_MS = 5_000;
/** In page: innerText (else textContent) cut to `max` characters, with its whole length. */
const TEXT_IN_PAGE = `(el, max) => {
  const text = typeof el.innerText === 'string' ? el.innerText : (el.textContent || '');
  return { text: text.length > max ? text.slice(0, max) : text, length: text.length };
}`;

export interface ElementActionsDeps {
  /** The active page (a blank one is opened when every tab was closed). */
  page(): Promise<Page>;
  finder: ElementFinder;
  logger: Logger;
  actionTimeoutMs: number;
  /** Largest text extractText hands back, in characters (the session's result limit). */
  maxResultBytes: number;
  /**
   * Checks where the env values the running call carries would go, once the
   * element is found and before anything is sent to it (secret-checks.ts);
   * throws SECRET_NOT_ALLOWED. Absent: nothing to check.
   */
  checkTarget?(found: FoundElement | null): Promise<void>;
  /**
   * Runs before text that carries env values is typed into `found` (null:
   * the focused element): the field is masked before the first character
   * lands, and stays so. Answers whether the call carries values (they are
   * then typed in one go, so no picture shows part of one).
   */
  typing?(found: FoundElement | null): Promise<boolean>;
}

export class ElementActions {
  constructor(private readonly deps: ElementActionsDeps) {}

  click(target: SelectorInput, options: { clickCount?: number; button?: 'left' | 'right' | 'middle' } = {}): Promise<ElementActionResult> {
    return this.act(target, 'click', (found, timeout) =>
      found.target.click({ timeout, clickCount: options.clickCount ?? 1, button: options.button ?? 'left' }));
  }

  hover(target: SelectorInput): Promise<ElementActionResult> {
    return this.act(target, 'hover over', (found, timeout) => found.target.hover({ timeout }));
  }

  /** Types into the target, or into the focused element when `target` is null. */
  async type(target: SelectorInput | null, text: string, options: { clear?: boolean; pressEnter?: boolean } = {}): Promise<ElementActionResult | null> {
    const clear = options.clear ?? true;
    if (target === null) {
      await this.deps.checkTarget?.(null);
      const secret = (await this.deps.typing?.(null)) ?? false;
      const page = await this.deps.page();
      if (clear) await page.keyboard.press('ControlOrMeta+A').then(() => page.keyboard.press('Delete'));
      await (secret ? page.keyboard.insertText(text) : page.keyboard.type(text));
      if (options.pressEnter) await page.keyboard.press('Enter');
      return null;
    }
    return this.act(target, 'type into', async (found, timeout, page) => {
      const secret = (await this.deps.typing?.(found)) ?? false;
      if (clear) {
        await found.target.fill(text, { timeout });
      } else {
        await found.target.focus({ timeout });
        // Appending means typing after the current value, not where focus() left the caret.
        await evaluateOn(found.target, `(el) => {
          if (typeof el.setSelectionRange === 'function' && typeof el.value === 'string') {
            try { el.setSelectionRange(el.value.length, el.value.length); } catch (e) { /* not a text input */ }
          }
        }`).catch(() => undefined);
        await (secret ? page.keyboard.insertText(text) : page.keyboard.type(text));
      }
      if (options.pressEnter) await found.target.press('Enter', { timeout });
    });
  }

  async selectOption(target: SelectorInput, values: string[]): Promise<ElementActionResult & { selected: string[] }> {
    let selected: string[] = [];
    const result = await this.act(target, 'select options in', async (found, timeout) => {
      selected = await found.target.selectOption(values, { timeout });
    });
    return { ...result, selected };
  }

  setChecked(target: SelectorInput, checked: boolean): Promise<ElementActionResult> {
    return this.act(target, checked ? 'check' : 'uncheck', (found, timeout) => found.target.setChecked(checked, { timeout }));
  }

  /** Sets the files of a file input; for any other element, clicks it and answers the file chooser it opens. */
  uploadFile(target: SelectorInput, absolutePaths: string[]): Promise<ElementActionResult> {
    return this.act(target, 'upload files with', async (found, timeout, page) => {
      const takesFiles = await evaluateOn<boolean>(
        found.target,
        `(el) => (el instanceof HTMLInputElement && el.type === 'file') || (el instanceof HTMLLabelElement && !!el.control)`,
      );
      if (takesFiles) {
        await found.target.setInputFiles(absolutePaths, { timeout });
        return;
      }
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser', { timeout }),
        found.target.click({ timeout }),
      ]);
      await chooser.setFiles(absolutePaths, { timeout });
    });
  }

  /** Scrolls the page, or inside / to the target. */
  async scroll(direction: ScrollDirection, target?: SelectorInput): Promise<ElementActionResult | null> {
    if (target === undefined || target === null) {
      await scrollPage(await this.deps.page(), direction);
      return null;
    }
    return this.act(target, 'scroll', (found, timeout) => scrollElement(found.target, direction, timeout));
  }

  /** innerText of the target, or of the page body, cut in the page. */
  async extractText(target?: SelectorInput, options: { maxChars?: number } = {}): Promise<ExtractedText> {
    const max = Math.min(options.maxChars ?? this.deps.maxResultBytes, this.deps.maxResultBytes);
    let read: { text: string; length: number } = { text: '', length: 0 };
    let element: ElementActionResult | null = null;
    if (target === undefined || target === null) {
      const page = await this.deps.page();
      read = await evaluateOn(page.locator('body'), TEXT_IN_PAGE, max);
    } else {
      element = await this.act(target, 'read the text of', async (found) => {
        read = await evaluateOn(found.locator ?? found.target, TEXT_IN_PAGE, max);
      });
    }
    return { text: read.text, element, truncated: read.length > read.text.length, length: read.length };
  }

  /** Recorded selectors of a found element, falling back to the candidate that matched. */
  async record(found: FoundElement): Promise<string[]> {
    const fallback = found.candidate.kind === 'ref' ? [] : [found.candidate.raw];
    let handle: ElementHandle<Element> | null = null;
    const owned = found.locator !== null;
    try {
      handle = owned ? (found.handle ?? (await elementOf(found))) : (found.target as ElementHandle<Element>);
      found.handle = null;
      if (!handle) return fallback;
      // The fingerprint (one evaluate) is what keeps replays off other elements: it is kept even when
      // the selectors, planned against a time budget, run out of time on a loaded machine.
      const printing = captureElement(handle).catch(() => null);
      const selectors = await withTimeout(recordSelectors(found.page, handle), RECORD_TIMEOUT_MS).catch((err: unknown) => {
        this.deps.logger.debug('Recording selectors failed; keeping the matched candidate', { selector: found.candidate.raw, error: err });
        return [] as string[];
      });
      const fingerprint = await withTimeout(printing, RECORD_TIMEOUT_MS).catch(() => null);
      const usable = selectors.filter((s) => typeof s === 'string' && s && !/^ref=/.test(s)).slice(0, 5);
      const kept = usable.length ? usable : fallback.filter((s) => !isFingerprintCandidate(s));
      // The fingerprint goes last: what replays check the element against.
      if (kept.length && fingerprint) return [...kept, fingerprintCandidate(fingerprint)];
      return kept.length ? kept : fallback;
    } catch (err) {
      this.deps.logger.debug('Recording selectors failed; keeping the matched candidate', { selector: found.candidate.raw, error: err });
      return fallback;
    } finally {
      // Nothing waits for the release: it only frees the page-side reference (one round trip saved per action).
      if (owned && handle) void handle.dispose().catch(() => undefined);
    }
  }

  /** Finds the target, records it, then runs `action` with the time left. */
  private async act(
    target: SelectorInput,
    verb: string,
    action: (found: FoundElement, timeoutMs: number, page: Page) => Promise<unknown>,
  ): Promise<ElementActionResult> {
    const candidates = parseCandidates(target);
    const total = this.deps.actionTimeoutMs;
    const started = Date.now();
    // The active page is read on every poll: a tab opened meanwhile is searched too.
    const found = await this.deps.finder.find(() => this.deps.page(), candidates, total);
    // The timeout is the page's: what waiting for the element took is charged to it, the service's own
    // work once it is found (the target check, the recording, the box, masking a field) is not. On a
    // loaded machine a recording can take seconds, and charging it left the action its last 500 ms.
    const waitLeft = total - (Date.now() - started);
    try {
      await this.deps.checkTarget?.(found);
    } catch (err) {
      releaseFound(found);
      throw err;
    }
    // The box is read before the action, alongside the recording: where the element was on the page as the step found it.
    const [selectors, box] = await Promise.all([this.record(found), boxOf(found)]);
    const left = Math.max(MIN_ACTION_MS, waitLeft);
    try {
      await action(found, left, found.page);
    } catch (err) {
      const failure = new Error(`Could not ${verb} ${found.candidate.raw}: ${describeActionFailure(err)} (waited ${total} ms)`);
      throw withTrials(failure, { selectorUsed: found.candidate.raw, selectorsTried: found.trials });
    }
    return { selectors, matchedSelector: found.candidate.raw, selectorsTried: found.trials, box, ...failoverOf(candidates, found) };
  }
}

/** Where the element is in the main frame's viewport now (frames of any origin included), or null when it cannot be told quickly. */
async function boxOf(found: FoundElement): Promise<ElementBox | null> {
  try {
    const [box, viewport] = await Promise.all([
      'asElement' in found.target ? found.target.boundingBox() : found.target.boundingBox({ timeout: BOX_TIMEOUT_MS }),
      found.page.viewportSize() ?? found.page.evaluate('({ width: window.innerWidth, height: window.innerHeight })') as Promise<{ width: number; height: number }>,
    ]);
    if (!box || !viewport) return null;
    return { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height), viewportWidth: viewport.width, viewportHeight: viewport.height };
  } catch {
    return null;
  }
}

/**
 * A handle on the element a locator-based match found, when the probe did
 * not bring one. A candidate the probe saw match exactly one element is read
 * with one query (`page.$`, no waiting); a locator that needs Playwright's
 * filters (the first visible match of an ambiguous candidate) goes through
 * `elementHandle`, briefly. Null when the element went away since the probe.
 */
async function elementOf(found: FoundElement): Promise<ElementHandle<Element> | null> {
  const { candidate } = found;
  if (found.matches === 1 && candidate.kind === 'selector' && found.agreement === undefined) {
    return (await found.page.$(candidate.selector)) as ElementHandle<Element> | null;
  }
  return (await found.locator!.elementHandle({ timeout: 1_000 })) as ElementHandle<Element> | null;
}
