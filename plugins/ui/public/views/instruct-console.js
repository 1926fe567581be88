// The INSTRUCT console: choose a tool, fill the form built from its schema,
// Send. The answer (the call's outcome) and the new frame appear as the call
// completes, from the flow's event stream. Point and act: a click on the
// live frame picks the element there (GET element-at) and fills the
// selector with its candidates; "Test selector" counts what each candidate
// matches on the live page; "Page elements" shows the observation's refs.

import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, get, loadTools, post } from '../lib/api.js';
import { keyParams } from '../lib/format.js';
import { SchemaForm, toParams } from '../components/schema-form.js';
import { Alert, Field, describedBy, useAsync } from '../components/ui.js';

/** @typedef {import('../lib/types.js').Tool} Tool */
/** @typedef {{ fx: number, fy: number, w: number, h: number }} Pick */

/**
 * @param {{ store: import('../lib/flow-store.js').FlowStore, pick: import('@preact/signals').Signal<Pick | null> }} props
 */
export function InstructConsole({ store, pick }) {
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
  /** What was picked or tested, in words. */
  const [found, setFound] = useState(/** @type {string[]} */ ([]));
  const [refs, setRefs] = useState('');
  /** The live page's viewport, learnt from element-at answers (the frame may be larger: a device's pixel ratio). */
  const viewport = useRef(/** @type {{ w: number, h: number } | null} */ (null));
  const tool = tools.find((t) => t.name === name) ?? tools[0];
  const takesSelector = !!tool?.inputSchema.properties?.selector;

  /** Runs a look at the live page, showing its refusal where the answers go. @param {() => Promise<void>} fn */
  const look = async (fn) => {
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err);
    }
  };

  // A click on the live frame: the element there becomes the target of the next call.
  const point = pick.value;
  useEffect(() => {
    if (!point) return;
    pick.value = null;
    void look(async () => {
      const at = async () => {
        const v = viewport.current ?? { w: point.w, h: point.h };
        return get(`/api/flows/${flow.id}/element-at?x=${Math.round(point.fx * v.w)}&y=${Math.round(point.fy * v.h)}`);
      };
      let answer = await at();
      const box = answer.element?.box;
      if (box && (box.viewportWidth !== (viewport.current?.w ?? point.w))) {
        viewport.current = { w: box.viewportWidth, h: box.viewportHeight };
        answer = await at();
      }
      const el = answer.element;
      if (!el) {
        setFound(['No element there.']);
        return;
      }
      if (!takesSelector) setName('click');
      if (el.selectors.length) setValues((v) => ({ ...(takesSelector ? v : {}), selector: el.selectors.join('\n') }));
      setFound([`Picked ${el.description}${el.selectors.length ? `: ${el.selectors.length} selector${el.selectors.length === 1 ? '' : 's'}, best first` : el.inFrame ? ': inside a frame this driver cannot act in' : ': no selector could be verified'}`]);
    });
  }, [point]);

  const testSelector = () => look(async () => {
    const lines = String(values.selector ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
    if (!lines.length) {
      setFound(['Write a selector first.']);
      return;
    }
    const answers = await Promise.all(lines.map((selector) => post(`/api/flows/${flow.id}/selector-test`, { selector })
      .then((r) => `${selector}: ${r.count === 0 ? 'no element' : `${r.count} element${r.count === 1 ? '' : 's'}`}${r.count ? ` (${r.elements.slice(0, 3).map((/** @type {any} */ e) => e.description).join(', ')}${r.count > 3 ? ', …' : ''})` : ''}`,
        (/** @type {any} */ err) => `${selector}: ${err.message}`)));
    setFound(answers);
  });

  const showRefs = () => look(async () => setRefs((await get(`/api/flows/${flow.id}/observation`)).text));

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
      <div class="actions">
        <button type="submit" class="btn btn-primary" disabled=${busy || !tool}>Send</button>
        ${takesSelector ? html`<button type="button" class="btn" onClick=${testSelector}>Test selector</button>` : ''}
        <button type="button" class="btn btn-ghost" onClick=${showRefs}>Page elements</button>
      </div>
      <div role="status">${found.length ? html`<ul class="found">${found.map((f) => html`<li>${f}</li>`)}</ul>` : ''}</div>
      <${Alert} error=${error} shown=${Object.keys(errors).map((k) => `parameters.${k}`)} />
      ${refs ? html`<details class="refs" open><summary>Page elements (write <code>ref=N</code> as a selector)</summary><pre class="code">${refs}</pre></details>` : ''}
    </form>
    <div class="console-log" role="log" aria-label="Answers" aria-live="polite">
      ${answers.map((c) => html`<p class=${`answer ${!c.outcome ? '' : c.outcome.success ? 'answer-ok' : 'answer-fail'}`}>
        <code class="tool-name">${c.name}</code> <span class="mono muted">${keyParams(c)}</span>
        <span>${!c.outcome ? ' · running…' : ` · ${c.outcome.success ? 'Succeeded' : 'Failed'}: ${c.outcome.message}`}</span>
      </p>`)}
    </div>
  </section>`;
}
