// Settings: GPT configurations. The form is built from the API's own schema
// of POST /api/gpt-configs/{name} (one shape per loaded provider), so every
// provider plugin gets its fields. Secrets arrive masked and are edited in
// password fields; posting a mask back keeps the stored secret.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ApiError, apiDocument, del, get, post, supports } from '../lib/api.js';
import { SchemaForm, fromParams, humanize, toParams } from '../components/schema-form.js';
import { Alert, Field, announce, describedBy, useAsync } from '../components/ui.js';

/** @typedef {import('../lib/types.js').JsonSchema} JsonSchema */
/** @typedef {Record<string, unknown> & { type: string }} GptConfig */

/** Secret fields: marked by the schema when it says so, else known by name. @param {string} name @param {JsonSchema} s */
export const isSecretField = (name, s) => s.writeOnly === true || s['x-secret'] === true
  || (/key|secret|token|password/i.test(name) && !/Id$/.test(name));

/** One schema per configuration type, from the OpenAPI document. */
async function typeSchemas() {
  const doc = await apiDocument();
  const body = doc.paths?.['/api/gpt-configs/{name}']?.post?.requestBody?.content?.['application/json']?.schema ?? {};
  /** @type {Record<string, JsonSchema>} */
  const out = {};
  for (const s of /** @type {JsonSchema[]} */ (body.oneOf ?? body.anyOf ?? [body])) {
    const t = s.properties?.type?.const;
    if (typeof t === 'string') out[t] = s;
  }
  return out;
}

/** @param {{ onChange: () => void }} props */
export function GptConfigs({ onChange }) {
  const configs = useAsync(async () => /** @type {Record<string, GptConfig>} */ (await get('/api/gpt-configs')), []);
  const schemas = useAsync(typeSchemas, []);
  const canTest = useAsync(() => supports('POST', '/api/gpt-configs/{name}/test'), []);
  const [editing, setEditing] = useState(/** @type {string | null} */ (null));
  const [tests, setTests] = useState(/** @type {Record<string, { text: string, ok: boolean | null }>} */ ({}));
  const [confirming, setConfirming] = useState('');
  const [error, setError] = useState(/** @type {any} */ (null));

  /** @param {string} name */
  const test = async (name) => {
    if (!canTest.data) {
      setTests((t) => ({ ...t, [name]: { text: 'This version of the service cannot test connections yet.', ok: null } }));
      return;
    }
    setTests((t) => ({ ...t, [name]: { text: 'Testing…', ok: null } }));
    try {
      const r = await post(`/api/gpt-configs/${encodeURIComponent(name)}/test`, {});
      setTests((t) => ({ ...t, [name]: r.ok ? { text: `Connected${r.latencyMs ? ` in ${r.latencyMs} ms` : ''}`, ok: true } : { text: `${r.error?.code ?? 'Failed'}: ${r.error?.message ?? ''}`, ok: false } }));
    } catch (err) {
      setTests((t) => ({ ...t, [name]: { text: /** @type {Error} */ (err).message, ok: false } }));
    }
  };
  /** @param {string} name */
  const remove = async (name) => {
    if (confirming !== name) { setConfirming(name); return; }
    setConfirming('');
    try {
      await del(`/api/gpt-configs/${encodeURIComponent(name)}`);
      announce(`Deleted ${name}`);
      await configs.reload();
      onChange();
    } catch (err) {
      setError(err);
    }
  };

  const list = Object.entries(configs.data ?? {});
  return html`<section class="card" aria-labelledby="gpt-h">
    <h2 id="gpt-h">GPT configurations</h2>
    <p class="hint">Named model settings. Keys are stored on the service and always shown masked.</p>
    <${Alert} error=${configs.error || error} />
    ${list.length ? html`<div class="table-wrap"><table class="grid" aria-label="GPT configurations">
      <thead><tr><th scope="col">Name</th><th scope="col">Type</th><th scope="col">Model</th><th scope="col">Secrets</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${list.map(([name, c]) => html`<tr>
        <td><strong>${name}</strong></td>
        <td><code>${c.type}</code></td>
        <td>${String(c.modelName ?? '—')}</td>
        <td class="mono small">${Object.entries(c).filter(([k, v]) => typeof v === 'string' && isSecretField(k, {})).map(([k, v]) => html`<div>${humanize(k)}: <span class="nowrap">${v}</span></div>`)}</td>
        <td class="row-actions">
          <button type="button" class="btn btn-small" onClick=${() => test(name)}>Test connection</button>
          <button type="button" class="btn btn-small btn-ghost" aria-label=${`Edit ${name}`} onClick=${() => setEditing(name)}>Edit</button>
          <button type="button" class="btn btn-small btn-ghost btn-danger" aria-label=${confirming === name ? `Confirm deleting ${name}` : `Delete ${name}`}
            onClick=${() => remove(name)} onBlur=${() => setConfirming('')}>${confirming === name ? 'Confirm delete' : 'Delete'}</button>
          ${tests[name] ? html`<div class=${`small ${tests[name].ok === true ? 'text-ok' : tests[name].ok === false ? 'text-fail' : 'muted'}`} role="status">${tests[name].text}</div>` : ''}
        </td>
      </tr>`)}</tbody>
    </table></div>` : configs.data ? html`<p class="muted small">No configuration yet. AUTONOMOUS flows need one.</p>` : ''}
    ${schemas.data ? html`<${GptConfigForm} key=${editing ?? '+'} schemas=${schemas.data} name=${editing}
      initial=${editing ? configs.data?.[editing] : undefined} onDone=${async () => { setEditing(null); await configs.reload(); onChange(); }} />` : ''}
  </section>`;
}

/** @param {{ schemas: Record<string, JsonSchema>, name: string | null, initial?: GptConfig, onDone: () => void }} props */
function GptConfigForm({ schemas, name, initial, onDone }) {
  const types = Object.keys(schemas);
  const [configName, setConfigName] = useState(name ?? '');
  const [type, setType] = useState(initial?.type ?? types[0] ?? '');
  const schema = schemas[type] ?? { properties: {} };
  const [values, setValues] = useState(() => (initial ? fromParams(schema, initial) : {}));
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [failure, setFailure] = useState(/** @type {any} */ (null));
  const [busy, setBusy] = useState(false);

  /** @param {Event} e */
  const save = async (e) => {
    e.preventDefault();
    const { params, errors: errs } = toParams(schema, values);
    delete params.type;
    setErrors(errs);
    setFailure(null);
    if (Object.keys(errs).length) return;
    if (!configName.trim()) { setErrors({ name: 'is required' }); return; }
    setBusy(true);
    try {
      await post(`/api/gpt-configs/${encodeURIComponent(configName.trim())}`, { type, ...params });
      announce(`Saved ${configName.trim()}`);
      setValues({});
      setConfigName('');
      onDone();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      setErrors(fields);
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return html`<form class="form subform" onSubmit=${save} aria-labelledby="gpt-form-h">
    <h3 id="gpt-form-h" class="subhead">${name ? `Edit ${name}` : 'Add a configuration'}</h3>
    <div class="grid-2">
      <${Field} id="gpt-name" label="Name" required error=${errors.name}>
        <input type="text" autocomplete="off" readOnly=${!!name} ...${describedBy('gpt-name', errors.name)} value=${configName}
          onInput=${(/** @type {any} */ e) => setConfigName(e.currentTarget.value)} />
      <//>
      <${Field} id="gpt-type" label="Type" error=${errors.type}>
        <select ...${describedBy('gpt-type', errors.type)} value=${type} onChange=${(/** @type {any} */ e) => { setType(e.currentTarget.value); setErrors({}); }}>
          ${types.map((t) => html`<option value=${t}>${t}</option>`)}
        </select>
      <//>
    </div>
    <${SchemaForm} schema=${schema} values=${values} onChange=${setValues} idPrefix="gpt" errors=${errors} secret=${isSecretField} skip=${['type']} />
    <${Alert} error=${failure} shown=${Object.keys(errors)} />
    <div class="actions">
      <button type="submit" class="btn btn-primary" disabled=${busy}>${name ? 'Save changes' : 'Save configuration'}</button>
      ${name ? html`<button type="button" class="btn btn-ghost" onClick=${onDone}>Stop editing</button>` : ''}
    </div>
  </form>`;
}
