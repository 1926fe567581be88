/**
 * Browser profiles on Playwright: a context the driver creates starts with
 * the profile as its `storageState` option (Playwright's own); a context
 * that came with its browser (a hosted session) gets the cookies with
 * `addCookies` and the local storage from an init script, which fills in,
 * on each page of a profile's origin, the entries the page does not have.
 * Saving is `context.storageState()`: every cookie and the local storage of
 * every origin the context knows.
 */
import type { BrowserContext } from 'playwright-core';
import type { StorageState } from '../../../kernel/contracts/browser-driver';

/** Puts `state` into a context that already exists. */
export async function applyStorageState(context: BrowserContext, state: StorageState): Promise<void> {
  if (state.cookies.length) await context.addCookies(state.cookies);
  const origins = state.origins.filter((o) => o.localStorage.length);
  if (!origins.length) return;
  await context.addInitScript((given: StorageState['origins']) => {
    const own = given.find((o) => o.origin === location.origin);
    if (!own) return;
    try {
      for (const { name, value } of own.localStorage) if (localStorage.getItem(name) === null) localStorage.setItem(name, value);
    } catch {
      // storage disabled for this document (sandboxed frame): nothing to fill in
    }
  }, origins);
}

/** The context's cookies and local storage, in the contract's shape. */
export async function readStorageState(context: BrowserContext): Promise<StorageState> {
  const state = await context.storageState();
  return {
    cookies: state.cookies.map((c) => ({ name: c.name, value: c.value, domain: c.domain, path: c.path, expires: c.expires, httpOnly: c.httpOnly, secure: c.secure, sameSite: c.sameSite })),
    origins: state.origins.map((o) => ({ origin: o.origin, localStorage: o.localStorage.map((e) => ({ name: e.name, value: e.value })) })),
  };
}
