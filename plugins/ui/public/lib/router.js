// Client-side routing with the History API. The service answers the page for
// every path below, so a reload or a shared link opens the same view.

import { signal } from '@preact/signals';

/** @typedef {{ path: string, query: URLSearchParams, state: any }} Place */
/** @typedef {{ view: 'flows' | 'new' | 'flow' | 'compare' | 'settings' | 'runs' | 'run' | 'heals' | 'missing', flowId?: string, runId?: string }} Route */

/** @returns {Place} */
function here() {
  return { path: window.location.pathname, query: new URLSearchParams(window.location.search), state: window.history.state };
}

/** Where the app is; views read it and re-render when it changes. */
export const place = signal(here());

/**
 * Goes to `url` (same origin). `replace` keeps the history entry (filters, selection);
 * `state` is kept with the entry (a reload or Back brings it back).
 * @param {string} url
 * @param {{ replace?: boolean, state?: any }} [options]
 */
export function navigate(url, options = {}) {
  const before = place.value.path;
  window.history[options.replace ? 'replaceState' : 'pushState'](options.state ?? null, '', url);
  place.value = here();
  if (place.value.path !== before) window.scrollTo(0, 0);
}

/**
 * Rewrites query parameters of the current path (empty values are removed).
 * @param {Record<string, string | null | undefined>} changes
 * @param {{ replace?: boolean, state?: any }} [options]
 */
export function setQuery(changes, options = { replace: true }) {
  const q = new URLSearchParams(window.location.search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') q.delete(k);
    else q.set(k, v);
  }
  const s = q.toString();
  navigate(`${window.location.pathname}${s ? `?${s}` : ''}`, options);
}

/**
 * The view for a path.
 * @param {string} path
 * @returns {Route}
 */
export function match(path) {
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (p === '/' || p === '/flows') return { view: 'flows' };
  if (p === '/flows/new') return { view: 'new' };
  if (p === '/compare') return { view: 'compare' };
  if (p === '/settings') return { view: 'settings' };
  if (p === '/runs') return { view: 'runs' };
  if (p === '/heals') return { view: 'heals' };
  const run = /^\/runs\/([^/]+)$/.exec(p);
  if (run) return { view: 'run', runId: decodeURIComponent(run[1]) };
  const m = /^\/flows\/([^/]+)$/.exec(p);
  if (m) return { view: 'flow', flowId: decodeURIComponent(m[1]) };
  return { view: 'missing' };
}

/** Links inside the app navigate without reloading; downloads, new tabs and /api/ links behave as usual. */
export function interceptLinks() {
  window.addEventListener('popstate', () => { place.value = here(); });
  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target instanceof Element ? e.target.closest('a') : null;
    if (!a || a.target || a.hasAttribute('download') || a.origin !== window.location.origin) return;
    if (a.pathname.startsWith('/api/') || a.pathname.startsWith('/ui/')) return;
    // In-page anchors (the skip link) keep their native behaviour.
    if (a.hash && a.pathname === window.location.pathname && a.search === window.location.search) return;
    e.preventDefault();
    navigate(a.pathname + a.search + a.hash, { replace: a.dataset.replace === 'true' });
  });
}
