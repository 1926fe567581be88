/**
 * Browser profiles on WebDriver, through cookies and a script (classic
 * WebDriver has no storage state): to start from a profile, the session
 * visits each of its origins once, adds that host's cookies (W3C Add
 * Cookie, HttpOnly included) and sets its local storage with a script, then
 * leaves the tab on about:blank. To save, it reads every cookie (Chromium:
 * DevTools `Network.getAllCookies`; else the cookies of the active tab's
 * site) and the local storage of the active tab's origin.
 */
import type { StorageState } from '../../../kernel/contracts/browser-driver';
import type { WdBrowser } from './wire';

type Run = <T>(command: (browser: WdBrowser) => Promise<T>) => Promise<T>;
type Cookie = StorageState['cookies'][number];

/** The origins to visit: each local storage origin, and one per cookie host not already among them. */
export function originsToVisit(state: StorageState): string[] {
  const origins = new Map<string, string>();
  for (const o of state.origins) {
    try {
      origins.set(new URL(o.origin).hostname, new URL(o.origin).origin);
    } catch {
      // not an http(s) origin: nothing to visit
    }
  }
  for (const c of state.cookies) {
    const host = c.domain.replace(/^\./, '');
    if (!origins.has(host)) origins.set(host, `${c.secure ? 'https' : 'http'}://${host}`);
  }
  return [...new Set(origins.values())];
}

/** Whether `cookie` belongs to `host` (its domain, or a parent domain for a `.domain` cookie). */
function cookieOf(cookie: Cookie, host: string): boolean {
  const domain = cookie.domain.replace(/^\./, '');
  return host === domain || (cookie.domain.startsWith('.') && host.endsWith(`.${domain}`));
}

/** Puts `state` into the session's browser; `blocked(url)` tells the origins it may not load (the service's own). */
export async function applyStorageState(run: Run, state: StorageState, blocked: (url: string) => boolean): Promise<void> {
  for (const origin of originsToVisit(state)) {
    if (blocked(origin)) continue;
    const host = new URL(origin).hostname;
    await run((b) => b.navigateTo(`${origin}/`));
    for (const c of state.cookies.filter((cookie) => cookieOf(cookie, host))) {
      await run((b) => b.addCookie({
        name: c.name, value: c.value, path: c.path, domain: c.domain, secure: c.secure, httpOnly: c.httpOnly, sameSite: c.sameSite,
        ...(c.expires > 0 ? { expiry: Math.floor(c.expires) } : {}),
      }));
    }
    const entries = state.origins.find((o) => o.origin === origin)?.localStorage ?? [];
    if (entries.length) {
      await run((b) => b.executeScript('for (const [k, v] of arguments[0]) localStorage.setItem(k, v);', [entries.map((e) => [e.name, e.value])]));
    }
  }
  await run((b) => b.navigateTo('about:blank'));
}

interface CdpCookie { name: string; value: string; domain: string; path: string; expires: number; httpOnly: boolean; secure: boolean; sameSite?: string; session?: boolean }
interface WdCookie { name: string; value: string; domain?: string; path?: string; expiry?: number; httpOnly?: boolean; secure?: boolean; sameSite?: string }

const sameSiteOf = (s: string | undefined): Cookie['sameSite'] => (s === 'Strict' || s === 'None' ? s : 'Lax');

/** The session's cookies and the active tab's local storage. */
export async function readStorageState(run: Run, chromium: boolean): Promise<StorageState> {
  let cookies: Cookie[] | null = null;
  if (chromium) {
    try {
      const all = await run((b) => b.sendCommandAndGetResult('Network.getAllCookies', {})) as { cookies?: CdpCookie[] };
      cookies = (all.cookies ?? []).map((c) => ({
        name: c.name, value: c.value, domain: c.domain, path: c.path, expires: c.session || c.expires <= 0 ? -1 : c.expires,
        httpOnly: c.httpOnly, secure: c.secure, sameSite: sameSiteOf(c.sameSite),
      }));
    } catch {
      cookies = null; // an endpoint that does not forward DevTools commands: the W3C cookies below
    }
  }
  if (!cookies) {
    const own = await run((b) => b.getAllCookies()) as WdCookie[];
    cookies = own.map((c) => ({
      name: c.name, value: c.value, domain: c.domain ?? '', path: c.path ?? '/', expires: c.expiry ?? -1,
      httpOnly: c.httpOnly ?? false, secure: c.secure ?? false, sameSite: sameSiteOf(c.sameSite),
    }));
  }
  const local = await run((b) => b.executeScript(
    "try { return { origin: location.origin, entries: Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]) }; } catch (e) { return null; }", [],
  )) as { origin: string; entries: [string, string][] } | null;
  const origins = local && /^https?:/.test(local.origin) && local.entries.length
    ? [{ origin: local.origin, localStorage: local.entries.map(([name, value]) => ({ name, value })) }]
    : [];
  return { cookies, origins };
}
