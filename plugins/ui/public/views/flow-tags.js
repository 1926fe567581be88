// A finished flow's tags in its view: chips, and "Edit tags" to replace them
// (PUT /api/flows/{id}/tags). A live flow shows its tags read-only.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { request } from '../lib/api.js';
import { isLive } from '../lib/format.js';
import { Alert, announce } from '../components/ui.js';
import { TagChips, splitTags } from '../components/tag-chips.js';

/** @param {{ flow: import('../lib/api-records.js').Flow }} props */
export function FlowTags({ flow }) {
  const [tags, setTags] = useState(flow.tags ?? []);
  const [editing, setEditing] = useState(/** @type {string | null} */ (null));
  const [error, setError] = useState(/** @type {any} */ (null));
  /** @param {Event} e */
  const save = async (e) => {
    e.preventDefault();
    try {
      const res = await request('PUT', `/api/flows/${flow.id}/tags`, { tags: splitTags(editing ?? '') });
      setTags(res.tags);
      setEditing(null);
      setError(null);
      announce('Tags saved');
    } catch (err) { setError(err); }
  };
  if (editing !== null) {
    return html`<form class="filters tags-edit" onSubmit=${save}>
      <label class="inline-field">Tags <input value=${editing} placeholder="smoke, checkout" onInput=${(/** @type {any} */ e) => setEditing(e.currentTarget.value)} /></label>
      <button type="submit" class="btn btn-small btn-primary">Save tags</button>
      <button type="button" class="btn btn-small" onClick=${() => { setEditing(null); setError(null); }}>Cancel</button>
      <${Alert} error=${error} />
    </form>`;
  }
  return html`<div class="flow-tags"><${TagChips} tags=${tags} />
    ${isLive(flow.state) ? '' : html`<button type="button" class="btn btn-small btn-ghost" onClick=${() => setEditing(tags.join(', '))}>${tags.length ? 'Edit tags' : 'Add tags'}</button>`}</div>`;
}
