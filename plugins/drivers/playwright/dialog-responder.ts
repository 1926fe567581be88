/**
 * Answers JavaScript dialogs (alert, confirm, prompt, beforeunload) with the
 * session's current policy and remembers them for `takeDialogs()`. A dialog
 * left unanswered would block the page, so every page gets a listener.
 */
import type { Dialog, Page } from 'playwright-core';
import type { DialogInfo } from '../../../lib/page-actions/page-actions';
import type { Logger } from '../../../kernel/logger';
import { MAX_DIALOG_MESSAGE_CHARS } from '../../../lib/page-scripts/result-cap';

/** Dialogs kept between two `take()` calls; older ones are dropped. */
const MAX_KEPT = 50;

export class DialogResponder {
  private policy: { accept: boolean; promptText: string } = { accept: false, promptText: '' };
  private seen: DialogInfo[] = [];

  constructor(private readonly logger: Logger) {}

  /** Starts answering the dialogs of `page`. */
  attach(page: Page): void {
    page.on('dialog', (dialog) => void this.answer(dialog));
  }

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

  private async answer(dialog: Dialog): Promise<void> {
    const type = dialog.type() as DialogInfo['type'];
    // Refusing beforeunload would cancel the navigation the flow itself asked for.
    const accepted = type === 'beforeunload' ? true : this.policy.accept;
    this.seen.push({ type, message: dialog.message().slice(0, MAX_DIALOG_MESSAGE_CHARS), accepted });
    if (this.seen.length > MAX_KEPT) this.seen.shift();
    try {
      if (accepted) await dialog.accept(type === 'prompt' ? this.policy.promptText : undefined);
      else await dialog.dismiss();
    } catch (err) {
      // The page may have closed while the dialog was open; nothing is waiting on it.
      this.logger.debug('Could not answer a dialog', { type, error: err });
    }
  }
}
