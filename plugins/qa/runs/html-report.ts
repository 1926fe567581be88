/**
 * A run as one self-contained HTML file (inline CSS, pictures as data URIs,
 * no script, no external font or style): the verdict matrix of flows by
 * attempt, each failure's message and screenshot, each heal's locator and
 * picture before and after, durations, tokens and cost. Links go to the
 * flows' pages relative to the service (`/flows/{id}`): they work when the
 * report is opened from it. Pure.
 */
import type { RunAttempt, Verdict } from '../../../lib/qa/run-types';
import type { ReportData, ReportImage } from './report-data';

const esc = (text: unknown) => String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const secs = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const when = (ms: number | null) => (ms === null ? '–' : new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC'));
const flowLink = (id: string, text: string) => `<a href="/flows/${esc(id)}">${esc(text)}</a>`;
/** A locator as shown: a fingerprint candidate is long JSON, said in words (the element is shown beside it). */
const locator = (selector: string) => (selector.startsWith('fingerprint=') ? 'fingerprint (no selector matched)' : selector);

const CSS = `
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#5b6470;--line:#d6dae0;--pass:#116329;--heal:#6f4a00;--flaky:#8a3b00;--fail:#b3261e;--chip:#eef1f4}
@media (prefers-color-scheme:dark){:root{--fg:#e6e8eb;--bg:#15181c;--muted:#a2a9b3;--line:#3a4049;--pass:#5fd47d;--heal:#f0c35a;--flaky:#ff9d5c;--fail:#ff7b72;--chip:#242a31}}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:1200px;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}th{background:var(--chip)}
.muted{color:var(--muted)}.v{font-weight:600;text-transform:uppercase;font-size:12px}
.passed,.SUCCESS,.PASSED{color:var(--pass)}.healed{color:var(--heal)}.flaky{color:var(--flaky)}.failed,.FAILED{color:var(--fail)}
.summary span{display:inline-block;margin-right:16px}
code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--chip);padding:1px 4px;border-radius:3px;word-break:break-all}
img{max-width:100%;border:1px solid var(--line)}.pair{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.card{border:1px solid var(--line);border-radius:6px;padding:12px;margin:12px 0}pre{white-space:pre-wrap;margin:6px 0}
`;

function picture(img: ReportImage | null, alt: string): string {
  if (!img) return '<p class="muted">No screenshot.</p>';
  const href = `/api/flows/${esc(img.ref.flowId)}/images/${esc(img.ref.imageId)}`;
  return img.dataUri ? `<img src="${img.dataUri}" alt="${esc(alt)}">` : `<p><a href="${href}">${esc(alt)} (open from the service)</a></p>`;
}

function cell(a: RunAttempt): string {
  const label = `${a.state}${a.healed ? ' · healed' : ''}`;
  const text = a.flowId ? flowLink(a.flowId, label) : esc(label);
  return `<td><span class="${esc(a.state)}">${text}</span><br><span class="muted">${secs(a.durationMs)}</span>${a.failure ? `<br><code>${esc(a.failure.code)}</code>` : ''}</td>`;
}

const verdictCell = (v: Verdict | null) => `<td class="v ${v ?? ''}">${esc(v ?? '–')}</td>`;

export function htmlReport(data: ReportData): string {
  const { run } = data;
  const facts = [...data.attempts.values()];
  const tokens = facts.reduce((s, f) => s + f.totalTokens, 0);
  const priced = facts.filter((f) => f.costUsd !== null);
  const cost = priced.length ? `$${priced.reduce((s, f) => s + (f.costUsd ?? 0), 0).toFixed(4)}` : '–';
  const title = run.suite ? `Suite ${run.suite}` : `Run ${run.id}`;
  const heads = Array.from({ length: run.repeat }, (_, i) => `<th scope="col">Attempt ${i + 1}</th>`).join('');
  const rows = run.results.map((r) => `<tr><th scope="row">${flowLink(r.flowId, r.name)}</th>${verdictCell(r.verdict)}${r.attempts.map(cell).join('')}</tr>`).join('\n');
  const failures = run.results.flatMap((r) => r.attempts.map((a, i) => ({ r, a, i }))).filter(({ a }) => a.failure);
  const failureCards = failures.map(({ r, a, i }) => `<div class="card"><h3>${esc(r.name)}, attempt ${i + 1}${a.flowId ? ` (${flowLink(a.flowId, 'flow')})` : ''}</h3>
<p><code>${esc(a.failure!.code)}</code></p><pre>${esc(a.failure!.message)}</pre>${a.flowId ? picture(data.attempts.get(a.flowId)?.screenshot ?? null, `Last screenshot of ${r.name}, attempt ${i + 1}`) : ''}</div>`).join('\n');
  const healCards = data.heals.map(({ heal, before, after }) => `<div class="card"><h3>${flowLink(heal.flowId, heal.flowName)}, step ${heal.step + 1} (${esc(heal.tool)}) <span class="muted">${esc(heal.state)}</span></h3>
<div class="pair"><div><h4>Recorded</h4><p><code>${esc(locator(heal.before.selector))}</code></p><p class="muted">${esc(heal.before.element ?? '')}</p>${picture(before, `Recorded step of ${heal.flowName}`)}</div>
<div><h4>Matched now${heal.agreement !== null ? ` (agreement ${heal.agreement.toFixed(2)})` : ''}</h4><p><code>${esc(locator(heal.after.selector))}</code></p><p class="muted">${esc(heal.after.element ?? '')}</p>${picture(after, `Healed step of ${heal.flowName}`)}</div></div></div>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}: ${esc(run.state)}</title><style>${CSS}</style></head>
<body><main>
<h1>${esc(title)}: <span class="${esc(run.state)}">${esc(run.state)}</span></h1>
<p class="muted">Run ${esc(run.id)} · trigger ${esc(run.trigger)} · started ${when(run.createdAt)} · finished ${when(run.completedAt)} · repeat ${run.repeat} · concurrency ${run.concurrency}${run.baseUrl ? ` · base URL <code>${esc(run.baseUrl)}</code>` : ''}</p>
<p class="summary"><span>${run.counts.flows} flows</span><span class="passed">${run.counts.passed} passed</span><span class="healed">${run.counts.healed} healed</span><span class="flaky">${run.counts.flaky} flaky</span><span class="failed">${run.counts.failed} failed</span>
<span>wall time ${secs(run.completedAt !== null ? run.completedAt - run.createdAt : null)}</span><span>tokens ${tokens}</span><span>cost ${cost}</span></p>
<h2>Verdicts</h2>
<table><thead><tr><th scope="col">Flow</th><th scope="col">Verdict</th>${heads}</tr></thead><tbody>
${rows}
</tbody></table>
<h2>Failures (${failures.length})</h2>
${failureCards || '<p class="muted">None.</p>'}
<h2>Heals (${data.heals.length})</h2>
${healCards || '<p class="muted">None.</p>'}
</main></body></html>
`;
}
