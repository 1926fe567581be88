// The INSTRUCT console: choose a tool, fill the form built from its schema,
// Send. The answer (the call's outcome) and the new frame appear as the call
// completes, from the flow's event stream.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ApiError, loadTools, post } from '../lib/api.js';
import { keyParams } from '../lib/format.js';
import { SchemaForm, toParams } from '../components/schema-form.js';
import { Alert, Field, describedBy, useAsync } from '../components/ui.js';

/** @typedef {import('../lib/types.js').Tool} Tool */

/** @param {{ store: import('../lib/flow-store.js').FlowStore }} props */
export function InstructConsole({ store }) {
  const flow = /** @type {import('../lib/types.js').Flow} */ (store.flow.value);
  const builtIn = useAsync(loadTools, []);
  /** @type {Tool[]} */
  const tools = [...(builtIn.data ?? []), ...flow.customTools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))];
  const [name, setName] = useState('click');
  const [values, setValues] = useState(/** @type {import('../components/schema-form.js').RawValues} */ ({}));
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [error, setError] = useState(/** @type {any} */ (null));
  const [sent, setSent] = useState(/** @type {string[]} */ ([]));
  const [busy, setBusy] = useState(false);
  const tool = tools.find((t) => t.name === name) ?? tools[0];

  /** @param {Event} e */
  const send = async (e) => {
    e.preventDefault();
    if (!tool) return;
    const { params, errors: errs } = toParams(tool.inputSchema, values);
    setErrors(errs);
    setError(null);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const since = store.mark();
      const answer = await post(`/api/flows/${flow.id}/tool-calls`, { name: tool.name, parameters: params });
      store.setFlow(answer.flow, since);
      setSent((s) => [answer.toolCallId, ...s].slice(0, 5));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      setErrors(Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('parameters.')).map(([k, m]) => [k.slice('parameters.'.length).split(/[.[]/)[0], m])));
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const answers = sent.map((id) => store.calls.value.find((c) => c.id === id)).filter((c) => !!c);
  const waiting = flow.state === 'WAITING_ON_USER_FOR_NEXT_ACTION';

  return html`<section class="console" aria-labelledby="console-h">
    <div class="pane-head"><h2 id="console-h">Instruct console</h2>
      <span class="muted small">${waiting ? 'The flow waits for your next action.' : flow.state === 'PAUSED' ? 'Paused: calls you send wait for Resume.' : 'Running: your call is queued.'}</span></div>
    <form class="console-form" onSubmit=${send}>
      <${Field} id="console-tool" label="Tool" hint=${tool?.description}>
        <select ...${describedBy('console-tool', undefined, !!tool?.description)} value=${tool?.name ?? ''}
          onChange=${(/** @type {any} */ e) => { setName(e.currentTarget.value); setValues({}); setErrors({}); }}>
          ${tools.map((t) => html`<option value=${t.name}>${t.name}</option>`)}
        </select>
      <//>
      ${tool ? html`<${SchemaForm} schema=${tool.inputSchema} values=${values} onChange=${setValues} idPrefix="console" errors=${errors} />` : ''}
      <div class="actions"><button type="submit" class="btn btn-primary" disabled=${busy || !tool}>Send</button></div>
      <${Alert} error=${error} shown=${Object.keys(errors).map((k) => `parameters.${k}`)} />
    </form>
    <div class="console-log" role="log" aria-label="Answers" aria-live="polite">
      ${answers.map((c) => html`<p class=${`answer ${!c.outcome ? '' : c.outcome.success ? 'answer-ok' : 'answer-fail'}`}>
        <code class="tool-name">${c.name}</code> <span class="mono muted">${keyParams(c)}</span>
        <span>${!c.outcome ? ' · running…' : ` · ${c.outcome.success ? 'Succeeded' : 'Failed'}: ${c.outcome.message}`}</span>
      </p>`)}
    </div>
  </section>`;
}
