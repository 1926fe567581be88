// Settings: browser profiles (log in once). The service never answers a
// cookie or storage value: the table shows what each profile is, and one can
// be deleted. Flows save them (`saveProfileAs`) and start from them.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { del, get, supports } from '../lib/api.js';
import { Alert, announce, useAsync } from '../components/ui.js';

/** @typedef {import('../lib/types.js').ProfileSummary} ProfileSummary */

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
