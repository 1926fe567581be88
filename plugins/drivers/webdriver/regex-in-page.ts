/**
 * Runs a flow's URL regex inside the page, never on the service's thread
 * (lib/element-states/url-pattern.ts). On Chromium endpoints it is a DevTools
 * `Runtime.evaluate` with a `timeout`, which terminates the script when it
 * runs too long (catastrophic backtracking) and leaves the page usable.
 * Elsewhere it is a plain `executeScript`: the page's thread does the work,
 * bounded by the endpoint's script timeout (the page may stay busy after
 * it; the service does not).
 */
import { regexTestExpression, regexTooSlow, type UrlPattern } from '../../../lib/element-states/url-pattern';
import { isTimeoutError } from './webdriver-errors';
import type { Wire } from './wire';

/** Tests URL regexes in the active tab of one session. */
export class WebdriverRegexTester {
  constructor(private readonly wire: Wire, private readonly chromium: boolean) {}

  /** Whether `url` matches; null when the page could not run it. Throws when the match did not finish within `timeoutMs`. */
  async test(pattern: UrlPattern & { kind: 'regex' }, url: string, timeoutMs: number): Promise<boolean | null> {
    const expression = regexTestExpression(pattern, url);
    if (this.chromium) {
      try {
        const answer = await this.wire.run((b) => b.sendCommandAndGetResult('Runtime.evaluate', { expression, returnByValue: true, timeout: timeoutMs })) as
          { result?: { value?: unknown }; exceptionDetails?: unknown };
        return answer?.exceptionDetails ? null : answer?.result?.value === true;
      } catch (err) {
        if (/Execution was terminated/i.test(String(err))) throw regexTooSlow(pattern, timeoutMs);
        // An endpoint that does not forward DevTools commands: the page's own thread below.
      }
    }
    try {
      return (await this.wire.run((b) => b.executeScript(`return ${expression}`, []))) === true;
    } catch (err) {
      if (isTimeoutError(err)) throw regexTooSlow(pattern, timeoutMs);
      return null;
    }
  }
}
