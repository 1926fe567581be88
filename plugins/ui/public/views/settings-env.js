// Settings: environment variables. Values are never shown: the table lists
// names and where each value may be used (allowedOrigins; none: the site of
// the flow that uses it), a value can be replaced but not read back. "Used
// by" comes from the service when it can tell (docs/ui-api-needs.md), else
// from the most recent flows.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { ApiError, del, get, post, query, supports } from '../lib/api.js';
import { Alert, Field, announce, describedBy, useAsync } from '../components/ui.js';

/** @typedef {{ flowCount: number, recentFlows: Array<{ id: string, name: string }>, exact: boolean }} Usage */

/** How many recent flows the fallback usage count reads. */
const SCAN = 100;

/** @typedef {{ name: string, allowedOrigins: string[] | null }} EnvEntry */

/**
 * The stored variables and where each may be used; the masked listing is
 * used when the service has it (its entries carry `allowedOrigins`).
 * @returns {Promise<EnvEntry[]>}
 */
async function loadEntries() {
  const masked = await supports('GET', '/api/env', 'masked');
  const list = await get(masked ? '/api/env?masked=true' : '/api/env');
  return Object.entries(list).map(([name, v]) => ({ name, allowedOrigins: v && typeof v === 'object' && Array.isArray(v.allowedOrigins) ? v.allowedOrigins : null }));
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
      await post(`/api/env/${encodeURIComponent(key.trim())}`, { value, allowedOrigins: parseOrigins(origins) });
      announce(`Saved ${key.trim()}`);
      setKey('');
      setValue('');
      setOrigins('');
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
      <tbody>${list.map(({ name: k, allowedOrigins }) => {
        const u = usage.data?.[k];
        return html`<tr>
          <td><code>${k}</code></td>
          <td><span class="masked" aria-hidden="true">••••••••</span><span class="sr-only">hidden</span></td>
          <td class="small">${!u || !u.flowCount ? html`<span class="muted">${usage.data ? 'no flow' : '…'}</span>` : html`${u.flowCount} flow${u.flowCount === 1 ? '' : 's'}:
            <ul class="inline-list">${u.recentFlows.map((f) => html`<li><a href=${`/flows/${f.id}`}>${f.name}</a></li>`)}${u.flowCount > u.recentFlows.length ? html`<li class="muted">+${u.flowCount - u.recentFlows.length} more</li>` : ''}</ul>`}</td>
          <td class="small">${allowedOrigins ? allowedOrigins.map((o, i) => html`${i ? ', ' : ''}<code>${o}</code>`) : html`<span class="muted">the flow's site</span>`}</td>
          <td class="row-actions">
            <button type="button" class="btn btn-small btn-ghost" aria-label=${`Replace the value of ${k}`} onClick=${() => { setKey(k); setValue(''); setOrigins((allowedOrigins ?? []).join('\n')); document.getElementById('env-value')?.focus(); }}>Replace</button>
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
