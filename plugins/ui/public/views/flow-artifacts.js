// What a finished flow left besides its steps: its structured result, the
// files its pages downloaded, its HAR and its Playwright trace (to open with
// `npx playwright show-trace`). Shown only when there is something.

import { html } from 'htm/preact';

/** @typedef {import('../lib/types.js').Flow} Flow */

/** @param {number} n */
const bytes = (n) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`);

/** @param {{ flow: Flow }} props */
export function FlowArtifacts({ flow }) {
  const data = flow.result?.data;
  const downloads = flow.downloads ?? [];
  if (data === undefined && !downloads.length && !flow.hasHar && !flow.hasTrace && !flow.saveProfileAs) return '';
  const base = `/api/flows/${flow.id}`;
  return html`<section class="artifacts" aria-labelledby="artifacts-h">
    <h2 id="artifacts-h" class="subhead">Results and recordings</h2>
    ${data !== undefined ? html`<h3 class="small">Result data</h3><pre class="mono small" aria-label="Result data">${JSON.stringify(data, null, 2)}</pre>` : ''}
    ${downloads.length ? html`<h3 class="small">Downloads</h3><ul class="small">${downloads.map((d) => html`<li>
      <a href=${`${base}/downloads/${d.id}`} download=${d.fileName}>${d.fileName}</a> <span class="muted">${bytes(d.size)}, ${d.mimeType}</span></li>`)}</ul>` : ''}
    <div class="btn-row" role="group" aria-label="Recordings">
      ${flow.hasTrace ? html`<a class="btn" href=${`${base}/trace`} download=${`flow-${flow.id}-trace.zip`}>Download trace</a>` : ''}
      ${flow.hasHar ? html`<a class="btn" href=${`${base}/har`} download=${`flow-${flow.id}.har`}>Download HAR</a>` : ''}
    </div>
    ${flow.hasTrace ? html`<p class="hint">Open the trace with <code>npx playwright show-trace flow-${flow.id}-trace.zip</code>: each step is a group named as in the generated test.</p>` : ''}
    ${flow.saveProfileAs ? html`<p class="hint">Saved its browser as the profile <code>${flow.saveProfileAs}</code> (<a href="/settings">Settings</a>).</p>` : ''}
  </section>`;
}
