/**
 * The element actions of a WebDriver session (click, type, select...).
 * Each finds its target among the candidates (recording the element's
 * selectors in the same pass, before acting: a click that navigates leaves
 * nothing to record afterwards), waits until the element is ready for the
 * action, acts with WebDriver's element commands, then lets the session
 * settle (dialogs answered, new tabs followed, URL read).
 */
import type { ElementActionResult, ExtractedText, SelectorInput } from '../../../lib/page-actions/page-actions';
import type { ElementFacts } from './in-page/locate';
import { elementFacts } from './in-page/page-lib';
import { caretToEnd, fileInputOf, innerTextOf, scrollInPage, scrollIntoView, selectOptionsInPage } from './in-page/element-scripts';
import { ELEMENT_KEY, type ElementFinder, type ElementRef, type FoundElement } from './element-finder';
import { chordActions, keyboardInput, typingActions } from './keys';
import { parseCandidates } from './selector-candidates';
import { fingerprintCandidate } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import { POLL_MS, sleep } from './timing';
import { isNotInteractable, isStaleElement, readableMessage } from './webdriver-errors';
import type { Wire } from './wire';
import { withTrials, type SelectorTrials } from '../../../lib/selector-trials/selector-trials';

/** The least time an action gets once its element is found, however long finding took. */
const MIN_ACTION_MS = 500;
const ENTER = '\uE007';

/** What an element must be before an action runs on it. */
type Readiness = 'attached' | 'visible' | 'enabled' | 'editable';

/** Where `scroll` moves. */
export type ScrollDirection = 'up' | 'down' | 'left' | 'right';

/** What the element actions need from their session. */
export interface ElementActionsDeps {
  wire: Wire;
  finder: ElementFinder;
  actionTimeoutMs: number;
  /** Largest text extractText hands back, in characters (the session's result limit). */
  maxResultBytes: number;
  /** Runs before each presence pass (follows tabs the page opened). */
  beforePass(): Promise<void>;
  /** Runs after each action (dialogs, tabs, URL). */
  settle(): Promise<void>;
  /** The endpoint is not on this machine: files are sent to it before upload. */
  remoteFiles: boolean;
  /** Checks where the running call's env values would go once the element is found (null: the focused element), before anything is sent; throws SECRET_NOT_ALLOWED. */
  checkTarget?(found: FoundElement | null): Promise<void>;
  /** Runs before text that carries env values is typed into `found` (null: the focused element): the field is masked before the first character lands, and stays so. */
  typing?(found: FoundElement | null): Promise<void>;
}

/** Click, type, select, check, upload, scroll and read elements of one session. */
export class ElementActions {
  constructor(private readonly deps: ElementActionsDeps) {}

  click(target: SelectorInput, options: { clickCount?: number; button?: 'left' | 'right' | 'middle' } = {}): Promise<ElementActionResult> {
    const count = options.clickCount ?? 1;
    const button = options.button ?? 'left';
    return this.act(target, 'click', 'enabled', async (found) => {
      if (count === 1 && button === 'left') {
        await this.deps.wire.run((b) => b.elementClick(found.id));
        return;
      }
      await this.pointer(found, count, { left: 0, middle: 1, right: 2 }[button]);
    });
  }

  hover(target: SelectorInput): Promise<ElementActionResult> {
    return this.act(target, 'hover over', 'visible', (found) => this.pointer(found, 0, 0));
  }

  /** Types into the target, or into the focused element when `target` is null. */
  async type(target: SelectorInput | null, text: string, options: { clear?: boolean; pressEnter?: boolean } = {}): Promise<ElementActionResult | null> {
    const clear = options.clear ?? true;
    if (target === null) {
      await this.deps.checkTarget?.(null);
      await this.deps.typing?.(null);
      await this.keys([...(clear ? [...chordActions('Control+A'), ...chordActions('Delete')] : []), ...typingActions(text), ...(options.pressEnter ? chordActions('Enter') : [])]);
      await this.deps.settle();
      return null;
    }
    return this.act(target, 'type into', 'editable', async (found) => {
      const wire = this.deps.wire;
      await this.deps.typing?.(found);
      if (clear) await wire.run((b) => b.elementClear(found.id));
      else await wire.script(caretToEnd, found.element);
      if (text) await wire.run((b) => b.elementSendKeys(found.id, text));
      if (options.pressEnter) await wire.run((b) => b.elementSendKeys(found.id, ENTER));
    });
  }

  /** Presses a key or chord on the focused element. */
  async pressKey(key: string): Promise<void> {
    try {
      await this.keys(chordActions(key));
    } catch (err) {
      throw new Error(`Could not press ${key}: ${readableMessage(err)}`);
    }
    await this.deps.settle();
  }

  async selectOption(target: SelectorInput, values: string[]): Promise<ElementActionResult & { selected: string[] }> {
    let selected: string[] = [];
    const result = await this.act(target, 'select options in', 'enabled', async (found) => {
      selected = await this.deps.wire.script<string[]>(selectOptionsInPage, found.element, values);
    });
    return { ...result, selected };
  }

  setChecked(target: SelectorInput, checked: boolean): Promise<ElementActionResult> {
    return this.act(target, checked ? 'check' : 'uncheck', 'enabled', async (found) => {
      const before = found.facts.checked;
      if (before === null) throw new Error('it is not a checkbox or radio button');
      if (before === checked) return;
      if (!checked && found.facts.radio) throw new Error('a radio button cannot be unchecked; check another option of its group');
      await this.deps.wire.run((b) => b.elementClick(found.id));
      const after = await this.deps.wire.script<ElementFacts>(elementFacts, found.element);
      if (after.checked !== checked) throw new Error('clicking it did not change its checked state');
    });
  }

  /** Sets the files of an `<input type=file>` (or of the input a `<label>` names). */
  uploadFile(target: SelectorInput, absolutePaths: string[]): Promise<ElementActionResult> {
    return this.act(target, 'upload files with', 'attached', async (found) => {
      const wire = this.deps.wire;
      const input = await wire.script<ElementRef | null>(fileInputOf, found.element);
      const id = input?.[ELEMENT_KEY];
      if (!id) throw new Error('this driver can only set the files of an <input type=file> (or of its <label>), and this element is neither');
      const paths: string[] = [];
      for (const path of absolutePaths) paths.push(this.deps.remoteFiles ? await sendFile(wire, path) : path);
      await wire.run((b) => b.elementSendKeys(id, paths.join('\n')));
    });
  }

  /** Scrolls the page, or inside / to the target. */
  async scroll(direction: ScrollDirection, target?: SelectorInput): Promise<ElementActionResult | null> {
    if (target === undefined || target === null) {
      await this.deps.wire.script(scrollInPage, null, direction);
      return null;
    }
    return this.act(target, 'scroll', 'attached', async (found) => {
      await this.deps.wire.script(scrollInPage, found.element, direction);
    });
  }

  /** innerText of the target, or of the page body, cut in the page. */
  async extractText(target?: SelectorInput, options: { maxChars?: number } = {}): Promise<ExtractedText> {
    const max = Math.min(options.maxChars ?? this.deps.maxResultBytes, this.deps.maxResultBytes);
    let read: { text: string; length: number } = { text: '', length: 0 };
    let element: ElementActionResult | null = null;
    if (target === undefined || target === null) {
      read = await this.deps.wire.script<{ text: string; length: number }>(innerTextOf, null, max);
    } else {
      element = await this.act(target, 'read the text of', 'attached', async (found) => {
        read = await this.deps.wire.script<{ text: string; length: number }>(innerTextOf, found.element, max);
      });
    }
    return { text: read.text, element, truncated: read.length > read.text.length, length: read.length };
  }

  /** Finds the target (recording it), waits for readiness, runs `action`, settles. */
  private async act(target: SelectorInput, verb: string, readiness: Readiness, action: (found: FoundElement) => Promise<void>): Promise<ElementActionResult> {
    const candidates = parseCandidates(target);
    const total = this.deps.actionTimeoutMs;
    const deadline = Date.now() + total;
    const findOptions = { beforePass: () => this.deps.beforePass() };
    let found = await this.deps.finder.find(candidates, total, { ...findOptions, record: true });
    const first = found;
    for (;;) {
      const problem = notReady(found.facts, readiness);
      if (!problem) {
        // Before every attempt: an element found again may be on another page by now.
        await this.deps.checkTarget?.(found);
        try {
          await action(found);
          break;
        } catch (err) {
          // Re-rendered or covered for a moment: look again while time is left.
          const transient = isStaleElement(err) || isNotInteractable(err);
          if (!transient || Date.now() >= deadline) throw withTrials(new Error(`Could not ${verb} ${found.candidate.raw}: ${readableMessage(err)} (waited ${total} ms)`), trialsOf(first));
        }
      } else if (Date.now() >= deadline) {
        throw withTrials(new Error(`Could not ${verb} ${found.candidate.raw}: it was not ready (${problem}) (waited ${total} ms)`), trialsOf(first));
      }
      await sleep(Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
      found = await this.refresh(found, candidates, Math.max(MIN_ACTION_MS, deadline - Date.now()), findOptions);
    }
    await this.deps.settle();
    const failover = first.candidate !== candidates[0] || first.renamed
      ? { failover: { recorded: candidates[0]!.raw, used: first.candidate.raw, agreement: first.agreement, ...(first.renamed ? { renamed: first.renamed } : {}) } }
      : {};
    return { selectors: recorded(first), matchedSelector: first.candidate.raw, selectorsTried: first.trials, box: first.box, ...failover };
  }

  /** The element's current facts, or the element found again when it went stale. */
  private async refresh(found: FoundElement, candidates: ReturnType<typeof parseCandidates>, timeoutMs: number, options: { beforePass(): Promise<void> }): Promise<FoundElement> {
    try {
      const facts = await this.deps.wire.script<ElementFacts>(elementFacts, found.element);
      if (facts.connected) return { ...found, facts };
    } catch (err) {
      if (!isStaleElement(err)) throw err;
    }
    return this.deps.finder.find(candidates, timeoutMs, { ...options, record: false });
  }

  /** Moves the pointer to the element's centre and clicks `count` times (0: only moves). */
  private async pointer(found: FoundElement, count: number, button: number): Promise<void> {
    const wire = this.deps.wire;
    await wire.script(scrollIntoView, found.element);
    const actions: object[] = [{ type: 'pointerMove', duration: 0, origin: found.element, x: 0, y: 0 }];
    for (let i = 0; i < count; i++) actions.push({ type: 'pointerDown', button }, { type: 'pointerUp', button });
    try {
      await wire.run((b) => b.performActions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }]));
    } finally {
      await wire.run((b) => b.releaseActions()).catch(() => undefined);
    }
  }

  private async keys(actions: ReturnType<typeof chordActions>): Promise<void> {
    const wire = this.deps.wire;
    try {
      await wire.run((b) => b.performActions(keyboardInput(actions)));
    } finally {
      await wire.run((b) => b.releaseActions()).catch(() => undefined);
    }
  }
}

/**
 * A remote endpoint cannot read this machine's files: Selenium takes them
 * over the wire first and answers its own path. An endpoint without that
 * command (a plain chromedriver, which then runs on this machine) gets the local path.
 */
async function sendFile(wire: Wire, path: string): Promise<string> {
  try {
    return await wire.run((b) => b.uploadFile(path));
  } catch {
    return path;
  }
}

/** Why the element is not ready for the action yet, or null. */
function notReady(facts: ElementFacts, readiness: Readiness): string | null {
  if (!facts.connected) return 'element is detached';
  if (readiness === 'attached') return null;
  if (!facts.visible) return 'element is not visible';
  if (readiness === 'visible') return null;
  if (!facts.enabled) return 'element is not enabled';
  if (readiness === 'editable' && !facts.editable) return 'element is not editable';
  return null;
}

/** The trials of an element found, for the error of an action on it that failed. */
function trialsOf(found: FoundElement): SelectorTrials {
  return { selectorUsed: found.candidate.raw, selectorsTried: found.trials };
}

/**
 * The recorded selectors, or the candidate that matched when none could be
 * verified (never a ref), then the element's fingerprint: what replays check
 * the element against.
 */
function recorded(found: FoundElement): string[] {
  const usable = (found.selectors ?? []).filter((s) => s && !s.startsWith('ref=')).slice(0, 5);
  const kept = usable.length ? usable : found.candidate.query?.kind === 'ref' ? [] : [found.candidate.raw];
  return kept.length && found.fingerprint ? [...kept, fingerprintCandidate(found.fingerprint)] : kept;
}
