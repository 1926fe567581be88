// Export of a finished flow: Rerun it deterministically, save it as a
// deterministic flow under a new name, download its Playwright test or a
// zipped project, copy the curl command that creates it.

import { html } from 'htm/preact';
import { useState } from 'preact/hooks';
import { download, get, post, query } from '../lib/api.js';
import { slug } from '../lib/format.js';
import { rerunPlan } from '../lib/create-body.js';
import { navigate } from '../lib/router.js';
import { Alert, Dialog, Field, announce, describedBy } from '../components/ui.js';
import { FlowArtifacts } from './flow-artifacts.js';

/** @typedef {import('../lib/types.js').Flow} Flow */
/** @typedef {import('../lib/types.js').ToolCall} ToolCall */

/**
 * The CreateFlow body that makes this flow again.
 * @param {Flow} f
 */
export function createBodyOf(f) {
  /** @type {Record<string, unknown>} */
  const body = { name: f.name, targetWebsite: f.targetWebsite, initialRunMode: f.initialRunMode };
  if (f.overallObjective) body.overallObjective = f.overallObjective;
  body.browser = f.browser;
  if (f.envVars.length) body.envVars = f.envVars;
  if (f.toolCallsOnStart.length) body.toolCallsOnStart = f.toolCallsOnStart;
  if (f.customTools.length) body.customTools = f.customTools;
  body.maxToolCalls = f.maxToolCalls;
  if (f.hasGptConfigNameOverride && f.gptConfigName) body.gptConfigNameOverride = f.gptConfigName;
  if (f.profile) body.profile = f.profile;
  if (f.saveProfileAs) body.saveProfileAs = f.saveProfileAs;
  return body;
}

/** A curl command for POST /api/flows with `body`, quoted for POSIX shells. @param {unknown} body */
export function curlCommand(body) {
  const json = JSON.stringify(body, null, 2).replace(/'/g, `'\\''`);
  return `curl -s -X POST ${window.location.origin}/api/flows -H 'content-type: application/json' -d '${json}'`;
}

/** @param {{ flow: Flow, calls: ToolCall[] }} props */
export function ExportBar({ flow, calls }) {
  const [busy, setBusy] = useState('');
  const [error, setError] = useState(/** @type {any} */ (null));
  const [saving, setSaving] = useState(false);
  const [curl, setCurl] = useState('');

  /** @param {string} what @param {() => Promise<void>} fn */
  const run = async (what, fn) => {
    setBusy(what);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err);
    } finally {
      setBusy('');
    }
  };
  const plan = rerunPlan(flow, calls);
  const failedFlow = flow.state === 'FAILED';
  /** @param {boolean} onlySuccessful */
  const rerun = (onlySuccessful) => run('rerun', async () => {
    const body = await get(`/api/flows/${flow.id}/rerun${query({ onlySuccessful: onlySuccessful || undefined })}`);
    const created = await post('/api/flows', body);
    navigate(`/flows/${created.id}`);
  });
  const downloadTest = () => run('test', async () => {
    await download(`/api/flows/${flow.id}/code`, `${slug(flow.name)}.spec.mjs`);
    announce('Test downloaded');
  });
  const downloadProject = () => run('project', async () => {
    await download('/api/flows/project', `${slug(flow.name)}-tests.zip`, { method: 'POST', body: { flowIds: [flow.id] } });
    announce('Project downloaded');
  });
  const copyCurl = () => run('curl', async () => {
    const text = curlCommand(createBodyOf(flow));
    try {
      await navigator.clipboard.writeText(text);
      announce('Copied the curl command');
    } catch {
      setCurl(text);
    }
  });

  return html`<div class="export-bar">
    <div class="btn-row" role="group" aria-label="Export">
      ${plan.failed ? html`<button type="button" class="btn btn-primary" disabled=${!!busy} onClick=${() => rerun(false)}
        title=${`The ${plan.passed} steps that passed, then step ${plan.failed}, which failed: the rerun fails where this flow failed`}>Rerun as it ran</button>` : ''}
      <button type="button" class=${`btn${plan.failed ? '' : ' btn-primary'}`} disabled=${!!busy} onClick=${() => rerun(true)}
        title="Run the successful calls again, deterministically">${failedFlow ? `Rerun the ${plan.passed} step${plan.passed === 1 ? '' : 's'} that passed` : 'Rerun'}</button>
      <button type="button" class="btn" disabled=${!!busy} onClick=${() => setSaving(true)}>Save as deterministic flow</button>
      <button type="button" class="btn" disabled=${!!busy} onClick=${downloadTest}>Download test</button>
      <button type="button" class="btn" disabled=${!!busy} onClick=${downloadProject}>Download project</button>
      <button type="button" class="btn" disabled=${!!busy} onClick=${copyCurl}>Copy as curl</button>
      <a class="btn btn-ghost" href=${`/compare?a=${flow.id}`}>Compare with another run</a>
      <a class="btn btn-ghost" href=${`/flows/new?from=${flow.id}`}>Edit as new flow</a>
    </div>
    ${failedFlow ? html`<p class="hint export-note">This flow failed: Download test and Download project replay the ${plan.passed} step${plan.passed === 1 ? '' : 's'} that passed${plan.failed ? `; step ${plan.failed} (${plan.tool}), which failed, is left out` : ''}, and the test is marked as recorded from a failed flow.</p>` : ''}
    <${Alert} error=${error} />
    <${FlowArtifacts} flow=${flow} />
    <${SaveDialog} flow=${flow} open=${saving} onClose=${() => setSaving(false)} />
    <${Dialog} open=${!!curl} title="Copy as curl" onClose=${() => setCurl('')}>
      <p class="hint">The clipboard is not available here: select the command and copy it.</p>
      <textarea class="mono" rows="12" readOnly aria-label="curl command" value=${curl}></textarea>
    <//>
  </div>`;
}

/** @param {{ flow: Flow, open: boolean, onClose: () => void }} props */
function SaveDialog({ flow, open, onClose }) {
  const [name, setName] = useState(`${flow.name} (deterministic)`);
  const [volatile, setVolatile] = useState(false);
  const [noFailover, setNoFailover] = useState(false);
  const [error, setError] = useState(/** @type {any} */ (null));
  const [busy, setBusy] = useState(false);
  const nameError = error?.fieldErrors?.().name;

  /** @param {Event} e */
  const save = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = await get(`/api/flows/${flow.id}/rerun${query({ areElementIdsVolatile: volatile || undefined, disableSelectorFailover: noFailover || undefined, onlySuccessful: true })}`);
      const created = await post('/api/flows', { ...body, name });
      onClose();
      navigate(`/flows/${created.id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return html`<${Dialog} open=${open} title="Save as deterministic flow" onClose=${onClose}>
    <form onSubmit=${save} class="form">
      <p class="hint">Creates and starts a DETERMINISTIC flow from the successful calls of this one, with the selectors they recorded.</p>
      <${Field} id="save-name" label="Name" error=${nameError}>
        <input type="text" ...${describedBy('save-name', nameError)} value=${name} onInput=${(/** @type {any} */ e) => setName(e.currentTarget.value)} />
      <//>
      <label class="check"><input type="checkbox" checked=${volatile} onChange=${(/** @type {any} */ e) => setVolatile(e.currentTarget.checked)} />
        Element ids change between visits (drop id-only selectors)</label>
      <label class="check"><input type="checkbox" checked=${noFailover} onChange=${(/** @type {any} */ e) => setNoFailover(e.currentTarget.checked)} />
        Use only the most specific selector (no failover)</label>
      <${Alert} error=${error} shown=${nameError ? ['name'] : []} />
      <div class="actions"><button type="submit" class="btn btn-primary" disabled=${busy}>Save and run</button></div>
    </form>
  <//>`;
}
