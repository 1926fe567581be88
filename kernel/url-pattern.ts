/**
 * The contract's URL patterns (assertUrl, switchTab...): a substring, or
 * `/regex/flags`. One reading for every driver.
 */

/** A matcher for `pattern`; throws on an invalid regex. */
export function urlMatcher(pattern: string): (url: string) => boolean {
  const regex = /^\/(.+)\/([dgimsuvy]*)$/.exec(pattern);
  if (!regex) return (url) => url.includes(pattern);
  let re: RegExp;
  try {
    re = new RegExp(regex[1]!, regex[2]!.replace('g', ''));
  } catch (err) {
    throw new Error(`Invalid URL pattern ${pattern}: ${(err as Error).message}`);
  }
  return (url) => re.test(url);
}
