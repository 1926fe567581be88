// Settings: GPT configurations, environment variables, browser profiles
// and agent assignments. The view and its sections are one module: they
// always load together, and the UI's JavaScript budget (60 KB gzipped) pays for each
// file's own compression (one module is 1.8 KB smaller than five).

import { html } from 'htm/preact';
import { useTitle, useAsync, Alert, Field, announce, describedBy } from '../components/ui.js';
import { get, ApiError, apiDocument, del, post, supports, query } from '../lib/api.js';
import { useState } from 'preact/hooks';
import { SchemaForm, fromParams, humanize, toParams } from '../components/schema-form.js';

export function Settings() {
  useTitle('Settings');
  // The configuration names feed the agents' choices; saving one reloads them.
  const names = useAsync(async () => Object.keys(await get('/api/gpt-configs')), []);
  return html`<div class="page page-narrow settings">
    <div class="page-head"><h1>Settings</h1></div>
    <${GptConfigs} onChange=${names.reload} />
    <${EnvVars} />
    <${Profiles} />
    <${Agents} configNames=${names.data ?? []} />
  </div>`;
}

// Settings: GPT configurations. The form is built from the API's own schema
// of POST /api/gpt-configs/{name} (one shape per loaded provider), so every
// provider plugin gets its fields. Secrets arrive masked and are edited in
// password fields; posting a mask back keeps the stored secret.

/** @typedef {import('../components/schema-form.js').JsonSchema} JsonSchema */
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

// Settings: environment variables. Values are never shown: the table lists
// names and where each value may be used (allowedOrigins; none: the site of
// the flow that uses it), a value can be replaced but not read back. "Used
// by" comes from the service when it can tell (docs/ui-api-needs.md), else
// from the most recent flows.

/** @typedef {{ flowCount: number, recentFlows: Array<{ id: string, name: string }>, exact: boolean }} Usage */

/** How many recent flows the fallback usage count reads. */
const SCAN = 100;

/** @typedef {{ name: string, kind: string, allowedOrigins: string[] | null }} EnvEntry */

/**
 * The stored variables and where each may be used; the masked listing is
 * used when the service has it (its entries carry `allowedOrigins`).
 * @returns {Promise<EnvEntry[]>}
 */
async function loadEntries() {
  const masked = await supports('GET', '/api/env', 'masked');
  const list = await get(masked ? '/api/env?masked=true' : '/api/env');
  return Object.entries(list).map(([name, v]) => ({ name, kind: v?.kind ?? 'plain', allowedOrigins: v && typeof v === 'object' && Array.isArray(v.allowedOrigins) ? v.allowedOrigins : null }));
}

/** One pattern per line (or comma-separated); blank: null, the flow's site. @param {string} text */
export function parseOrigins(text) {
  const list = text.split(/[\n,]/).map((s) => s.trim()).filter(Boolean);
  return list.length ? list : null;
}

/** @returns {Promise<Record<string, Usage>>} */
async function loadUsage() {
  if (await supports('GET', '/api/env-usage')) {
    const usage = await get('/api/env-usage');
    return Object.fromEntries(Object.entries(usage).map(([k, u]) => [k, { ...u, exact: true }]));
  }
  /** @type {Record<string, Usage>} */
  const out = {};
  for (const f of (await get(`/api/flows${query({ limit: SCAN })}`)).flows) {
    for (const k of f.envVars) {
      const u = (out[k] ??= { flowCount: 0, recentFlows: [], exact: false });
      u.flowCount++;
      if (u.recentFlows.length < 3) u.recentFlows.push({ id: f.id, name: f.name });
    }
  }
  return out;
}

export function EnvVars() {
  const entries = useAsync(loadEntries, []);
  const usage = useAsync(loadUsage, []);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [origins, setOrigins] = useState('');
  const [kind, setKind] = useState('plain');
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [failure, setFailure] = useState(/** @type {any} */ (null));
  const [confirming, setConfirming] = useState('');

  /** @param {Event} e */
  const save = async (e) => {
    e.preventDefault();
    setFailure(null);
    setErrors({});
    if (!key.trim()) { setErrors({ key: 'is required' }); return; }
    try {
      await post(`/api/env/${encodeURIComponent(key.trim())}`, { value, kind, allowedOrigins: parseOrigins(origins) });
      announce(`Saved ${key.trim()}`);
      setKey('');
      setValue('');
      setOrigins('');
      setKind('plain');
      await entries.reload();
    } catch (err) {
      setErrors(err instanceof ApiError ? err.fieldErrors() : {});
      setFailure(err);
    }
  };
  /** @param {string} k */
  const remove = async (k) => {
    if (confirming !== k) { setConfirming(k); return; }
    setConfirming('');
    try {
      await del(`/api/env/${encodeURIComponent(k)}`);
      announce(`Deleted ${k}`);
      await entries.reload();
    } catch (err) {
      setFailure(err);
    }
  };

  const list = entries.data ?? [];
  const exact = Object.values(usage.data ?? {}).some((u) => u.exact);
  return html`<section class="card" aria-labelledby="env-h">
    <h2 id="env-h">Environment variables</h2>
    <p class="hint">Flows use them as \${NAME}; the values stay on the service and are never shown here, in logs or to the model. A value is typed or sent only to the sites it may be used on.</p>
    <${Alert} error=${entries.error} />
    ${list.length ? html`<div class="table-wrap"><table class="grid" aria-label="Environment variables">
      <thead><tr><th scope="col">Name</th><th scope="col">Value</th><th scope="col">${exact ? 'Used by' : `Used by (last ${SCAN} flows)`}</th><th scope="col">Used on</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${list.map(({ name: k, kind: kk, allowedOrigins }) => {
        const u = usage.data?.[k];
        return html`<tr>
          <td><code>${k}</code></td>
          <td><span class="masked" aria-hidden="true">••••••••</span><span class="sr-only">hidden</span>${kk === 'totp' ? html` <span class="small muted">TOTP</span>` : ''}</td>
          <td class="small">${!u || !u.flowCount ? html`<span class="muted">${usage.data ? 'no flow' : '…'}</span>` : html`${u.flowCount} flow${u.flowCount === 1 ? '' : 's'}:
            <ul class="inline-list">${u.recentFlows.map((f) => html`<li><a href=${`/flows/${f.id}`}>${f.name}</a></li>`)}${u.flowCount > u.recentFlows.length ? html`<li class="muted">+${u.flowCount - u.recentFlows.length} more</li>` : ''}</ul>`}</td>
          <td class="small">${allowedOrigins ? allowedOrigins.map((o, i) => html`${i ? ', ' : ''}<code>${o}</code>`) : html`<span class="muted">the flow's site</span>`}</td>
          <td class="row-actions">
            <button type="button" class="btn btn-small btn-ghost" aria-label=${`Replace the value of ${k}`} onClick=${() => { setKey(k); setValue(''); setKind(kk); setOrigins((allowedOrigins ?? []).join('\n')); document.getElementById('env-value')?.focus(); }}>Replace</button>
            <button type="button" class="btn btn-small btn-ghost btn-danger" aria-label=${confirming === k ? `Confirm deleting ${k}` : `Delete ${k}`}
              onClick=${() => remove(k)} onBlur=${() => setConfirming('')}>${confirming === k ? 'Confirm delete' : 'Delete'}</button>
          </td>
        </tr>`;
      })}</tbody>
    </table></div>` : entries.data ? html`<p class="muted small">No variable yet.</p>` : ''}
    <form class="form subform" onSubmit=${save} aria-labelledby="env-form-h">
      <h3 id="env-form-h" class="subhead">Add or replace a variable</h3>
      <div class="grid-2">
        <${Field} id="env-key" label="Name" required error=${errors.key} hint="Letters, digits and _, not starting with a digit.">
          <input type="text" autocomplete="off" spellcheck="false" class="mono" ...${describedBy('env-key', errors.key, true)} value=${key}
            onInput=${(/** @type {any} */ e) => setKey(e.currentTarget.value)} />
        <//>
        <${Field} id="env-value" label="Value" error=${errors.value}>
          <input type="password" autocomplete="new-password" ...${describedBy('env-value', errors.value)} value=${value}
            onInput=${(/** @type {any} */ e) => setValue(e.currentTarget.value)} />
        <//>
        <${Field} id="env-kind" label="Kind" error=${errors.kind} hint="A TOTP secret types its current 2FA code.">
          <select ...${describedBy('env-kind', errors.kind, true)} value=${kind} onChange=${(/** @type {any} */ e) => setKind(e.currentTarget.value)}>
            <option value="plain">Value</option><option value="totp">TOTP secret</option>
          </select>
        <//>
      </div>
      <${Field} id="env-origins" label="Used on (allowed origins)" wide error=${originsError(errors)}
        hint=${html`One per line: <code>https://acme.com</code>, <code>https://*.acme.com</code> for its subdomains, <code>http://127.0.0.1:8080</code>, or <code>*</code> for anywhere. Empty: the site of the flow that uses it (its targetWebsite's origin).`}>
        <textarea rows="3" class="mono" spellcheck="false" ...${describedBy('env-origins', originsError(errors), true)} value=${origins}
          onInput=${(/** @type {any} */ e) => setOrigins(e.currentTarget.value)}></textarea>
      <//>
      <${Alert} error=${failure} shown=${Object.keys(errors)} />
      <div class="actions"><button type="submit" class="btn btn-primary">Save variable</button></div>
    </form>
  </section>`;
}

/** The first error about allowedOrigins, naming the line of a bad pattern. @param {Record<string, string>} errors */
function originsError(errors) {
  const key = Object.keys(errors).find((k) => k === 'allowedOrigins' || k.startsWith('allowedOrigins['));
  if (!key) return undefined;
  const index = /\[(\d+)\]/.exec(key);
  return index ? `pattern ${Number(index[1]) + 1}: ${errors[key]}` : errors[key];
}

// Settings: which GPT configuration each agent uses (flow-runner drives
// AUTONOMOUS flows; plugins may add agents).

/** @param {{ configNames: string[] }} props */
export function Agents({ configNames }) {
  const agents = useAsync(async () => /** @type {Record<string, string | null>} */ (await get('/api/agents')), [configNames.join('\n')]);
  const [error, setError] = useState(/** @type {any} */ (null));

  /** @param {string} agent @param {string} value */
  const assign = async (agent, value) => {
    setError(null);
    try {
      await post(`/api/agents/${encodeURIComponent(agent)}`, { gptConfigName: value || null });
      announce(value ? `${agent} uses ${value}` : `${agent} has no configuration`);
      await agents.reload();
    } catch (err) {
      setError(err);
    }
  };

  return html`<section class="card" aria-labelledby="agents-h">
    <h2 id="agents-h">Agents</h2>
    <p class="hint">Agents make decisions in flows. <code>flow-runner</code> drives AUTONOMOUS flows.</p>
    <${Alert} error=${agents.error || error} />
    <ul class="agent-list">
      ${Object.entries(agents.data ?? {}).map(([agent, config]) => html`<li>
        <code class="agent-name">${agent}</code>
        <select id=${`agent-${agent}`} aria-label=${`GPT configuration for ${agent}`} value=${config ?? ''}
          onChange=${(/** @type {any} */ e) => assign(agent, e.currentTarget.value)}>
          <option value="">None</option>
          ${[...new Set([...configNames, ...(config ? [config] : [])])].map((n) => html`<option value=${n}>${n}</option>`)}
        </select>
      </li>`)}
    </ul>
  </section>`;
}

// Settings: browser profiles (log in once). The service never answers a
// cookie or storage value: the table shows what each profile is, and one can
// be deleted. Flows save them (`saveProfileAs`) and start from them.

/** @typedef {import('../lib/api-records.js').ProfileSummary} ProfileSummary */

/** @returns {Promise<ProfileSummary[] | null>} null when the service has no profiles. */
async function loadProfiles() {
  return (await supports('GET', '/api/profiles')) ? get('/api/profiles') : null;
}

/** @param {number | null} ms */
const when = (ms) => (ms === null ? 'session only' : new Date(ms).toLocaleString());

export function Profiles() {
  const profiles = useAsync(loadProfiles, []);
  const [confirming, setConfirming] = useState('');
  const [failure, setFailure] = useState(/** @type {any} */ (null));

  /** @param {string} name */
  const remove = async (name) => {
    if (confirming !== name) { setConfirming(name); return; }
    setConfirming('');
    try {
      await del(`/api/profiles/${encodeURIComponent(name)}`);
      announce(`Deleted profile ${name}`);
      await profiles.reload();
    } catch (err) {
      setFailure(err);
    }
  };

  if (profiles.data === null) return '';
  const list = profiles.data ?? [];
  return html`<section class="card" aria-labelledby="profiles-h">
    <h2 id="profiles-h">Browser profiles</h2>
    <p class="hint">Cookies and local storage a flow saved (Save as profile) to start other flows signed in. Values are never shown.</p>
    <${Alert} error=${profiles.error ?? failure} />
    ${list.length ? html`<div class="table-wrap"><table class="grid" aria-label="Browser profiles">
      <thead><tr><th scope="col">Name</th><th scope="col">Sites</th><th scope="col">Cookies</th><th scope="col">First expiry</th><th scope="col">Saved by</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
      <tbody>${list.map((p) => html`<tr>
        <td><code>${p.name}</code></td>
        <td class="small">${p.origins.join(', ') || html`<span class="muted">none</span>`}</td>
        <td>${p.cookieCount}${p.localStorageCount ? html` <span class="muted small">(+${p.localStorageCount} stored)</span>` : ''}</td>
        <td class="small">${when(p.earliestCookieExpiry)}</td>
        <td class="small">${p.flowId ? html`<a href=${`/flows/${p.flowId}`}>a flow</a>` : 'imported'}</td>
        <td class="row-actions">
          <button type="button" class="btn btn-small btn-ghost btn-danger" aria-label=${confirming === p.name ? `Confirm deleting profile ${p.name}` : `Delete profile ${p.name}`}
            onClick=${() => remove(p.name)} onBlur=${() => setConfirming('')}>${confirming === p.name ? 'Confirm delete' : 'Delete'}</button>
        </td>
      </tr>`)}</tbody>
    </table></div>` : profiles.data ? html`<p class="muted small">No profile yet. A flow saves one with "Save as profile".</p>` : ''}
  </section>`;
}
