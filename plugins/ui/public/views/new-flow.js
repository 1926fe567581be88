// New flow: the CreateFlow form, and its editor of tool calls (below). The
// form checks what the API checks before sending; the API's errors are
// shown next to the field they name too. `?from=<flowId>` fills the form
// from a past flow.

import { html } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, get, loadTools, post, supports } from '../lib/api.js';
import { navigate, place } from '../lib/router.js';
import { Alert, Field, describedBy, useAsync, useTitle } from '../components/ui.js';
import { createBody, formProblems, parseCalls } from '../lib/create-body.js';
import { keyParams } from '../lib/format.js';
import { SchemaForm, fromParams, toParams } from '../components/schema-form.js';

/** @typedef {import('../lib/api-records.js').Flow} Flow */

const MODES = /** @type {const} */ ([['AUTONOMOUS', 'Autonomous', 'A model drives the browser towards the objective.'],
  ['INSTRUCT', 'Instruct', 'You send each action from the flow view.'],
  ['DETERMINISTIC', 'Deterministic', 'The tool calls below run in order.']]);

const BROWSERS = /** @type {const} */ ([['device', 'Local Chromium'], ['webdriver', 'WebDriver'], ['remoteInstance', 'Remote Chromium (DevTools)'], ['hostedBrowser', 'Hosted browser']]);

/** @typedef {import('../lib/create-body.js').FormState} FormState */

/** @type {FormState} */
const EMPTY = { name: '', target: '', mode: 'AUTONOMOUS', objective: '', gpt: '', env: [], browser: 'device', headless: true, device: '', url: '', maxToolCalls: '50', calls: [], profile: '', saveProfileAs: '' };

/** A past flow as form values. @param {Flow} f @returns {FormState} */
function fromFlow(f) {
  const u = f.browser?.using ?? { type: 'device' };
  return {
    name: f.name, target: f.targetWebsite, mode: f.initialRunMode, objective: f.overallObjective ?? '',
    gpt: f.hasGptConfigNameOverride ? f.gptConfigName ?? '' : '', env: f.envVars, browser: u.type,
    headless: u.headless !== false, device: typeof u.deviceName === 'string' ? u.deviceName : '', url: typeof u.url === 'string' ? u.url : '',
    maxToolCalls: String(f.maxToolCalls), calls: f.toolCallsOnStart, profile: f.profile ?? '', saveProfileAs: f.saveProfileAs ?? '',
  };
}

/** Where each body field's errors are shown. */
const FIELD_IDS = /** @type {Record<string, string>} */ ({
  name: 'f-name', targetWebsite: 'f-target', overallObjective: 'f-objective', gptConfigNameOverride: 'f-gpt',
  maxToolCalls: 'f-max', initialRunMode: 'f-mode-AUTONOMOUS', profile: 'f-profile', saveProfileAs: 'f-save-profile',
});

export function NewFlow() {
  useTitle('New flow');
  const from = place.value.query.get('from');
  const [s, setS] = useState(/** @type {FormState} */ ({ ...EMPTY, mode: place.value.query.get('mode') || EMPTY.mode }));
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [failure, setFailure] = useState(/** @type {ApiError | null} */ (null));
  const [busy, setBusy] = useState(false);
  const tools = useAsync(loadTools, []);
  const env = useAsync(async () => Object.keys(await get(await supports('GET', '/api/env', 'masked') ? '/api/env?masked=true' : '/api/env')), []);
  const gpts = useAsync(async () => Object.keys(await get('/api/gpt-configs')), []);
  const profiles = useAsync(async () => ((await supports('GET', '/api/profiles')) ? (await get('/api/profiles')).map((/** @type {{ name: string }} */ p) => p.name) : null), []);

  useEffect(() => {
    if (!from) return;
    get(`/api/flows/${encodeURIComponent(from)}`).then((f) => setS(fromFlow(f))).catch((err) => setFailure(err));
  }, [from]);

  /** @param {Partial<FormState>} changes */
  const set = (changes) => setS((prev) => ({ ...prev, ...changes }));
  /** @param {keyof FormState} key */
  const text = (key) => ({ value: /** @type {string} */ (s[key]), onInput: (/** @type {any} */ e) => set({ [key]: e.currentTarget.value }) });
  /** Errors of `field` and below (`browser.using.url`). @param {string} field */
  const errorOf = (field) => Object.entries(errors).filter(([k]) => k === field || k.startsWith(`${field}.`) || k.startsWith(`${field}[`))
    .map(([k, m]) => (k === field ? m : `${k.slice(field.length).replace(/^\./, '')}: ${m}`)).join('; ') || undefined;

  /** Shows `fields` next to their fields and focuses the first, so a keyboard or screen reader user lands on it. @param {ApiError} err */
  const fail = (err) => {
    const fields = err.fieldErrors();
    setErrors(fields);
    setFailure(err);
    setBusy(false);
    const first = Object.keys(fields)[0];
    const call = first && /^toolCallsOnStart\[(\d+)\]/.exec(first);
    const id = first && (FIELD_IDS[first] ?? (call ? `call-item-${call[1]}` : first.startsWith('toolCallsOnStart') ? 'f-calls' : first.startsWith('browser') ? 'f-browser' : first.startsWith('envVars') ? 'f-env' : ''));
    requestAnimationFrame(() => /** @type {HTMLElement | null} */ (id ? document.getElementById(id) : document.querySelector('.alert'))?.focus());
  };

  /** @param {Event} e */
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    setErrors({});
    const problems = Object.entries(formProblems(s, tools.data ?? []));
    if (problems.length) {
      const issues = problems.map(([k, m]) => `${k}: ${m}`);
      fail(new ApiError(400, { code: 'INVALID_REQUEST', message: issues[0], details: { issues } }));
      return;
    }
    try {
      const flow = await post('/api/flows', createBody(s));
      navigate(`/flows/${flow.id}`);
    } catch (err) {
      fail(err instanceof ApiError ? err : new ApiError(0, { message: String(err) }));
    }
  };

  const shown = Object.keys(errors).filter((k) => /^(name|targetWebsite|overallObjective|gptConfigNameOverride|maxToolCalls|initialRunMode|browser|envVars|toolCallsOnStart|profile|saveProfileAs)\b/.test(k));
  const needsUrl = s.browser === 'webdriver' || s.browser === 'remoteInstance';

  return html`<div class="page page-narrow">
    <div class="page-head"><h1>New flow</h1></div>
    <form class="form" noValidate onSubmit=${submit} aria-describedby="form-errors">
      <div id="form-errors"><${Alert} error=${failure} shown=${shown} /></div>
      <div class="grid-2">
        <${Field} id="f-name" label="Name" required error=${errors.name || (s.name.length > 200 ? `must be at most 200 characters (it has ${s.name.length})` : undefined)}>
          <input type="text" ...${describedBy('f-name', errors.name || (s.name.length > 200 ? 'long' : undefined))} ...${text('name')} autocomplete="off" />
        <//>
        <${Field} id="f-target" label="Target website" required error=${errorOf('targetWebsite')} hint="The page the browser opens first.">
          <input type="text" inputmode="url" placeholder="https://example.com/login" spellcheck="false"
            ...${describedBy('f-target', errorOf('targetWebsite'), true)} ...${text('target')} />
        <//>
      </div>

      <fieldset class="choice">
        <legend>Mode</legend>
        <div class="choice-row">${MODES.map(([value, label, hint]) => html`<label class=${`choice-card${s.mode === value ? ' is-on' : ''}`}>
          <input type="radio" name="mode" id=${`f-mode-${value}`} value=${value} checked=${s.mode === value} aria-label=${label}
            aria-describedby=${`f-mode-${value}-hint`} onChange=${() => set({ mode: value })} />
          <span><strong>${label}</strong><span class="muted small" id=${`f-mode-${value}-hint`}>${hint}</span></span>
        </label>`)}</div>
        ${errors.initialRunMode ? html`<p class="field-error">${errors.initialRunMode}</p>` : ''}
      </fieldset>

      ${s.mode !== 'DETERMINISTIC' ? html`
        <${Field} id="f-objective" label="Objective" required=${s.mode === 'AUTONOMOUS'} error=${errors.overallObjective} wide
          hint=${s.mode === 'AUTONOMOUS' ? 'What the model should achieve. Write ${NAME} for a secret; the model never sees its value.' : 'Optional: used if you switch the flow to Autonomous.'}>
          <textarea rows="3" ...${describedBy('f-objective', errors.overallObjective, true)} ...${text('objective')}></textarea>
        <//>
        <${Field} id="f-gpt" label="GPT configuration" error=${errors.gptConfigNameOverride} hint="Default: the one assigned to the flow-runner agent in Settings.">
          <select ...${describedBy('f-gpt', errors.gptConfigNameOverride, true)} value=${s.gpt} onChange=${(/** @type {any} */ e) => set({ gpt: e.currentTarget.value })}>
            <option value="">The flow-runner agent's</option>
            ${(gpts.data ?? []).map((n) => html`<option value=${n}>${n}</option>`)}
          </select>
        <//>` : ''}

      ${s.mode === 'DETERMINISTIC' ? (tools.data
        ? html`<${ToolCallEditor} tools=${tools.data} calls=${s.calls} onChange=${(/** @type {Call[]} */ calls) => set({ calls })} errors=${errors} />`
        : html`<${Alert} error=${tools.error} />`) : ''}

      <fieldset class="group" id="f-env" tabindex="-1" aria-describedby=${errorOf('envVars') ? 'f-env-error' : undefined}>
        <legend>Environment variables</legend>
        <p class="hint">The flow may use the checked variables as \${NAME}. Their values stay on the service.</p>
        ${env.data?.length ? html`<div class="check-grid">${env.data.map((k) => html`<label class="check">
          <input type="checkbox" checked=${s.env.includes(k)} onChange=${(/** @type {any} */ e) => set({ env: e.currentTarget.checked ? [...s.env, k] : s.env.filter((x) => x !== k) })} />
          <code>${k}</code></label>`)}</div>`
          : html`<p class="muted small">No variables stored. <a href="/settings">Add them in Settings</a>.</p>`}
        ${errorOf('envVars') ? html`<p class="field-error" id="f-env-error">${errorOf('envVars')}</p>` : ''}
      </fieldset>

      <fieldset class="group">
        <legend>Browser</legend>
        <div class="grid-2">
          <${Field} id="f-browser" label="Browser" error=${errorOf('browser')}>
            <select ...${describedBy('f-browser', errorOf('browser'))} value=${s.browser} onChange=${(/** @type {any} */ e) => set({ browser: e.currentTarget.value })}>
              ${BROWSERS.map(([v, l]) => html`<option value=${v}>${l}</option>`)}
            </select>
          <//>
          ${s.browser === 'device' ? html`<${Field} id="f-device" label="Device" hint="A Playwright device name such as iPhone 13. Empty: desktop, 1280×720.">
            <input type="text" ...${describedBy('f-device', undefined, true)} ...${text('device')} />
          <//>` : ''}
          ${needsUrl ? html`<${Field} id="f-url" label=${s.browser === 'webdriver' ? 'WebDriver URL' : 'DevTools URL'} required=${s.browser === 'remoteInstance'}
            hint=${s.browser === 'webdriver' ? 'Empty: a local chromedriver.' : 'ws://host:9222/devtools/browser/…'}>
            <input type="text" spellcheck="false" ...${describedBy('f-url', undefined, true)} ...${text('url')} />
          <//>` : ''}
        </div>
        ${s.browser === 'device' || s.browser === 'webdriver' ? html`<label class="check">
          <input type="checkbox" checked=${s.headless} onChange=${(/** @type {any} */ e) => set({ headless: e.currentTarget.checked })} /> Headless (no window)
        </label>` : ''}
        ${profiles.data ? html`<div class="grid-2">
          <${Field} id="f-profile" label="Start from profile" error=${errors.profile} hint="Its cookies and local storage: the flow starts signed in.">
            <select ...${describedBy('f-profile', errors.profile, true)} value=${s.profile ?? ''} onChange=${(/** @type {any} */ e) => set({ profile: e.currentTarget.value })}>
              <option value="">No profile (an empty browser)</option>
              ${profiles.data.map((/** @type {string} */ n) => html`<option value=${n}>${n}</option>`)}
            </select>
          <//>
          <${Field} id="f-save-profile" label="Save as profile" error=${errors.saveProfileAs} hint="When the flow succeeds, its cookies and local storage are saved under this name.">
            <input type="text" spellcheck="false" ...${describedBy('f-save-profile', errors.saveProfileAs, true)} ...${text('saveProfileAs')} />
          <//>
        </div>` : ''}
        <${Field} id="f-max" label="Max tool calls" error=${errors.maxToolCalls}>
          <input type="number" min="1" max="1000" class="input-short" ...${describedBy('f-max', errors.maxToolCalls)} ...${text('maxToolCalls')} />
        <//>
      </fieldset>

      <div class="actions actions-main">
        <button type="submit" class="btn btn-primary" disabled=${busy}>${busy ? 'Starting…' : 'Start flow'}</button>
        <a class="btn btn-ghost" href="/">Back to flows</a>
      </div>
    </form>
  </div>`;
}

// The editor of a DETERMINISTIC flow's tool calls: calls are built one by
// one from the tools' JSON Schemas, reordered and removed, or pasted as JSON
// (an array of calls, or a whole CreateFlow such as a /rerun answer).

/** A tool as the form reads it: its inputSchema a JSON Schema. @typedef {Omit<import('../lib/api-records.js').Tool, 'inputSchema'> & { inputSchema: import('../components/schema-form.js').JsonSchema }} Tool */
/** @typedef {{ name: string, parameters: Record<string, unknown> }} Call */

/**
 * @param {{ tools: Tool[], calls: Call[], onChange: (calls: Call[]) => void, errors?: Record<string, string>, field?: string }} props
 */
export function ToolCallEditor({ tools, calls, onChange, errors = {}, field = 'toolCallsOnStart' }) {
  const [toolName, setToolName] = useState(tools[0]?.name ?? '');
  const [values, setValues] = useState(/** @type {import('../components/schema-form.js').RawValues} */ ({}));
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
