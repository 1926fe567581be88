/**
 * Answers JavaScript dialogs with the session's policy.
 *
 * Classic WebDriver has no dialog events: the session is created with
 * `unhandledPromptBehavior: 'ignore'`, so an open dialog stays open and a
 * command that meets it fails with "unexpected alert open". The driver
 * answers open dialogs after every action (and whenever a command meets
 * one): `getAlertText` tells whether one is open, `sendAlertText` whether it
 * is a prompt, and the in-page hooks (in-page/dialog-hooks.ts) whether it
 * was a confirm or an alert.
 */
import { MAX_DIALOG_MESSAGE_CHARS } from '../../../lib/page-scripts/result-cap';
import type { DialogInfo } from '../../../lib/page-actions/page-actions';
import type { Logger } from '../../../kernel/logger';
import { DIALOG_HOOKS_KEY, scriptBody, takeDialogKinds } from './in-page/page-lib';
import { isAlertOpen, isNoAlert, isSessionGone } from './webdriver-errors';

/** Dialogs kept between two `take()` calls; older ones are dropped. */
const MAX_KEPT = 50;
/** Dialogs answered in one go at most (a page opening them in a loop must not hang the flow). */
const MAX_IN_A_ROW = 10;

/** The WebDriver commands dialog answering needs (a WebdriverIO browser has them). */
export interface AlertCommands {
  getAlertText(): Promise<string>;
  sendAlertText(text: string): Promise<unknown>;
  acceptAlert(): Promise<unknown>;
  dismissAlert(): Promise<unknown>;
  executeScript(script: string, args: unknown[]): Promise<unknown>;
}

interface Answered {
  message: string;
  accepted: boolean;
  /** The dialog took text, so it was a prompt. */
  prompt: boolean;
}

const TAKE_KINDS = scriptBody(takeDialogKinds);

/** A session's dialog policy and the dialogs it answered. */
export class DialogAnswerer {
  private policy: { accept: boolean; promptText: string } = { accept: false, promptText: '' };
  private seen: DialogInfo[] = [];

  constructor(private readonly logger: Logger) {}

  /** How the next dialogs are answered. */
  setPolicy(policy: { accept: boolean; promptText?: string }): void {
    this.policy = { accept: policy.accept, promptText: policy.promptText ?? '' };
  }

  /** Dialogs answered since the last call. */
  take(): DialogInfo[] {
    const out = this.seen;
    this.seen = [];
    return out;
  }

  /**
   * Answers every open dialog (a dialog may open another); resolves with how
   * many were answered. Rejects only when the session is gone.
   */
  async answerOpen(browser: AlertCommands): Promise<number> {
    const answered: Answered[] = [];
    let kinds: string[] | null = null;
    while (answered.length < MAX_IN_A_ROW) {
      const one = await this.answerOne(browser);
      if (one) {
        answered.push(one);
        continue;
      }
      if (!answered.length) return 0;
      try {
        kinds = (await browser.executeScript(TAKE_KINDS, [DIALOG_HOOKS_KEY])) as string[];
        break;
      } catch (err) {
        if (isSessionGone(err)) throw err;
        // The page opened another dialog as soon as the last one closed: answer it too.
        if (isAlertOpen(err)) continue;
        break;
      }
    }
    this.remember(answered, kinds ?? []);
    return answered.length;
  }

  /** Answers the open dialog, or resolves null when none is open. */
  private async answerOne(browser: AlertCommands): Promise<Answered | null> {
    let message: string;
    try {
      message = await browser.getAlertText();
    } catch (err) {
      if (isSessionGone(err)) throw err;
      if (!isNoAlert(err)) this.logger.debug('Could not read a dialog', { error: err });
      return null;
    }
    const { accept, promptText } = this.policy;
    let prompt = false;
    try {
      // Only a prompt takes text; what a dismissed prompt was sent does not matter.
      await browser.sendAlertText(promptText);
      prompt = true;
    } catch (err) {
      if (isSessionGone(err)) throw err;
    }
    try {
      if (accept) await browser.acceptAlert();
      else await browser.dismissAlert();
    } catch (err) {
      if (isSessionGone(err)) throw err;
      // It closed by itself meanwhile (navigation, window closed): nothing waits on it.
      this.logger.debug('Could not answer a dialog', { error: err });
    }
    return { message, accepted: accept, prompt };
  }

  /**
   * Records the answered dialogs with their kinds: the hook log when it
   * accounts for every dialog, else prompt (took text) or alert.
   */
  private remember(answered: Answered[], kinds: string[]): void {
    const aligned = kinds.length === answered.length;
    for (let i = 0; i < answered.length; i++) {
      const { message, accepted, prompt } = answered[i]!;
      const logged = aligned ? kinds[i] : undefined;
      const type: DialogInfo['type'] = prompt ? 'prompt' : logged === 'confirm' ? 'confirm' : 'alert';
      this.seen.push({ type, message: message.slice(0, MAX_DIALOG_MESSAGE_CHARS), accepted });
      if (this.seen.length > MAX_KEPT) this.seen.shift();
    }
  }
}
