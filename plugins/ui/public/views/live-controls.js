// Run control of a live flow: Pause, Resume, Cancel and the Mode switch.
// Each answer is the flow's new metadata; the event stream confirms it.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { post } from '../lib/api.js';
import { Alert, announce } from '../components/ui.js';

/** @param {{ store: import('../lib/flow-store.js').FlowStore }} props */
export function LiveControls({ store }) {
  const flow = /** @type {import('../lib/types.js').Flow} */ (store.flow.value);
  const [busy, setBusy] = useState('');
  const [error, setError] = useState(/** @type {any} */ (null));
  const pausing = flow.nextState === 'PAUSED';
  const paused = flow.state === 'PAUSED';

  /** @param {string} action @param {unknown} [body] @param {string} [done] */
  const act = async (action, body, done) => {
    setBusy(action);
    setError(null);
    try {
      const since = store.mark();
      store.setFlow(await post(`/api/flows/${flow.id}/${action}`, body), since);
      if (done) announce(done);
    } catch (err) {
      setError(err);
    } finally {
      setBusy('');
    }
  };
  const deterministic = flow.runMode === 'DETERMINISTIC';

  return html`<div class="live-bar">
    <div class="btn-row" role="group" aria-label="Run control">
      <button type="button" class="btn" disabled=${!!busy || paused || pausing} onClick=${() => act('pause', undefined, 'Pause requested: the flow stops after the current action.')}>Pause</button>
      <button type="button" class="btn" disabled=${!!busy || !(paused || pausing)} onClick=${() => act('resume', undefined, 'Resumed')}>Resume</button>
      <button type="button" class="btn btn-danger" disabled=${!!busy} onClick=${() => act('cancel', undefined, 'Flow cancelled')}>Cancel</button>
    </div>
    <fieldset class="segmented" disabled=${deterministic || !!busy}>
      <legend>Mode</legend>
      ${['INSTRUCT', 'AUTONOMOUS'].map((m) => html`<label class=${flow.runMode === m ? 'is-on' : ''}>
        <input type="radio" name="run-mode" value=${m} checked=${flow.runMode === m}
          onChange=${() => act('run-mode', { runMode: m }, `Switched to ${m === 'INSTRUCT' ? 'Instruct' : 'Autonomous'}`)} />
        ${m === 'INSTRUCT' ? 'Instruct' : 'Autonomous'}</label>`)}
    </fieldset>
    ${deterministic ? html`<span class="muted small">Deterministic flows run their calls and cannot switch mode.</span>` : ''}
    ${pausing ? html`<span class="muted small" role="status">Pausing after the current action…</span>` : ''}
    <${Alert} error=${error} />
  </div>`;
}
