// The editor of a DETERMINISTIC flow's tool calls: calls are built one by
// one from the tools' JSON Schemas, reordered and removed, or pasted as JSON
// (an array of calls, or a whole CreateFlow such as a /rerun answer).

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { keyParams } from '../lib/format.js';
import { SchemaForm, fromParams, toParams } from './schema-form.js';
import { Field, describedBy } from './ui.js';

/** @typedef {import('../lib/types.js').Tool} Tool */
/** @typedef {{ name: string, parameters: Record<string, unknown> }} Call */

/**
 * Reads pasted JSON: `[calls]`, `{ toolCallsOnStart: [calls] }` or one call.
 * @param {string} text
 * @returns {Call[]}
 */
export function parseCalls(text) {
  const value = JSON.parse(text);
  const list = Array.isArray(value) ? value : Array.isArray(value?.toolCallsOnStart) ? value.toolCallsOnStart : [value];
  return list.map((/** @type {any} */ c, /** @type {number} */ i) => {
    if (!c || typeof c !== 'object' || typeof c.name !== 'string') throw new Error(`call ${i + 1}: expected an object with a "name"`);
    if (c.parameters !== undefined && (typeof c.parameters !== 'object' || c.parameters === null || Array.isArray(c.parameters))) {
      throw new Error(`call ${i + 1}: "parameters" must be an object`);
    }
    return { name: c.name, parameters: c.parameters ?? {} };
  });
}

/**
 * @param {{ tools: Tool[], calls: Call[], onChange: (calls: Call[]) => void, errors?: Record<string, string>, field?: string }} props
 */
export function ToolCallEditor({ tools, calls, onChange, errors = {}, field = 'toolCallsOnStart' }) {
  const [toolName, setToolName] = useState(tools[0]?.name ?? '');
  const [values, setValues] = useState(/** @type {import('./schema-form.js').RawValues} */ ({}));
  const [localErrors, setLocalErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [editing, setEditing] = useState(-1);
  const [json, setJson] = useState('');
  const [jsonError, setJsonError] = useState('');
  const tool = tools.find((t) => t.name === toolName);

  const reset = () => { setValues({}); setLocalErrors({}); setEditing(-1); };
  const commit = () => {
    if (!tool) return;
    const { params, errors: errs } = toParams(tool.inputSchema, values);
    for (const r of tool.inputSchema.required || []) if (params[r] === undefined && !errs[r]) errs[r] = 'is required';
    setLocalErrors(errs);
    if (Object.keys(errs).length) return;
    const call = { name: tool.name, parameters: params };
    onChange(editing >= 0 ? calls.map((c, i) => (i === editing ? call : c)) : [...calls, call]);
    reset();
  };
  /** @param {number} i */
  const edit = (i) => {
    const c = calls[i];
    const t = tools.find((x) => x.name === c.name);
    setToolName(c.name);
    setValues(t ? fromParams(t.inputSchema, c.parameters) : {});
    setLocalErrors({});
    setEditing(i);
  };
  /** @param {number} i @param {number} d */
  const move = (i, d) => {
    const next = [...calls];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    onChange(next);
  };
  const useJson = () => {
    try {
      onChange(parseCalls(json));
      setJsonError('');
      setJson('');
    } catch (err) {
      setJsonError(`Not usable: ${/** @type {Error} */ (err).message}`);
    }
  };
  /** The API's errors for call `i` (`toolCallsOnStart[i].parameters.selector: ...`). @param {number} i */
  const errorsOf = (i) => Object.entries(errors).filter(([k]) => k === `${field}[${i}]` || k.startsWith(`${field}[${i}].`))
    .map(([k, m]) => `${k.slice(`${field}[${i}]`.length).replace(/^\.(parameters\.)?/, '') || 'call'}: ${m}`);
  const listError = errors[field];

  return html`<fieldset class="calls-editor" id="f-calls" tabindex="-1">
    <legend>Tool calls</legend>
    ${listError ? html`<p class="field-error" role="alert">${listError}</p>` : ''}
    ${calls.length ? html`<ol class="call-list" aria-label="Tool calls">
      ${calls.map((c, i) => html`<li id=${`call-item-${i}`} tabindex="-1" class=${`call-item${editing === i ? ' is-editing' : ''}${errorsOf(i).length ? ' has-error' : ''}`}>
        <span class="step-num">${i + 1}</span>
        <span class="call-main"><code class="tool-name">${c.name}</code> <span class="mono muted">${keyParams(c)}</span>
          ${errorsOf(i).map((e) => html`<span class="field-error">${e}</span>`)}</span>
        <span class="row-actions">
          <button type="button" class="btn btn-small btn-ghost" aria-label=${`Edit call ${i + 1}`} onClick=${() => edit(i)}>Edit</button>
          <button type="button" class="btn btn-small btn-ghost" aria-label=${`Move call ${i + 1} up`} disabled=${i === 0} onClick=${() => move(i, -1)}>↑</button>
          <button type="button" class="btn btn-small btn-ghost" aria-label=${`Move call ${i + 1} down`} disabled=${i === calls.length - 1} onClick=${() => move(i, 1)}>↓</button>
          <button type="button" class="btn btn-small btn-ghost" aria-label=${`Remove call ${i + 1}`} onClick=${() => { onChange(calls.filter((_, j) => j !== i)); if (editing === i) reset(); }}>Remove</button>
        </span>
      </li>`)}
    </ol>` : html`<p class="muted small">No calls yet: build them below, one at a time, or paste JSON.</p>`}

    <div class="add-call" onKeyDown=${(/** @type {KeyboardEvent} */ e) => {
      // Enter in a one-line field adds the call instead of submitting the whole form.
      if (e.key === 'Enter' && e.target instanceof HTMLInputElement) { e.preventDefault(); commit(); }
    }}>
      <h3 class="subhead">${editing >= 0 ? `Edit call ${editing + 1}` : 'Add a call'}</h3>
      <${Field} id="call-tool" label="Tool" hint=${tool?.description}>
        <select ...${describedBy('call-tool', undefined, !!tool?.description)} value=${toolName}
          onChange=${(/** @type {any} */ e) => { setToolName(e.currentTarget.value); setValues({}); setLocalErrors({}); }}>
          ${tools.map((t) => html`<option value=${t.name}>${t.name}</option>`)}
        </select>
      <//>
      ${tool ? html`<${SchemaForm} schema=${tool.inputSchema} values=${values} onChange=${setValues} idPrefix="call" errors=${localErrors} />` : ''}
      <div class="actions">
        <button type="button" class="btn" onClick=${commit}>${editing >= 0 ? `Save call ${editing + 1}` : 'Add call'}</button>
        ${editing >= 0 ? html`<button type="button" class="btn btn-ghost" onClick=${reset}>Discard changes</button>` : ''}
      </div>
    </div>

    <details class="paste-json">
      <summary>Paste JSON</summary>
      <${Field} id="calls-json" label="Tool calls JSON" error=${jsonError}
        hint="An array of {name, parameters}, or a whole flow (its toolCallsOnStart). Replaces the calls above.">
        <textarea class="mono" rows="6" spellcheck="false" ...${describedBy('calls-json', jsonError, true)} value=${json}
          onInput=${(/** @type {any} */ e) => setJson(e.currentTarget.value)}></textarea>
      <//>
      <button type="button" class="btn" disabled=${!json.trim()} onClick=${useJson}>Use this JSON</button>
    </details>
  </fieldset>`;
}
