// Run (/runs/{id}): the matrix of flows by attempt with their verdicts, the
// reports, "Run again" and "Cancel", and the heals the run proposed. Kept
// current from GET /api/events (`run` and `heal` changes of this run).

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { get, post } from '../lib/api.js';
import { formatDuration, formatTime } from '../lib/format.js';
import { navigate } from '../lib/router.js';
import { Alert, useAsync, useTitle } from '../components/ui.js';
import { AttemptBadge, HealCard, RunStateBadge, VerdictBadge, useRunChanges } from '../components/run-bits.js';

/** @typedef {import('../lib/types.js').Run} Run */

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
  const list = /** @type {import('../lib/types.js').Heal[]} */ (heals.data?.heals ?? []);
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
