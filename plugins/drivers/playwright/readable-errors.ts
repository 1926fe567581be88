/**
 * Playwright errors are written for test authors ("locator.click: Timeout
 * 9500ms exceeded. Call log: ..."). Flows show errors to people and to the
 * LLM, so these helpers turn them into one actionable sentence.
 */
import { playwright } from './playwright-module';

/** Whether `err` is Playwright's timeout error. */
export function isTimeout(err: unknown): boolean {
  return err instanceof playwright().errors.TimeoutError || (err instanceof Error && /Timeout \d+ms exceeded/.test(err.message));
}

/** Whether the page, context or browser behind a call is gone. */
export function isClosedTargetError(err: unknown): boolean {
  return err instanceof Error && /Target page, context or browser has been closed|Target closed|Browser has been closed|browser has disconnected/i.test(err.message);
}

/** Whether a navigation was cancelled by another one starting. */
export function isInterruptedNavigation(err: unknown): boolean {
  return err instanceof Error && /is interrupted by another navigation/.test(err.message);
}

/** Whether the error says a selector cannot be parsed (the candidate is skipped, not retried). */
export function isSelectorSyntaxError(err: unknown): boolean {
  return err instanceof Error && /Unexpected token|Unknown engine|is not a valid selector|Malformed selector|Error while parsing selector|Unexpected end of selector|Unsupported token|Expected.*(selector|token)/i.test(err.message);
}

/** First line of a Playwright error without the `locator.click: ` prefix. */
export function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const line = message.split('\n').find((l) => l.trim()) ?? message;
  return line.replace(/^[a-zA-Z]+\.[a-zA-Z]+: /, '').trim();
}

/**
 * The most telling line of Playwright's call log: the last step it reported
 * ("element is not visible", "element is disabled"...), if any.
 */
export function lastCallLogStep(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const idx = err.message.indexOf('Call log:');
  if (idx < 0) return null;
  const steps = err.message.slice(idx + 'Call log:'.length).split('\n')
    .map((l) => l.replace(/\u001b\[[0-9;]*m/g, '').replace(/^\s*-\s*/, '').trim())
    .filter(Boolean);
  // Playwright's own progress lines say nothing about why the element was not ready.
  const noise = /^(waiting \d+ms|retrying .*|\d+ × .*|waiting for element to be .*|attempting .* action|waiting for .*locator.*|locator resolved to .*)$/;
  const telling = steps.filter((l) => !noise.test(l));
  return telling.length ? telling[telling.length - 1]! : null;
}

/** A readable reason an element action failed, e.g. "element is not enabled". */
export function describeActionFailure(err: unknown): string {
  if (isTimeout(err)) {
    const step = lastCallLogStep(err);
    return step ? `it was not ready (${step})` : 'it was not ready in time';
  }
  return firstLine(err).replace(/^Error: /, '');
}

/**
 * A readable navigation failure; `what` starts the sentence
 * (`Navigation to https://x`, `Going back`, `Reloading`). A timeout means
 * no document arrived: a page that arrived but never finished loading does
 * not fail (see page-load.ts).
 */
export function describeNavigationFailure(what: string, err: unknown, timeoutMs: number): Error {
  if (isTimeout(err)) return new Error(`${what} received no page within ${timeoutMs} ms`);
  const net = /net::ERR_[A-Z_]+/.exec(err instanceof Error ? err.message : String(err));
  if (net) return new Error(`${what} failed: ${net[0]}`);
  return new Error(`${what} failed: ${firstLine(err)}`);
}

/** The message a page script threw, without Playwright's prefix or the stack. */
export function describeScriptFailure(err: unknown): Error {
  const line = firstLine(err).replace(/^Error: /, '');
  return new Error(line || 'The script failed');
}
