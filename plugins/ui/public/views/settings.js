// Settings: GPT configurations, environment variables, browser profiles and agent assignments.

import { html } from 'htm/preact';
import { useTitle } from '../components/ui.js';
import { GptConfigs } from './settings-gpt.js';
import { EnvVars } from './settings-env.js';
import { Agents } from './settings-agents.js';
import { Profiles } from './settings-profiles.js';
import { useAsync } from '../components/ui.js';
import { get } from '../lib/api.js';

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
