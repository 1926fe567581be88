/**
 * The flow's `allowedOrigins` in a generated test: a route on the browser
 * context answers every navigation (a tab's or a frame's) to another origin
 * `204 No Content`, so the page stays where it was, as the service's
 * drivers do. Playwright's routes see the first request of a navigation, not
 * the hops of a redirect (the service's drivers also watch those over the
 * DevTools protocol). A test run against another site through BASE_URL
 * may go to that site's origin too.
 */
import { jsValue } from './js-literal';

/** The lines that install the block (empty without allowedOrigins). `baseURL`: the test has the baseURL fixture. */
export function allowedOriginsCode(allowedOrigins: readonly string[] | null | undefined, baseURL: boolean, typescript: boolean): string[] {
  if (!allowedOrigins?.length) return [];
  const list = typescript ? `${jsValue([...allowedOrigins])} as string[]` : jsValue([...allowedOrigins]);
  const param = typescript ? '(pattern: string, origin: string)' : '(pattern, origin)';
  return [
    "// The flow's allowedOrigins: a navigation (a tab's or a frame's) to any other origin is blocked, as when the flow ran.",
    `const allowedOrigins = ${list};`,
    ...(baseURL ? ['if (baseURL) allowedOrigins.push(new URL(baseURL).origin);'] : []),
    `const originAllowed = ${param} => {`,
    "  if (pattern === '*') return true;",
    "  const wildcard = /^(https?):\\/\\/\\*\\.(.+)$/.exec(pattern);",
    '  if (!wildcard) return pattern === origin;',
    '  // *.host[:port]: any subdomain of host, same scheme and port.',
    "  const o = /^(https?):\\/\\/([^/:]+)(:\\d+)?$/.exec(origin);",
    "  const [host, port = ''] = wildcard[2].split(/(?=:\\d+$)/);",
    "  return !!o && o[1] === wildcard[1] && (o[3] ?? '') === port && o[2].endsWith(`.${host}`);",
    '};',
    'await page.context().route(() => true, (route) => {',
    '  const url = route.request().url();',
    '  if (!route.request().isNavigationRequest() || /^(about|data|blob):/.test(url)) return route.fallback();',
    "  let origin = 'null';",
    '  try { origin = new URL(url).origin; } catch { /* not a URL: blocked */ }',
    "  return allowedOrigins.some((p) => originAllowed(p, origin)) ? route.fallback() : route.fulfill({ status: 204, body: '' });",
    '});',
  ];
}
