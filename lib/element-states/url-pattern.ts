/**
 * The contract's URL patterns (assertUrl, waitForUrl): a substring, or
 * `/regex/flags`. One reading for every driver.
 *
 * A regex comes from a flow or from the model, and a pattern such as
 * `/(a+)+b/` can take exponential time on a long URL: it must never run on
 * the service's one thread. Only its syntax is checked here (compiling is
 * linear in the pattern's length); drivers test it inside the page, bounded
 * by a timeout that terminates the script (see `regexTestExpression`).
 */

/** A parsed URL pattern. */
export type UrlPattern =
  | { kind: 'substring'; text: string }
  | { kind: 'regex'; source: string; flags: string; pattern: string };

/** Parses `pattern`; throws on an invalid regex. */
export function parseUrlPattern(pattern: string): UrlPattern {
  const regex = /^\/(.+)\/([dgimsuvy]*)$/.exec(pattern);
  if (!regex) return { kind: 'substring', text: pattern };
  // `g` makes test() stateful; a URL check is a plain yes or no.
  const source = regex[1]!;
  const flags = regex[2]!.replace('g', '');
  try {
    // Compiling only checks the syntax; nothing is matched here.
    new RegExp(source, flags);
  } catch (err) {
    throw new Error(`Invalid URL pattern ${pattern}: ${(err as Error).message}`);
  }
  return { kind: 'regex', source, flags, pattern };
}

/** Whether `url` contains a substring pattern (linear: safe anywhere). */
export function matchesSubstring(pattern: UrlPattern & { kind: 'substring' }, url: string): boolean {
  return url.includes(pattern.text);
}

/** A JavaScript expression, to evaluate in the page, for whether `url` matches the regex pattern. */
export function regexTestExpression(pattern: UrlPattern & { kind: 'regex' }, url: string): string {
  return `new RegExp(${JSON.stringify(pattern.source)}, ${JSON.stringify(pattern.flags)}).test(${JSON.stringify(url)})`;
}

/** The error of a regex that did not finish within its bound (catastrophic backtracking). */
export function regexTooSlow(pattern: UrlPattern & { kind: 'regex' }, ms: number): Error {
  return new Error(`The URL pattern ${pattern.pattern} did not finish matching within ${ms} ms and was stopped (nested repetition such as (a+)+ can take exponential time); use a simpler pattern or a substring`);
}
