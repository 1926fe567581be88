// Flows: the table of every flow, newest first, paged with the API's cursor.
// Search and filters live in the URL. The page follows the service-wide
// stream of flow changes (GET /api/events) and reads itself again when one
// concerns it: a flow created or changing state where the newest page or a
// state filter is shown, or a change of a flow on the page.

import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { get, query, supports } from '../lib/api.js';
import { followChanges } from '../lib/events.js';
import { MODE_LABELS, STATE_LABELS, flowDuration, formatCost, formatDuration, formatNumber, formatTime, isLive } from '../lib/format.js';
import { place, setQuery } from '../lib/router.js';
import { Alert, ModeBadge, StateBadge, useAsync, useTitle } from '../components/ui.js';
import { TagChips } from '../components/tag-chips.js';

/** @typedef {import('../lib/api-records.js').Flow} Flow */
/** @typedef {import('../lib/api-records.js').FlowPage} FlowPage */

/** Rows per page. */
export const PAGE_SIZE = 50;
/** At most one reading of the page per this long, however many changes arrive (a busy service sends several a second). */
const RELOAD_AFTER_MS = 1000;
/** A safety net only (the stream is what keeps the page current): a change the stream could not tell, like a lost connection's. */
const SAFETY_REFRESH_MS = 60_000;
/** How often live rows' durations tick (no request: the clock only). */
const CLOCK_MS = 1000;

/** @param {{ flow: Flow }} props */
function Row({ flow }) {
  const steps = flow.progress.toolCallsCompleted + flow.progress.toolCallsFailed;
  const cost = formatCost(flow.costUsd);
  return html`<tr>
    <td class="cell-name"><a href=${`/flows/${flow.id}`}>${flow.name}</a> <${TagChips} tags=${flow.tags} /></td>
    <td><${StateBadge} state=${flow.state} nextState=${flow.nextState} waitingFor=${flow.waitingFor} code=${flow.result?.error?.code} /></td>
    <td><${ModeBadge} mode=${flow.runMode} initial=${flow.initialRunMode} /></td>
    <td class="nowrap">${formatTime(flow.startedAt)}</td>
    <td class="num">${formatDuration(flowDuration(flow))}</td>
    <td class="num">${steps}${flow.progress.toolCallsFailed ? html` <span class="text-fail">(${flow.progress.toolCallsFailed} failed)</span>` : ''}</td>
    <td class="num">${formatNumber(flow.tokenUsage.totalTokens)}${cost ? html` <span class="muted">${cost}</span>` : ''}</td>
  </tr>`;
}

export function FlowsList() {
  useTitle('Flows');
  const q = place.value.query;
  const search = q.get('q') ?? '';
  const state = q.get('state') ?? '';
  const mode = q.get('mode') ?? '';
  const tag = q.get('tag') ?? '';
  const cursor = q.get('cursor') ?? '';
  const [text, setText] = useState(search);
  const timer = useRef(0);
  // Substring search and the mode a flow started in, when the service has them (asked only once something is searched
  // or filtered, so the first page waits for nothing).
  const caps = useAsync(async () => (search || mode
    ? { contains: await supports('GET', '/api/flows', 'nameContains'), initial: await supports('GET', '/api/flows', 'initialRunMode') } : undefined), [!!(search || mode)]);
  const ready = !(search || mode) || caps.data !== undefined || caps.error;

  const page = useAsync(async () => {
    if (!ready) return undefined;
    const byName = !search ? {} : caps.data?.contains ? { nameContains: search } : { name: search };
    const byMode = !mode ? {} : caps.data?.initial ? { initialRunMode: mode } : { runMode: mode };
    return /** @type {FlowPage} */ (await get(`/api/flows${query({ limit: PAGE_SIZE, state, tag, pageToken: cursor, ...byName, ...byMode })}`));
  }, [search, state, mode, tag, cursor, ready]);

  useEffect(() => { setText(search); }, [search]);

  // Rows update live, from the stream of changes; read again only for a change that concerns this page.
  const rows = page.data?.flows ?? [];
  const shown = useRef(/** @type {Set<string>} */ (new Set()));
  shown.current = new Set(rows.map((f) => f.id));
  useEffect(() => {
    let pending = 0;
    const reload = () => {
      if (!pending) pending = window.setTimeout(() => { pending = 0; void page.reload(); }, RELOAD_AFTER_MS);
    };
    let opened = false;
    const stop = followChanges((event) => {
      const id = event.data?.flowId;
      const appears = event.type === 'created' || event.type === 'state';
      if (shown.current.has(id) || (appears && (!cursor || state))) reload();
    }, () => {
      // Changes made while the stream was down are unknown: read the page again (not on the first connection, just read).
      if (opened) reload();
      opened = true;
    });
    const safety = setInterval(() => { if (document.visibilityState === 'visible') reload(); }, SAFETY_REFRESH_MS);
    return () => { stop(); clearInterval(safety); clearTimeout(pending); };
  }, [cursor, state, page.reload]);
  // Durations of live flows move with the clock: re-rendered each second, nothing fetched.
  const [, tick] = useState(0);
  const live = rows.some((f) => isLive(f.state));
  useEffect(() => {
    if (!live) return undefined;
    const id = setInterval(() => tick((n) => n + 1), CLOCK_MS);
    return () => clearInterval(id);
  }, [live]);

  /** @param {Record<string, string>} changes */
  const filter = (changes) => setQuery({ ...changes, cursor: null, page: null });
  /** @param {string} value */
  const onSearch = (value) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = window.setTimeout(() => filter({ q: value.trim() }), 300);
  };
  // The API's tokens only go forward: the cursors of the pages before this one live in the history entry
  // (a reload or Back keeps them), the page number in the address.
  const pageNumber = cursor ? Number(q.get('page')) || 2 : 1;
  /** @type {string[]} */
  const before = Array.isArray(place.value.state?.prev) ? place.value.state.prev : [];
  const known = before.length === pageNumber - 1;
  const next = () => setQuery({ cursor: page.data?.nextPageToken ?? null, page: String(pageNumber + 1) }, { replace: false, state: { prev: [...before, cursor] } });
  const back = () => {
    const prev = known ? before.slice(0, -1) : [];
    const to = known ? before.at(-1) : '';
    setQuery({ cursor: to || null, page: to ? String(pageNumber - 1) : null }, { replace: false, state: { prev } });
  };
  const filtered = !!(search || state || mode || tag);

  return html`<div class="page">
    <div class="page-head">
      <h1>Flows</h1>
      <a class="btn btn-primary" href="/flows/new">New flow</a>
    </div>
    <form role="search" class="filters" onSubmit=${(/** @type {Event} */ e) => { e.preventDefault(); clearTimeout(timer.current); filter({ q: text.trim() }); }}>
      <input type="search" class="search" aria-label="Search flows" placeholder="Search by name" value=${text}
        aria-describedby="search-hint" onInput=${(/** @type {any} */ e) => onSearch(e.currentTarget.value)} />
      <label class="inline-field">State
        <select value=${state} onChange=${(/** @type {any} */ e) => filter({ state: e.currentTarget.value })}>
          <option value="">Any state</option>
          <option value="RUNNING">Live (any running state)</option>
          ${Object.entries(STATE_LABELS).map(([v, l]) => html`<option value=${v}>${l}</option>`)}
        </select>
      </label>
      <label class="inline-field" title="The mode a flow started in">Mode
        <select value=${mode} onChange=${(/** @type {any} */ e) => filter({ mode: e.currentTarget.value })}>
          <option value="">Any mode</option>
          ${Object.entries(MODE_LABELS).map(([v, l]) => html`<option value=${v}>${l}</option>`)}
        </select>
      </label>
      <label class="inline-field">Tag
        <input class="input-short" value=${tag} placeholder="smoke" onChange=${(/** @type {any} */ e) => filter({ tag: e.currentTarget.value.trim() })} />
      </label>
      <span id="search-hint" class="hint">${caps.data?.contains === false ? 'Search matches the whole name.' : 'Names containing the text.'}</span>
    </form>
    <${Alert} error=${page.error} />
    <div class="table-wrap">
      <table class="grid" aria-label="Flows" aria-busy=${page.loading && !page.data ? 'true' : 'false'}>
        <thead><tr>
          <th scope="col">Name</th><th scope="col">State</th><th scope="col">Mode</th><th scope="col">Started</th>
          <th scope="col" class="num">Duration</th><th scope="col" class="num">Steps</th><th scope="col" class="num">Tokens</th>
        </tr></thead>
        <tbody>${rows.map((f) => html`<${Row} key=${f.id} flow=${f} />`)}</tbody>
      </table>
    </div>
    ${page.data && !rows.length ? html`<div class="empty">
      ${filtered ? html`<p>No flow matches these filters.</p><button type="button" class="btn" onClick=${() => filter({ q: '', state: '', mode: '', tag: '' })}>Clear filters</button>`
        : html`<p>No flows yet.</p><a class="btn btn-primary" href="/flows/new">Start your first flow</a>`}
    </div>` : ''}
    ${cursor || page.data?.nextPageToken ? html`<nav class="pager" aria-label="Pages">
      <button type="button" class="btn" disabled=${!cursor} onClick=${back}>${cursor && !known ? 'First page' : 'Previous page'}</button>
      <span class="muted">Page ${pageNumber}</span>
      <button type="button" class="btn" disabled=${!page.data?.nextPageToken} onClick=${next}>Next page</button>
    </nav>` : ''}
  </div>`;
}
