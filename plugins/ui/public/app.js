// Entry point: the app shell (header, navigation, theme) and the view for the
// current path.

import { render } from 'preact';
import { html } from 'htm/preact';
import { useEffect, useRef } from 'preact/hooks';
import { interceptLinks, match, place } from './lib/router.js';
import { theme } from './lib/theme.js';
import { Notice } from './components/ui.js';
import { FlowsList } from './views/flows-list.js';
import { NewFlow } from './views/new-flow.js';
import { FlowView } from './views/flow-view.js';
import { Compare } from './views/compare.js';
import { Settings } from './views/settings.js';

const NAV = /** @type {const} */ ([['/', 'Flows', 'flows'], ['/flows/new', 'New flow', 'new'], ['/compare', 'Compare', 'compare'], ['/settings', 'Settings', 'settings']]);

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
  const key = `${route.view}:${route.flowId ?? ''}`;
  // A new view moves focus to its content, as a page load would; the first render leaves focus alone.
  useEffect(() => {
    if (first.current) { first.current = false; return; }
    main.current?.focus({ preventScroll: true });
  }, [key]);
  let view;
  switch (route.view) {
    case 'flows': view = html`<${FlowsList} />`; break;
    case 'new': view = html`<${NewFlow} />`; break;
    case 'flow': view = html`<${FlowView} key=${route.flowId} id=${route.flowId ?? ''} />`; break;
    case 'compare': view = html`<${Compare} />`; break;
    case 'settings': view = html`<${Settings} />`; break;
    default: view = html`<${NotFound} />`;
  }
  return html`
    <a class="skip-link" href="#main">Skip to content</a>
    <header class="topbar">
      <a class="brand" href="/"><img src="/ui/icon.svg" alt="" width="20" height="20" /><span>browserflow</span></a>
      <nav aria-label="Main" class="nav">
        ${NAV.map(([href, label, v]) => html`<a href=${href} aria-current=${route.view === v ? 'page' : undefined}>${label}</a>`)}
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
