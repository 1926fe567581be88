/**
 * The recorded origin as Playwright's `baseURL`: generated tests navigate
 * with paths relative to it (`page.goto('/app/login')`), so BASE_URL points
 * a whole suite at another environment. URLs on other origins stay absolute.
 */
import type { CodegenFlow } from '../../../lib/export/codegen-emitter';

/** `http://127.0.0.1:4000` of a URL, or null (no http(s) origin: file:, data:, invalid). */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The base origin of a set of flows: the origin most of their websites
 * share (the first one's on a tie), or null when none has an http(s) origin.
 */
export function baseOrigin(flows: CodegenFlow[]): string | null {
  const counts = new Map<string, number>();
  for (const { flow } of flows) {
    const origin = originOf(flow.targetWebsite);
    if (origin) counts.set(origin, (counts.get(origin) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [origin, n] of counts) if (best === null || n > counts.get(best)!) best = origin;
  return best;
}

/**
 * The part of `text` after `origin` (`/app?x=1`; `/` for the origin alone)
 * when `text` starts with that origin, else null. Works on raw text, so
 * `${NAME}` placeholders in the rest are kept as they are.
 */
export function pathOnOrigin(text: string, origin: string | null): string | null {
  if (!origin || text.length < origin.length || text.slice(0, origin.length).toLowerCase() !== origin.toLowerCase()) return null;
  const rest = text.slice(origin.length);
  if (rest === '') return '/';
  return /^[/?#]/.test(rest) ? (rest[0] === '/' ? rest : `/${rest}`) : null;
}
