// Run control of a live flow: Pause, Resume, Cancel (asked once more: it
// ends the flow) and the Mode switch. A switch to Autonomous that needs a
// model offers the GPT configurations to run with. Each answer is the
// flow's new metadata; the event stream confirms it.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { get, post } from '../lib/api.js';
import { Alert, announce } from '../components/ui.js';

/** Whether a refused switch to Autonomous only lacks a GPT configuration. @param {any} err */
const needsModel = (err) => err?.code === 'INVALID_REQUEST' && /gptConfigNameOverride|GPT configuration/.test(err.message);

/** @param {{ store: import('../lib/flow-store.js').FlowStore }} props */
export function LiveControls({ store }) {
  const flow = /** @type {import('../lib/types.js').Flow} */ (store.flow.value);
  const [busy, setBusy] = useState('');
  const [error, setError] = useState(/** @type {any} */ (null));
  /** GPT configuration names to pick from, once a switch needed one. */
  const [models, setModels] = useState(/** @type {string[] | null} */ (null));
  const [model, setModel] = useState('');
  const pausing = flow.nextState === 'PAUSED';
  const paused = flow.state === 'PAUSED';

  /** @param {string} action @param {unknown} [body] @param {string} [done] */
  const act = async (action, body, done) => {
    setBusy(action);
    setError(null);
    try {
      const since = store.mark();
      store.setFlow(await post(`/api/flows/${flow.id}/${action}`, body), since);
      setModels(null);
      if (done) announce(done);
    } catch (err) {
      if (needsModel(err)) {
        const names = Object.keys(await get('/api/gpt-configs').catch(() => ({})));
        setModels(names);
        setModel(names[0] ?? '');
      } else setError(err);
    } finally {
      setBusy('');
    }
  };
  const cancel = () => {
    // Cancelling ends the flow for good (its browser closes): asked once more.
    if (window.confirm(`Cancel "${flow.name}"? The flow ends now and its browser closes.`)) void act('cancel', undefined, 'Flow cancelled');
  };
  const deterministic = flow.runMode === 'DETERMINISTIC';

  return html`<div class="live-bar">
    <div class="btn-row" role="group" aria-label="Run control">
      <button type="button" class="btn" disabled=${!!busy || paused || pausing} onClick=${() => act('pause', undefined, 'Pause requested: the flow stops after the current action.')}>Pause</button>
      <button type="button" class="btn" disabled=${!!busy || !(paused || pausing)} onClick=${() => act('resume', undefined, 'Resumed')}>Resume</button>
      <button type="button" class="btn btn-danger" disabled=${!!busy} onClick=${cancel}>Cancel</button>
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
    ${models ? html`<form class="pick-model" role="group" aria-label="Model for Autonomous" onSubmit=${(/** @type {Event} */ e) => { e.preventDefault(); void act('run-mode', { runMode: 'AUTONOMOUS', gptConfigName: model }, 'Switched to Autonomous'); }}>
      <span>Autonomous needs a model.</span>
      ${models.length ? html`<label class="inline-field">GPT configuration
        <select value=${model} onChange=${(/** @type {any} */ e) => setModel(e.currentTarget.value)}>${models.map((m) => html`<option value=${m}>${m}</option>`)}</select></label>
        <button type="submit" class="btn btn-primary btn-small" disabled=${!!busy}>Switch to Autonomous</button>` : html`<span class="muted">No GPT configuration is stored yet.</span>`}
      <a href="/settings">${models.length ? 'Manage them in Settings' : 'Add one in Settings'}</a>
    </form>` : ''}
    <${Alert} error=${error} />
  </div>`;
}
