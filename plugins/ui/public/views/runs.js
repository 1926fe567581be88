// The run views, one module: Runs (/runs), Run (/runs/{id}) and Heals
// (/heals), after the pieces they share. The three views share
// their badges, heal card and event hook, and the UI's JavaScript budget
// (60 KB gzipped) pays for each file's own compression (one module is
// 1.5 KB smaller than four).

import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { post, get, query } from '../lib/api.js';
import { followChanges } from '../lib/events.js';
import { Alert, announce, useAsync, useTitle } from '../components/ui.js';
import { formatDuration, formatTime } from '../lib/format.js';
import { navigate, place, setQuery } from '../lib/router.js';
import { TagChips, splitTags } from '../components/tag-chips.js';

// Pieces the run views share: verdict and run state badges, a
// heal proposal with its two screenshots and Accept / Reject, and a hook that
// reads again when GET /api/events tells about runs.

/** @typedef {import('../lib/api-records.js').Heal} Heal */

const VERDICT_KIND = /** @type {Record<string, string>} */ ({ passed: 'ok', healed: 'heal', flaky: 'wait', failed: 'fail' });
const RUN_KIND = /** @type {Record<string, string>} */ ({ PASSED: 'ok', FAILED: 'fail', CANCELLED: 'idle', RUNNING: 'live' });
const ATTEMPT_KIND = /** @type {Record<string, string>} */ ({ SUCCESS: 'ok', FAILED: 'fail', RUNNING: 'live', QUEUED: 'idle', SKIPPED: 'idle' });
const cap = (/** @type {string} */ s) => s.charAt(0) + s.slice(1).toLowerCase();

/** @param {{ verdict: string | null }} props */
export const VerdictBadge = ({ verdict }) => (verdict
  ? html`<span class=${`badge badge-${VERDICT_KIND[verdict] ?? 'idle'}`}>${verdict}</span>`
  : html`<span class="muted">—</span>`);

/** @param {{ state: string }} props */
export const RunStateBadge = ({ state }) => html`<span class=${`badge badge-${RUN_KIND[state] ?? 'idle'}`}>${cap(state)}</span>`;

/** @param {{ state: string }} props */
export const AttemptBadge = ({ state }) => html`<span class=${`badge badge-${ATTEMPT_KIND[state] ?? 'idle'}`}>${cap(state)}</span>`;

/**
 * Calls `onRun` for every `run` / `heal` / `suite` change (and on each reconnection), at most once a second.
 * @param {() => void} onChange
 * @param {(event: { type: string, data: any }) => boolean} concerns
 */
export function useRunChanges(onChange, concerns) {
  useEffect(() => {
    let pending = 0;
    const later = () => { if (!pending) pending = window.setTimeout(() => { pending = 0; onChange(); }, 1000); };
    let opened = false;
    const stop = followChanges((e) => { if (concerns(e)) later(); }, () => { if (opened) later(); opened = true; });
    return () => { stop(); clearTimeout(pending); };
  }, [onChange]);
}

/** One side of a proposal. @param {{ title: string, side: Heal['before'], alt: string }} props */
function Side({ title, side, alt }) {
  return html`<figure class="heal-side">
    <figcaption><strong>${title}</strong> <code class="mono break">${side.selector.startsWith('fingerprint=') ? 'fingerprint (no selector matched)' : side.selector}</code>${side.element ? html` <span class="muted">${side.element}</span>` : ''}</figcaption>
    ${side.screenshot ? html`<img src=${`/api/flows/${side.screenshot.flowId}/images/${side.screenshot.imageId}`} alt=${alt} loading="lazy" />` : html`<p class="muted small">No screenshot.</p>`}
  </figure>`;
}

/**
 * A heal proposal: the recorded locator and the one that matched now, with both screenshots; Accept / Reject while open.
 * @param {{ heal: Heal, onDecided: () => void }} props
 */
export function HealCard({ heal, onDecided }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(/** @type {any} */ (null));
  const step = `step ${heal.step + 1} (${heal.tool})`;
  /** @param {'accept' | 'reject'} what */
  const decide = async (what) => {
    setBusy(true);
    setError(null);
    try {
      await post(`/api/heals/${heal.id}/${what}`);
      announce(what === 'accept' ? `Heal accepted: ${heal.flowName} records the healed locator first` : 'Heal rejected');
      onDecided();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return html`<article class="card heal" aria-label=${`Heal of ${heal.flowName}, ${step}`}>
    <h3><a href=${`/flows/${heal.flowId}`}>${heal.flowName}</a>, ${step}
      <span class=${`badge badge-${heal.state === 'open' ? 'wait' : heal.state === 'accepted' ? 'ok' : 'idle'}`}>${heal.state}</span></h3>
    <p class="muted small">${heal.attempts} attempt${heal.attempts === 1 ? '' : 's'} healed this way${heal.agreement !== null ? `, agreement ${heal.agreement.toFixed(2)}` : ''} · <a href=${`/runs/${heal.runId}`}>run</a> · <a href=${`/flows/${heal.attemptFlowId}`}>attempt</a></p>
    <div class="heal-pair">
      <${Side} title="Recorded" side=${heal.before} alt=${`Recorded: ${heal.flowName}, ${step}`} />
      <${Side} title="Matched now" side=${heal.after} alt=${`Matched now: ${heal.flowName}, ${step}`} />
    </div>
    <${Alert} error=${error} />
    ${heal.state === 'open' ? html`<div class="actions">
      <button type="button" class="btn btn-primary" disabled=${busy} onClick=${() => decide('accept')}>Accept</button>
      <button type="button" class="btn" disabled=${busy} onClick=${() => decide('reject')}>Reject</button>
    </div>` : ''}
  </article>`;
}

// Runs (/runs): start a run (a suite, or tags), the suites with their
// schedules and latest run ("Run now"), and every run newest first
// with its verdicts and report links. Filters live in the URL; the page
// reads itself again when GET /api/events tells about runs or suites.

/** @typedef {import('../lib/api-records.js').Run} Run */
/** @typedef {import('../lib/api-records.js').Suite} Suite */

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

// Run (/runs/{id}): the matrix of flows by attempt with their verdicts, the
// reports, "Run again" and "Cancel", and the heals the run proposed. Kept
// current from GET /api/events (`run` and `heal` changes of this run).


/** What "Run again" starts: the same selection and options. @param {Run} run */
export function againBody(run) {
  const body = /** @type {Record<string, unknown>} */ (run.suite ? { suite: run.suite } : {});
  if (!run.suite && run.selection.flowIds.length) body.flowIds = run.selection.flowIds;
  if (!run.suite && run.selection.tags.length) body.tags = run.selection.tags;
  return { ...body, repeat: run.repeat, concurrency: run.concurrency, ...(run.baseUrl ? { baseUrl: run.baseUrl } : {}) };
}

/** @param {{ attempt: Run['results'][number]['attempts'][number] }} props */
function Cell({ attempt: a }) {
  const badge = html`<${AttemptBadge} state=${a.state} />`;
  return html`<td>
    ${a.flowId ? html`<a href=${`/flows/${a.flowId}`}>${badge}</a>` : badge}
    ${a.durationMs !== null ? html` <span class="muted small">${formatDuration(a.durationMs)}</span>` : ''}
    ${a.healed ? html` <span class="chip">healed</span>` : ''}
    ${a.failure ? html`<div class="small text-fail" title=${a.failure.message}>${a.failure.code}</div>` : ''}
  </td>`;
}

/** @param {{ id: string }} props */
export function RunView({ id }) {
  const run = useAsync(() => get(`/api/runs/${id}`), [id]);
  const heals = useAsync(() => get(`/api/runs/${id}/heals`), [id]);
  const [error, setError] = useState(/** @type {any} */ (null));
  const reload = () => { void run.reload(); void heals.reload(); };
  useRunChanges(run.reload, (e) => e.data?.runId === id);
  useRunChanges(heals.reload, (e) => e.type === 'heal' && e.data?.runId === id);
  const r = /** @type {Run | undefined} */ (run.data);
  useTitle(r ? (r.suite ? `Run of ${r.suite}` : 'Run') : 'Run');
  if (run.error && !r) {
    return html`<div class="page"><h1>${run.error.code === 'NOT_FOUND' ? 'Run not found' : 'The run could not be loaded'}</h1><${Alert} error=${run.error} /><p><a href="/runs">Back to the runs</a></p></div>`;
  }
  if (!r) return html`<div class="page"><p class="muted" role="status">Loading the run…</p></div>`;
  /** @param {() => Promise<any>} act */
  const act = async (act) => {
    setError(null);
    try { return await act(); } catch (err) { setError(err); return null; }
  };
  const again = async () => {
    const next = await act(() => post('/api/runs', againBody(r)));
    if (next) navigate(`/runs/${next.id}`);
  };
  const list = /** @type {import('../lib/api-records.js').Heal[]} */ (heals.data?.heals ?? []);
  const c = r.counts;
  return html`<div class="page">
    <div class="flow-head">
      <div class="title-row"><h1>${r.suite ? `Run of suite ${r.suite}` : 'Run'}</h1><${RunStateBadge} state=${r.state} /></div>
      <p class="meta">
        <span>Started ${formatTime(r.createdAt)}</span>
        <span>${formatDuration((r.completedAt ?? Date.now()) - r.createdAt)}</span>
        <span>Trigger ${r.trigger}</span>
        <span>Repeat ${r.repeat} · concurrency ${r.concurrency}</span>
        ${r.selection.tags.length ? html`<span>Tags ${r.selection.tags.join(', ')}</span>` : ''}
        ${r.baseUrl ? html`<span class="mono">${r.baseUrl}</span>` : ''}
      </p>
      <p class="meta" aria-label="Verdicts"><span>${c.flows} flows</span><span class="text-ok">${c.passed} passed</span><span>${c.healed} healed</span><span>${c.flaky} flaky</span><span class="text-fail">${c.failed} failed</span></p>
    </div>
    <div class="export-bar">
      <button type="button" class="btn btn-primary" onClick=${again}>Run again</button>
      ${r.state === 'RUNNING' ? html`<button type="button" class="btn btn-danger" onClick=${async () => { if (await act(() => post(`/api/runs/${id}/cancel`))) reload(); }}>Cancel run</button>` : ''}
      <a class="btn" href=${`/api/runs/${id}/report.html`} target="_blank" rel="noopener">HTML report</a>
      <a class="btn" href=${`/api/runs/${id}/junit.xml`} download=${`browserflow-run-${id}.xml`}>JUnit XML</a>
      <${Alert} error=${error} />
    </div>
    <div class="table-wrap">
      <table class="grid" aria-label="Verdicts by flow and attempt">
        <thead><tr><th scope="col">Flow</th><th scope="col">Verdict</th>
          ${Array.from({ length: r.repeat }, (_, i) => html`<th scope="col">Attempt ${i + 1}</th>`)}</tr></thead>
        <tbody>${r.results.map((res) => html`<tr>
          <th scope="row" class="cell-name"><a href=${`/flows/${res.flowId}`}>${res.name}</a></th>
          <td><${VerdictBadge} verdict=${res.verdict} /></td>
          ${res.attempts.map((a) => html`<${Cell} attempt=${a} />`)}
        </tr>`)}</tbody>
      </table>
    </div>
    ${list.length ? html`<h2 class="section-head">Heals of this run</h2>${list.map((h) => html`<${HealCard} key=${h.id} heal=${h} onDecided=${heals.reload} />`)}` : ''}
  </div>`;
}

// Heals (/heals): the heal proposals to review (open by default, or those
// accepted or rejected), each with both screenshots and Accept / Reject.

export function Heals() {
  useTitle('Heals');
  const state = place.value.query.get('state') ?? 'open';
  const list = useAsync(() => get(`/api/heals${query({ state, limit: 100 })}`), [state]);
  useRunChanges(list.reload, (e) => e.type === 'heal');
  const heals = /** @type {import('../lib/api-records.js').Heal[]} */ (list.data?.heals ?? []);
  return html`<div class="page page-narrow">
    <div class="page-head"><h1>Heals</h1><a class="btn" href="/runs">Runs</a></div>
    <p class="hint">Steps that healed in a run: a later selector candidate found the element. Accept records the healed locator first in the flow (its reruns and generated code use it); Reject leaves the flow as it is.</p>
    <div class="filters">
      <label class="inline-field">Show
        <select value=${state} onChange=${(/** @type {any} */ e) => setQuery({ state: e.currentTarget.value })}>
          <option value="open">Open</option><option value="accepted">Accepted</option><option value="rejected">Rejected</option>
        </select>
      </label>
    </div>
    <${Alert} error=${list.error} />
    ${heals.map((h) => html`<${HealCard} key=${h.id} heal=${h} onDecided=${list.reload} />`)}
    ${list.data && !heals.length ? html`<p class="empty">${state === 'open' ? 'No heal waits for a review.' : `No ${state} heal.`}</p>` : ''}
  </div>`;
}
