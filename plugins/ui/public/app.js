// Entry point: the app shell (header, navigation, theme) and the view for the
// current path.

import { render } from 'preact';
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { interceptLinks, match, place } from './lib/router.js';
import { theme } from './lib/theme.js';
import { Notice } from './components/ui.js';

/** @typedef {import('preact').FunctionComponent<any>} View */

// Views load on first use, so the first page waits only for its own modules
// (index.html preloads those of the Flows list); the rest are fetched once
// the browser is idle.
const VIEWS = /** @type {Record<string, () => Promise<View>>} */ ({
  flows: () => import('./views/flows-list.js').then((m) => m.FlowsList),
  new: () => import('./views/new-flow.js').then((m) => m.NewFlow),
  flow: () => import('./views/flow-view.js').then((m) => m.FlowView),
  compare: () => import('./views/compare.js').then((m) => m.Compare),
  settings: () => import('./views/settings.js').then((m) => m.Settings),
  runs: () => import('./views/runs.js').then((m) => m.Runs),
  run: () => import('./views/runs.js').then((m) => m.RunView),
  heals: () => import('./views/runs.js').then((m) => m.Heals),
});
const loaded = /** @type {Map<string, View>} */ (new Map());

/** The view `name` with `props`, once its module is there. @param {{ name: string, props: Record<string, unknown> }} p */
function LazyView({ name, props }) {
  const [, setTick] = useState(0);
  const [error, setError] = useState(/** @type {Error | null} */ (null));
  const View = loaded.get(name);
  useEffect(() => {
    if (View) return;
    VIEWS[name]().then((v) => { loaded.set(name, v); setTick((t) => t + 1); }, setError);
  }, [name, View]);
  if (error) return html`<div class="page"><div class="alert" role="alert">This page could not be loaded (${error.message}). Reload to try again.</div></div>`;
  return View ? html`<${View} ...${props} />` : html`<div class="page"><p class="muted" role="status">Loading…</p></div>`;
}

const NAV = /** @type {const} */ ([['/', 'Flows', 'flows'], ['/flows/new', 'New flow', 'new'], ['/runs', 'Runs', 'runs'], ['/compare', 'Compare', 'compare'], ['/settings', 'Settings', 'settings']]);

function NotFound() {
  return html`<div class="page"><h1>Page not found</h1><p>Nothing lives at this address. <a href="/">Go to the flows</a>.</p></div>`;
}

function ThemePicker() {
  return html`<select class="theme-pick" aria-label="Theme" value=${theme.value}
    onChange=${(/** @type {any} */ e) => { theme.value = e.currentTarget.value; }}>
    <option value="system">System theme</option>
    <option value="light">Light theme</option>
    <option value="dark">Dark theme</option>
  </select>`;
}

function App() {
  const route = match(place.value.path);
  const main = useRef(/** @type {HTMLElement | null} */ (null));
  const first = useRef(true);
  const key = `${route.view}:${route.flowId ?? route.runId ?? ''}`;
  // A new view moves focus to its content, as a page load would; the first render leaves focus alone.
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    main.current?.focus({ preventScroll: true });
  }, [key]);
  const view = route.view === 'missing' ? html`<${NotFound} />`
    : html`<${LazyView} key=${key} name=${route.view} props=${route.view === 'flow' ? { id: route.flowId ?? '' } : route.view === 'run' ? { id: route.runId ?? '' } : {}} />`;
  return html`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class="topbar">
      <a class="brand" href="/"><img src="/ui/icon.svg" alt="" width="20" height="20" /><span>browserflow</span></a>
      <nav aria-label="Main" class="nav">
        ${NAV.map(([href, label, v]) => html`<a href=${href} aria-current=${route.view === v || (v === 'runs' && (route.view === 'run' || route.view === 'heals')) ? 'page' : undefined}>${label}</a>`)}
      </nav>
      <${ThemePicker} />
    </header>
    <main id="main" tabindex="-1" ref=${main}>${view}</main>
    <${Notice} />`;
}

interceptLinks();
const root = document.getElementById('app');
if (root) {
  root.textContent = '';
  render(html`<${App} />`, root);
}
// Fetch the other views while nothing else happens, so moving between views does not wait.
const idle = window.requestIdleCallback ?? ((/** @type {() => void} */ fn) => setTimeout(fn, 1500));
idle(() => {
  for (const [name, load] of Object.entries(VIEWS)) if (!loaded.has(name)) load().then((v) => loaded.set(name, v), () => undefined);
});
