// Heals (/heals): the heal proposals to review (open by default, or those
// accepted or rejected), each with both screenshots and Accept / Reject.

import { html } from 'htm/preact';
import { get, query } from '../lib/api.js';
import { place, setQuery } from '../lib/router.js';
import { Alert, useAsync, useTitle } from '../components/ui.js';
import { HealCard, useRunChanges } from '../components/run-bits.js';

export function Heals() {
  useTitle('Heals');
  const state = place.value.query.get('state') ?? 'open';
  const list = useAsync(() => get(`/api/heals${query({ state, limit: 100 })}`), [state]);
  useRunChanges(list.reload, (e) => e.type === 'heal');
  const heals = /** @type {import('../lib/types.js').Heal[]} */ (list.data?.heals ?? []);
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
