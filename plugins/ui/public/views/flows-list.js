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

/** @typedef {import('../lib/types.js').Flow} Flow */
/** @typedef {import('../lib/types.js').FlowPage} FlowPage */

/** Rows per page. */
export const PAGE_SIZE = 50;
/** At most one reading of the page per this long, however many changes arrive (a busy service sends several a second). */
const RELOAD_AFTER_MS = 1000;
/** A safety net only (the stream is what keeps the page current): a change the stream could not tell, like a lost connection's. */
const SAFETY_REFRESH_MS = 60_000;
/** How often live rows' durations tick (no request: the clock only). */
const CLOCK_MS = 1000;

/** Cursors of the pages before the current one (the API's tokens only go forward). */
let previous = /** @type {string[]} */ ([]);

/** @param {{ flow: Flow }} props */
function Row({ flow }) {
  const steps = flow.progress.toolCallsCompleted + flow.progress.toolCallsFailed;
  const cost = formatCost(flow.costUsd);
  return html`<tr>
    <td class="cell-name"><a href=${`/flows/${flow.id}`}>${flow.name}</a> <${TagChips} tags=${flow.tags} /></td>
    <td><${StateBadge} state=${flow.state} nextState=${flow.nextState} waitingFor=${flow.waitingFor} /></td>
    <td><${ModeBadge} mode=${flow.runMode} /></td>
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
  // Substring search when the service has it (asked only once something is searched, so the first page waits for nothing).
  const substring = useAsync(async () => (search ? supports('GET', '/api/flows', 'nameContains') : undefined), [!!search]);
  const ready = !search || substring.data !== undefined || substring.error;

  const page = useAsync(async () => {
    if (!ready) return undefined;
    const byName = substring.data ? { nameContains: search } : { name: search };
    return /** @type {FlowPage} */ (await get(`/api/flows${query({ limit: PAGE_SIZE, state, runMode: mode, tag, pageToken: cursor, ...byName })}`));
  }, [search, state, mode, tag, cursor, ready]);

  useEffect(() => { setText(search); }, [search]);
  useEffect(() => { if (!cursor) previous = []; }, [cursor]);

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
  const filter = (changes) => {
    previous = [];
    setQuery({ ...changes, cursor: null });
  };
  /** @param {string} value */
  const onSearch = (value) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = window.setTimeout(() => filter({ q: value.trim() }), 300);
  };
  const next = () => {
    previous.push(cursor);
    setQuery({ cursor: page.data?.nextPageToken ?? null }, { replace: false });
  };
  const back = () => setQuery({ cursor: previous.pop() || null }, { replace: false });
  const pageNumber = previous.length + 1;
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
      <label class="inline-field">Mode
        <select value=${mode} onChange=${(/** @type {any} */ e) => filter({ mode: e.currentTarget.value })}>
          <option value="">Any mode</option>
          ${Object.entries(MODE_LABELS).map(([v, l]) => html`<option value=${v}>${l}</option>`)}
        </select>
      </label>
      <label class="inline-field">Tag
        <input class="input-short" value=${tag} placeholder="smoke" onChange=${(/** @type {any} */ e) => filter({ tag: e.currentTarget.value.trim() })} />
      </label>
      <span id="search-hint" class="hint">${substring.data ? 'Names containing the text.' : 'Search matches the whole name.'}</span>
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
      <button type="button" class="btn" disabled=${!cursor} onClick=${back}>Previous page</button>
      <span class="muted">Page ${pageNumber}</span>
      <button type="button" class="btn" disabled=${!page.data?.nextPageToken} onClick=${next}>Next page</button>
    </nav>` : ''}
  </div>`;
}
