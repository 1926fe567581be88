/**
 * Small time helpers: every wait of the driver is bounded, and most poll.
 */

/** How often waits poll the page. */
export const POLL_MS = 100;

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Rejects with `message` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/** Substring match, or a `/regex/flags` pattern (the contract's URL patterns). */
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
