// Pieces the run views share: verdict and run state badges, a
// heal proposal with its two screenshots and Accept / Reject, and a hook that
// reads again when GET /api/events tells about runs.

import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { post } from '../lib/api.js';
import { followChanges } from '../lib/events.js';
import { Alert, announce } from './ui.js';

/** @typedef {import('../lib/types.js').Heal} Heal */

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
