// Compare (/compare?a=<id>&b=<id>): two runs of the same flow (flows with the
// same name) side by side: steps aligned, the first divergence, the
// screenshots of a chosen pair, and the selectors that changed.

import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { get, query } from '../lib/api.js';
import { align, firstDivergence, selectorChanges } from '../lib/align.js';
import { formatTime, isLive, keyParams } from '../lib/format.js';
import { imageUrl } from '../lib/flow-store.js';
import { place, setQuery } from '../lib/router.js';
import { Alert, Field, StateBadge, describedBy, useAsync, useTitle } from '../components/ui.js';
import { Picture } from './flow-view.js';

/** @typedef {import('../lib/api-records.js').Flow} Flow */
/** @typedef {import('../lib/api-records.js').ToolCall} ToolCall */
/** @typedef {import('../lib/align.js').AlignedRow} AlignedRow */

/** @param {Flow} f */
const runLabel = (f) => `${f.name} · ${formatTime(f.startedAt ?? f.createdAt)} · ${f.state}`;

/** @param {string} id */
async function loadRun(id) {
  const [flow, calls] = await Promise.all([get(`/api/flows/${id}`), get(`/api/flows/${id}/tool-calls`)]);
  return { flow: /** @type {Flow} */ (flow), calls: /** @type {ToolCall[]} */ (calls) };
}

/** @param {{ call: ToolCall | null, n: number }} props */
function Cell({ call, n }) {
  if (!call) return html`<td class="muted">—</td>`;
  const ok = call.outcome?.success;
  return html`<td><span class="step-num">${n}</span> <code class="tool-name">${call.name}</code>
    <span class=${`outcome outcome-${ok ? 'ok' : 'fail'}`} aria-label=${ok ? 'succeeded' : 'failed'}>${ok ? '✓' : '✕'}</span>
    <span class="mono muted small ellipsis">${keyParams(call.outcome?.selectorUsed && !call.outcome.selectorUsed.startsWith('fingerprint=') ? { name: call.name, parameters: { ...call.parameters, selector: call.outcome.selectorUsed } } : call)}</span></td>`;
}

/** @param {{ flow: Flow, call: ToolCall | null, n: number, which: string }} props */
function Shot({ flow, call, n, which }) {
  return html`<figure class="compare-shot">
    <figcaption>${which}${n ? `, step ${n}` : ''}</figcaption>
    ${call?.screenshotImageId ? html`<${Picture} src=${imageUrl(flow.id, call.screenshotImageId)} alt=${`${which}, screenshot of step ${n}`} />`
      : html`<p class="media-empty">${call ? 'No screenshot' : 'No such step in this run'}</p>`}
  </figure>`;
}

export function Compare() {
  useTitle('Compare runs');
  const q = place.value.query;
  const a = q.get('a') ?? '';
  const b = q.get('b') ?? '';
  const [row, setRow] = useState(-1);
  const recent = useAsync(async () => (await get(`/api/flows${query({ limit: 100 })}`)).flows.filter((/** @type {Flow} */ f) => !isLive(f.state)), []);
  const runA = useAsync(async () => (a ? loadRun(a) : null), [a]);
  const runB = useAsync(async () => (b ? loadRun(b) : null), [b]);
  const name = runA.data?.flow.name;
  const siblings = useAsync(async () => (name ? (await get(`/api/flows${query({ name, limit: 100 })}`)).flows.filter((/** @type {Flow} */ f) => f.id !== a && !isLive(f.state)) : []), [name, a]);

  // The second run defaults to the newest other run with the same name.
  // The URL is read again when the effect runs: a choice made since this render wins over the default.
  useEffect(() => {
    if (a && !place.value.query.get('b') && siblings.data?.length) setQuery({ b: siblings.data[0].id });
  }, [a, b, siblings.data]);

  const rows = runA.data && runB.data ? align(runA.data.calls, runB.data.calls) : [];
  const diverge = firstDivergence(rows);
  const changes = selectorChanges(rows);
  const current = rows[row >= 0 && row < rows.length ? row : Math.max(0, diverge)];
  useEffect(() => setRow(-1), [a, b]);

  /** @type {Flow[]} */
  const firstOptions = [...(recent.data ?? [])];
  if (runA.data && !firstOptions.some((f) => f.id === a)) firstOptions.unshift(runA.data.flow);
  /** @type {Flow[]} */
  const secondOptions = [...(siblings.data ?? [])];
  if (runB.data && !secondOptions.some((f) => f.id === b)) secondOptions.unshift(runB.data.flow);

  return html`<div class="page page-wide">
    <div class="page-head"><h1>Compare runs</h1></div>
    <div class="filters compare-pick">
      <${Field} id="cmp-a" label="First run">
        <select ...${describedBy('cmp-a', undefined)} value=${a} onChange=${(/** @type {any} */ e) => setQuery({ a: e.currentTarget.value, b: null })}>
          <option value="">Choose a finished flow</option>
          ${firstOptions.map((f) => html`<option value=${f.id}>${runLabel(f)}</option>`)}
        </select>
      <//>
      <${Field} id="cmp-b" label="Second run" hint=${a && siblings.data && !siblings.data.length ? 'No other finished run has this name. Rerun the flow to get one.' : 'Runs with the same name.'}>
        <select ...${describedBy('cmp-b', undefined, true)} value=${b} disabled=${!a} onChange=${(/** @type {any} */ e) => setQuery({ b: e.currentTarget.value })}>
          <option value="">Choose a run</option>
          ${secondOptions.map((f) => html`<option value=${f.id}>${runLabel(f)}</option>`)}
        </select>
      <//>
    </div>
    <${Alert} error=${runA.error || runB.error || recent.error} />
    ${runA.data && runB.data ? html`
      <p class=${`result ${diverge < 0 ? 'result-ok' : 'result-fail'}`} role="status">
        ${diverge < 0 ? 'The runs match step for step.' : html`First divergence at row ${diverge + 1}: ${describe(rows[diverge])}.`}
        <span class="muted"> ${runA.data.calls.length} and ${runB.data.calls.length} steps.</span>
        <${StateBadge} state=${runA.data.flow.state} /> <${StateBadge} state=${runB.data.flow.state} />
      </p>
      <div class="compare-grid">
        <div class="table-wrap">
          <table class="grid grid-compact" aria-label="Aligned steps">
            <thead><tr><th scope="col">Row</th><th scope="col">First run</th><th scope="col">Second run</th><th scope="col">Difference</th></tr></thead>
            <tbody>${rows.map((r, i) => html`<tr class=${`${r.differences.length ? 'row-diff' : ''}${r === current ? ' is-selected' : ''}`} aria-selected=${r === current ? 'true' : undefined} onClick=${() => setRow(i)}>
              <td><button type="button" class="btn btn-small btn-ghost" aria-label=${`Show row ${i + 1}`} aria-pressed=${r === current ? 'true' : 'false'} onClick=${() => setRow(i)}>${i + 1}</button></td>
              <${Cell} call=${r.a} n=${r.an} /><${Cell} call=${r.b} n=${r.bn} />
              <td>${r.differences.length ? r.differences.join(', ') : html`<span class="muted">same</span>`}</td>
            </tr>`)}</tbody>
          </table>
        </div>
        <div>
          ${current ? html`<div class="side-by-side">
            <${Shot} flow=${runA.data.flow} call=${current.a} n=${current.an} which="First run" />
            <${Shot} flow=${runB.data.flow} call=${current.b} n=${current.bn} which="Second run" />
          </div>` : ''}
          <section aria-labelledby="sel-changes-h" class="card">
            <h2 id="sel-changes-h">Selector changes</h2>
            ${changes.length ? html`<ul class="changes">${changes.map((c) => html`<li>
              <span class="muted">Step ${c.row.an} → ${c.row.bn}</span> <code class="tool-name">${c.row.a?.name}</code>
              ${c.removed.length || c.added.length ? html`<div class="mono small break">${c.removed.map((s) => html`<div><del>${s}</del></div>`)}${c.added.map((s) => html`<div><ins>${s}</ins></div>`)}</div>`
                : html`<div class="small muted">The same candidates in another order: ${c.after[0]} first.</div>`}
              ${c.before.length > 1 || c.after.length > 1 ? html`<details><summary class="small">All candidates</summary>
                <div class="grid-2 small mono"><ol>${c.before.map((s) => html`<li>${s}</li>`)}</ol><ol>${c.after.map((s) => html`<li>${s}</li>`)}</ol></div></details>` : ''}
            </li>`)}</ul>` : html`<p class="muted small">The recorded selectors are the same in both runs.</p>`}
          </section>
        </div>
      </div>` : !a ? html`<p class="muted">Choose a finished flow, then another run with the same name (a rerun, for example).</p>` : ''}
  </div>`;
}

/** @param {AlignedRow} r */
function describe(r) {
  if (!r.a) return `step ${r.bn} (${r.b?.name}) only in the second run`;
  if (!r.b) return `step ${r.an} (${r.a.name}) only in the first run`;
  return `step ${r.an} (${r.a.name}) differs in ${r.differences.join(', ')}`;
}
