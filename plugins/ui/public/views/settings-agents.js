// Settings: which GPT configuration each agent uses (flow-runner drives
// AUTONOMOUS flows; plugins may add agents).

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { get, post } from '../lib/api.js';
import { Alert, announce, useAsync } from '../components/ui.js';

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
