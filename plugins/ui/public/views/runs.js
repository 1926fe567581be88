// Runs (/runs): start a run (a suite, or tags), the suites with their
// schedules and latest run ("Run now"), and every run newest first
// with its verdicts and report links. Filters live in the URL; the page
// reads itself again when GET /api/events tells about runs or suites.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { get, post, query } from '../lib/api.js';
import { formatDuration, formatTime } from '../lib/format.js';
import { navigate, place, setQuery } from '../lib/router.js';
import { Alert, useAsync, useTitle } from '../components/ui.js';
import { RunStateBadge, useRunChanges } from '../components/run-bits.js';
import { TagChips, splitTags } from '../components/tag-chips.js';

/** @typedef {import('../lib/types.js').Run} Run */
/** @typedef {import('../lib/types.js').Suite} Suite */

const PAGE_SIZE = 30;
/** Cursors of the pages before the current one. */
let previous = /** @type {string[]} */ ([]);

/** @param {Run} r */
function verdicts(r) {
  const c = r.counts;
  const parts = [[c.passed, 'passed'], [c.healed, 'healed'], [c.flaky, 'flaky'], [c.failed, 'failed']].filter(([n]) => n);
  return parts.length ? parts.map(([n, v]) => `${n} ${v}`).join(' · ') : '—';
}

/** Start a run of a suite or of tags. @param {{ suites: Suite[] }} props */
function StartRun({ suites }) {
  const [suite, setSuite] = useState('');
  const [tags, setTags] = useState('');
  const [repeat, setRepeat] = useState('1');
  const [error, setError] = useState(/** @type {any} */ (null));
  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    setError(null);
    const body = suite ? { suite } : { tags: splitTags(tags) };
    try {
      const run = await post('/api/runs', { ...body, ...(repeat && repeat !== '1' ? { repeat: Number(repeat) } : {}) });
      navigate(`/runs/${run.id}`);
    } catch (err) { setError(err); }
  };
  return html`<form class="card form" aria-labelledby="start-run" onSubmit=${submit}>
    <h2 id="start-run">Start a run</h2>
    <div class="filters">
      <label class="inline-field">Suite
        <select value=${suite} onChange=${(/** @type {any} */ e) => setSuite(e.currentTarget.value)}>
          <option value="">None: by tags</option>${suites.map((s) => html`<option value=${s.name}>${s.name}</option>`)}
        </select></label>
      <label class="inline-field">Tags <input value=${tags} disabled=${!!suite} placeholder="smoke, checkout" onInput=${(/** @type {any} */ e) => setTags(e.currentTarget.value)} /></label>
      <label class="inline-field">Repeat <input class="input-short" type="number" min="1" max="10" value=${repeat} onInput=${(/** @type {any} */ e) => setRepeat(e.currentTarget.value)} /></label>
      <button type="submit" class="btn btn-primary">Start run</button>
    </div>
    <${Alert} error=${error} />
  </form>`;
}

/** @param {{ suites: Suite[] }} props */
function Suites({ suites }) {
  const [error, setError] = useState(/** @type {any} */ (null));
  /** @param {string} name */
  const runNow = async (name) => {
    setError(null);
    try { navigate(`/runs/${(await post('/api/runs', { suite: name })).id}`); } catch (err) { setError(err); }
  };
  return html`<section class="card" aria-labelledby="suites-head">
    <h2 id="suites-head">Suites</h2>
    ${suites.length ? html`<div class="table-wrap"><table class="grid" aria-label="Suites">
      <thead><tr><th scope="col">Name</th><th scope="col">Flows</th><th scope="col" class="num">Repeat</th><th scope="col">Schedule</th><th scope="col">Next run</th><th scope="col">Last run</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${suites.map((s) => html`<tr>
        <th scope="row">${s.name}</th>
        <td><${TagChips} tags=${s.tags} />${s.flowIds.length ? html` <span class="muted">${s.flowIds.length} flow id${s.flowIds.length === 1 ? '' : 's'}</span>` : ''}</td>
        <td class="num">${s.repeat}</td>
        <td>${s.schedule ? html`<code class="mono">${s.schedule}</code>${s.timezone ? html` <span class="muted">${s.timezone}</span>` : ''}` : html`<span class="muted">none</span>`}</td>
        <td class="nowrap">${s.nextRunAt ? formatTime(s.nextRunAt) : '—'}</td>
        <td>${s.lastRun ? html`<a href=${`/runs/${s.lastRun.id}`}><${RunStateBadge} state=${s.lastRun.state} /></a> <span class="muted small">${formatTime(s.lastRun.createdAt)}</span>` : '—'}</td>
        <td class="row-actions"><button type="button" class="btn btn-small" onClick=${() => runNow(s.name)}>Run now<span class="sr-only"> ${s.name}</span></button></td>
      </tr>`)}</tbody></table></div>` : html`<p class="muted">No suite yet.</p>`}
    <p class="hint">Suites are saved with <code class="mono">POST /api/suites/{name}</code> (tags or flow ids, repeat, schedule).</p>
    <${Alert} error=${error} />
  </section>`;
}

export function Runs() {
  useTitle('Runs');
  const q = place.value.query;
  const suite = q.get('suite') ?? '';
  const state = q.get('state') ?? '';
  const cursor = q.get('cursor') ?? '';
  const suites = useAsync(() => get('/api/suites'), []);
  const open = useAsync(() => get('/api/heals?state=open&limit=100'), []);
  const page = useAsync(() => get(`/api/runs${query({ suite, state, limit: PAGE_SIZE, pageToken: cursor })}`), [suite, state, cursor]);
  useRunChanges(page.reload, (e) => e.type === 'run');
  useRunChanges(suites.reload, (e) => e.type === 'suite' || (e.type === 'run' && e.data?.phase !== 'progress'));
  useRunChanges(open.reload, (e) => e.type === 'heal');
  const runs = /** @type {Run[]} */ (page.data?.runs ?? []);
  const all = /** @type {Suite[]} */ (suites.data ?? []);
  const openCount = open.data?.heals?.length ?? 0;
  /** @param {Record<string, string>} changes */
  const filter = (changes) => { previous = []; setQuery({ ...changes, cursor: null }); };
  return html`<div class="page">
    <div class="page-head"><h1>Runs</h1><a class="btn" href="/heals">Open heals${openCount ? ` (${openCount})` : ''}</a></div>
    <${StartRun} suites=${all} />
    <${Suites} suites=${all} />
    <h2 class="section-head">Every run</h2>
    <div class="filters">
      <label class="inline-field">Suite
        <select value=${suite} onChange=${(/** @type {any} */ e) => filter({ suite: e.currentTarget.value })}>
          <option value="">Any suite</option>${all.map((s) => html`<option value=${s.name}>${s.name}</option>`)}
        </select></label>
      <label class="inline-field">State
        <select value=${state} onChange=${(/** @type {any} */ e) => filter({ state: e.currentTarget.value })}>
          <option value="">Any state</option>${['RUNNING', 'PASSED', 'FAILED', 'CANCELLED'].map((s) => html`<option value=${s}>${s.charAt(0) + s.slice(1).toLowerCase()}</option>`)}
        </select></label>
    </div>
    <${Alert} error=${page.error} />
    <div class="table-wrap"><table class="grid" aria-label="Runs">
      <thead><tr><th scope="col">Started</th><th scope="col">Suite or selection</th><th scope="col">Trigger</th><th scope="col">State</th><th scope="col">Verdicts</th><th scope="col" class="num">Duration</th><th scope="col">Reports</th></tr></thead>
      <tbody>${runs.map((r) => html`<tr>
        <td class="nowrap"><a href=${`/runs/${r.id}`}>${formatTime(r.createdAt)}</a></td>
        <td>${r.suite ?? (r.selection.tags.length ? r.selection.tags.join(', ') : `${r.results.length} flow${r.results.length === 1 ? '' : 's'}`)}</td>
        <td>${r.trigger}</td>
        <td><${RunStateBadge} state=${r.state} /></td>
        <td class="small">${verdicts(r)}</td>
        <td class="num">${r.completedAt ? formatDuration(r.completedAt - r.createdAt) : '…'}</td>
        <td class="nowrap"><a href=${`/api/runs/${r.id}/report.html`} target="_blank" rel="noopener">HTML</a> · <a href=${`/api/runs/${r.id}/junit.xml`} download=${`browserflow-run-${r.id}.xml`}>JUnit</a></td>
      </tr>`)}</tbody></table></div>
    ${page.data && !runs.length ? html`<p class="empty">${suite || state ? 'No run matches these filters.' : 'No run yet: start one above, or with browserflow test.'}</p>` : ''}
    ${cursor || page.data?.nextPageToken ? html`<nav class="pager" aria-label="Pages">
      <button type="button" class="btn" disabled=${!cursor} onClick=${() => setQuery({ cursor: previous.pop() || null }, { replace: false })}>Previous page</button>
      <button type="button" class="btn" disabled=${!page.data?.nextPageToken} onClick=${() => { previous.push(cursor); setQuery({ cursor: page.data?.nextPageToken ?? null }, { replace: false }); }}>Next page</button>
    </nav>` : ''}
  </div>`;
}
