// Flow view (/flows/{id}): the heading, the run controls (and the Instruct
// console) or the export actions, the list of steps (one per tool call) and
// the viewer (live frame, each step before and after, video synced to the
// steps). Keys: j / k (or arrows in the list) next and previous step, space
// play or pause, f first failure. Its parts follow in this order: the view,
// the export bar, the run control, the Instruct console, the viewer and
// Picture (which Compare uses too), then the results and recordings.
// One module for the view and its parts: they always load together, and the
// UI's JavaScript budget (60 KB gzipped) pays for each file's own compression
// (one module is 2.8 KB smaller than six).

import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useComputed, useSignal } from '@preact/signals';
import { callDuration, flowDuration, formatCost, formatDuration, formatNumber, formatTime, isLive, keyParams, slug, maskParams } from '../lib/format.js';
import { useFlowStore, imageUrl } from '../lib/flow-store.js';
import { place, setQuery, navigate } from '../lib/router.js';
import { Alert, ModeBadge, StateBadge, useTitle, Dialog, Field, announce, describedBy, useAsync } from '../components/ui.js';
import { FlowTags } from './flow-tags.js';
import { download, get, post, query, ApiError, loadTools } from '../lib/api.js';
import { rerunPlan } from '../lib/create-body.js';
import { SchemaForm, toParams } from '../components/schema-form.js';

/** @typedef {import('../lib/api-records.js').ToolCall} ToolCall */
/** @typedef {import('../lib/api-records.js').Flow} Flow */

/**
 * A call's outcome; `cut`: interrupted by a cancel or a stop, which says nothing about the call itself.
 * @param {ToolCall} c @returns {'ok' | 'fail' | 'run' | 'cut'}
 */
export const outcomeOf = (c) => (!c.outcome ? 'run' : c.outcome.success ? 'ok' : c.outcome.message.startsWith('Interrupted:') ? 'cut' : 'fail');
const OUTCOME_TEXT = { ok: 'succeeded', fail: 'failed', run: 'running', cut: 'interrupted' };
const OUTCOME_ICON = { ok: '✓', fail: '✕', run: '●', cut: '■' };
const SOURCE = /** @type {Record<string, string>} */ ({ LLM: 'model', USER: 'you', ON_START: '' });

/** The query string with one change, for step links (filters stay). @param {string} key @param {string} value */
function withParam(key, value) {
  const q = new URLSearchParams(place.value.query);
  q.set(key, value);
  return `?${q}`;
}

/** @param {{ call: ToolCall, n: number, selected: boolean, playing: boolean, focusable: boolean, flow: Flow }} props */
function StepItem({ call, n, selected, playing, focusable, flow }) {
  const o = outcomeOf(call);
  const who = SOURCE[call.source];
  const tokens = call.tokenUsage?.totalTokens;
  const { used, how } = usedTarget(call, flow, n);
  const logs = call.console?.length ?? 0;
  const reqs = call.network?.length ?? 0;
  // One Tab stop for the whole list (the selected step, else the first): arrow keys move inside it.
  return html`<li class=${`step step-${o}${playing ? ' is-playing' : ''}`}>
    <a class="step-link" href=${withParam('step', String(n))} data-replace="true" data-step=${n} aria-current=${selected ? 'step' : undefined} tabindex=${focusable ? 0 : -1}>
      <span class="step-num">${n}</span>
      <span class="step-body">
        <span class="step-line"><span class="tool-name">${call.name}</span>${who ? html`<span class="chip">${who}</span>` : ''}${how ? html`<span class="chip chip-warn">${how}</span>` : ''}</span>
        <span class="step-params mono">${keyParams(used ? { name: call.name, parameters: { ...call.parameters, selector: used } } : call)}</span>
        ${o === 'fail' || o === 'cut' ? html`<span class="step-msg">${call.outcome?.message}</span>` : ''}
      </span>
      <span class="step-meta">
        <span class=${`outcome outcome-${o}`} aria-hidden="true">${OUTCOME_ICON[o]}</span><span class="sr-only">, ${OUTCOME_TEXT[o]}, </span>
        <span>${o === 'run' ? '…' : formatDuration(callDuration(call))}</span>
        ${tokens ? html`<span class="muted">${formatNumber(tokens)} tok</span>` : ''}
        ${logs || reqs ? html`<span class="text-warn">${[logs && `${logs} console`, reqs && `${reqs} network`].filter(Boolean).join(' · ')}</span>` : ''}
      </span>
    </a>
  </li>`;
}

/** Re-renders every second while `on` (live durations move with the clock; nothing is fetched). @param {boolean} on */
export function useTick(on) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!on) return undefined;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [on]);
}

/** @param {{ flow: Flow, calls: ToolCall[] }} props */
function FlowHead({ flow, calls }) {
  const failed = flow.result?.error;
  const cost = formatCost(flow.costUsd);
  useTick(isLive(flow.state));
  return html`<div class="flow-head">
    <div class="title-row">
      <h1>${flow.name}</h1>
      <${StateBadge} state=${flow.state} nextState=${flow.nextState} waitingFor=${flow.waitingFor} code=${failed?.code} />
      <${ModeBadge} mode=${flow.runMode} initial=${flow.initialRunMode} />
    </div>
    <p class="meta">
      <a href=${flow.targetWebsite} target="_blank" rel="noreferrer noopener" class="mono">${flow.targetWebsite}</a>
      <span>Started ${formatTime(flow.startedAt)}</span>
      <span class="duration">${formatDuration(flowDuration(flow))}</span>
      <span>${calls.length} / ${flow.maxToolCalls} steps</span>
      <span title=${`${formatNumber(flow.tokenUsage.inputTokens)} in, ${formatNumber(flow.tokenUsage.outputTokens)} out`}>${formatNumber(flow.tokenUsage.totalTokens)} tokens${cost ? ` · ${cost}` : ''}</span>
    </p>
    <${FlowTags} key=${flow.id} flow=${flow} />
    ${flow.allowedOrigins?.length ? html`<p class="meta"><span class="muted">May go to</span> ${flow.allowedOrigins.map((o, i) => html`${i ? ', ' : ''}<code>${o}</code>`)}</p>` : ''}
    ${flow.waitingFor ? html`<p class="waiting" role="status">Waiting for ${flow.waitingFor}</p>` : ''}
    ${flow.overallObjective ? html`<p class="objective"><span class="muted">Objective</span> ${flow.overallObjective}</p>` : ''}
    ${flow.result ? html`<p class=${`result ${failed ? 'result-fail' : 'result-ok'}`}>
      ${failed ? html`<strong>${failed.code}</strong> ${failed.message}` : flow.result.summary || 'Succeeded'}
    </p>` : ''}
  </div>`;
}

/** @param {{ id: string }} props */
export function FlowView({ id }) {
  const store = useFlowStore(id);
  const flow = store.flow.value;
  const calls = store.calls.value;
  const q = place.value.query;
  const toolFilter = q.get('tool') ?? '';
  const outcomeFilter = q.get('outcome') ?? '';
  const stepParam = Number(q.get('step') ?? 0);
  const selected = stepParam >= 1 && stepParam <= calls.length ? stepParam : 0;
  const list = useRef(/** @type {HTMLOListElement | null} */ (null));
  /** A point of the live frame the user clicked, for the Instruct console (fractions of the picture). */
  const pick = useSignal(/** @type {{ fx: number, fy: number, w: number, h: number } | null} */ (null));
  useTitle(flow?.name ?? 'Flow');

  const visible = useComputed(() => store.calls.value.map((c, i) => ({ c, n: i + 1 })));
  const shown = visible.value.filter(({ c }) => (!toolFilter || c.name === toolFilter) && (!outcomeFilter || outcomeOf(c) === outcomeFilter));
  // An interrupted step (a cancel) is not a failure to jump to.
  const firstFailure = calls.findIndex((c) => outcomeOf(c) === 'fail') + 1;
  const sync = useVideoSync(flow, calls);

  /** Scrolls the list (not the page) so step n's item is in it; returns the item. @param {number} n */
  const keepInList = (n) => {
    const l = list.current;
    const el = /** @type {HTMLElement | null | undefined} */ (l?.querySelector(`[data-step="${n}"]`));
    if (!l || !el) return null;
    const r = el.getBoundingClientRect();
    const lr = l.getBoundingClientRect();
    if (r.top < lr.top) l.scrollTop -= lr.top - r.top;
    else if (r.bottom > lr.bottom) l.scrollTop += r.bottom - lr.bottom;
    return el;
  };

  /** Selects step n (1-based), focusing its link so keyboard and screen reader follow. @param {number} n @param {boolean} [focus] */
  const select = (n, focus = true) => {
    setQuery({ step: String(n) });
    if (focus) {
      requestAnimationFrame(() => {
        const el = keepInList(n);
        el?.focus({ preventScroll: true });
        // The page scrolls only when the list itself is out of the window (a phone's layout).
        const r = el?.getBoundingClientRect();
        if (r && (r.top < 0 || r.bottom > window.innerHeight)) el?.scrollIntoView({ block: 'nearest' });
      });
    }
  };
  // Playback selects the step it reaches (without seeking back).
  sync.onStep.current = (n) => select(n, false);

  // The step being played stays in view inside the list (the page itself does not scroll: the video stays where it is).
  const playing = sync.playingStep.value;
  useEffect(() => { if (playing) keepInList(playing); }, [playing]);

  // Any other selection (link, keys, jump) seeks the video to the step.
  useEffect(() => {
    if (!selected || sync.drivenTo(selected)) return;
    sync.seekToStep(selected);
    if (sync.tab.value !== 'video') sync.tab.value = 'shot';
  }, [selected, calls.length > 0]);

  const jumpToFailure = () => {
    if (!firstFailure) return;
    const hidden = !shown.some(({ n }) => n === firstFailure);
    if (hidden) setQuery({ tool: null, outcome: null });
    select(firstFailure);
  };

  useEffect(() => {
    /** @param {KeyboardEvent} e */
    const onKey = (e) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const t = /** @type {HTMLElement} */ (e.target);
      if (t.closest('input, textarea, select, [contenteditable], dialog')) return;
      const order = shown.map(({ n }) => n);
      // The step selected now, from the address (select() writes it at once), not from the last render:
      // two keys pressed before the page re-renders move two steps, not one.
      const at = order.indexOf(Number(new URLSearchParams(window.location.search).get('step')));
      // Arrow keys, Home and End inside the steps list; j / k anywhere.
      const inList = !!list.current?.contains(t);
      const step = e.key === 'j' || (inList && e.key === 'ArrowDown') ? 1 : e.key === 'k' || (inList && e.key === 'ArrowUp') ? -1 : 0;
      if (inList && (e.key === 'Home' || e.key === 'End') && order.length) {
        e.preventDefault();
        select(e.key === 'Home' ? order[0] : order[order.length - 1]);
      } else if (step) {
        if (!order.length) return;
        e.preventDefault();
        const next = at < 0 ? (step > 0 ? order[0] : order[order.length - 1]) : order[Math.max(0, Math.min(order.length - 1, at + step))];
        select(next);
      } else if (e.key === ' ' && !t.closest('button, summary, [role="tab"], video')) {
        e.preventDefault();
        sync.toggle();
      } else if (e.key === 'f') {
        e.preventDefault();
        jumpToFailure();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (store.error.value) {
    const e = /** @type {any} */ (store.error.value);
    return html`<div class="page"><h1>${e.code === 'FLOW_NOT_FOUND' ? 'Flow not found' : 'The flow could not be loaded'}</h1><${Alert} error=${e} />
      <p><a href="/">Back to the flows</a></p></div>`;
  }
  if (!flow) return html`<div class="page"><p class="muted" role="status">Loading the flow…</p></div>`;

  const live = isLive(flow.state);
  // The console sits under the steps, so the live frame stays in view while you compose the next call.
  const instructing = live && flow.runMode === 'INSTRUCT';
  const tools = [...new Set(calls.map((c) => c.name))].sort();
  const call = selected ? calls[selected - 1] : null;

  return html`<div class="page page-wide">
    <${FlowHead} flow=${flow} calls=${calls} />
    ${live ? html`<${LiveControls} store=${store} />` : html`<${ExportBar} flow=${flow} calls=${calls} />`}
    <div class=${`flow-grid${instructing ? ' with-console' : ''}`}>
      <div class="left-col">
      <section class="steps-pane" aria-labelledby="steps-heading">
        <div class="pane-head">
          <h2 id="steps-heading">Steps <span class="muted">${shown.length === calls.length ? calls.length : `${shown.length} of ${calls.length}`}</span></h2>
          <button type="button" class="btn btn-small" onClick=${jumpToFailure} disabled=${!firstFailure} aria-keyshortcuts="f">Jump to first failure</button>
        </div>
        <div class="pane-filters">
          <select aria-label="Filter by tool" value=${toolFilter} onChange=${(/** @type {any} */ e) => setQuery({ tool: e.currentTarget.value })}>
            <option value="">All tools</option>
            ${tools.map((t) => html`<option value=${t}>${t}</option>`)}
          </select>
          <select aria-label="Filter by outcome" value=${outcomeFilter} onChange=${(/** @type {any} */ e) => setQuery({ outcome: e.currentTarget.value })}>
            <option value="">All outcomes</option><option value="ok">Succeeded</option><option value="fail">Failed</option><option value="cut">Interrupted</option><option value="run">Running</option>
          </select>
        </div>
        <ol class="steps" aria-label="Steps" ref=${list} aria-keyshortcuts="j k ArrowDown ArrowUp Home End">
          ${shown.map(({ c, n }, i) => html`<${StepItem} key=${c.id} call=${c} n=${n} flow=${flow} selected=${n === selected} playing=${n === playing}
            focusable=${shown.some((s) => s.n === selected) ? n === selected : i === 0} />`)}
        </ol>
        ${!calls.length ? html`<p class="muted small pad">${live ? 'No step yet. Steps appear here as they run.' : 'This flow ran no tool call.'}</p>`
          : !shown.length ? html`<p class="muted small pad">No step matches the filters.</p>` : ''}
        <p class="muted small pad keys-hint"><kbd>j</kbd> <kbd>k</kbd> or <kbd>↓</kbd> <kbd>↑</kbd> move · <kbd>space</kbd> play · <kbd>f</kbd> first failure</p>
      </section>
      ${instructing ? html`<${InstructConsole} store=${store} pick=${pick} />` : ''}
      </div>
      <div class="viewer-pane">
        <${Viewer} store=${store} call=${call} n=${selected} sync=${sync} live=${live} calls=${calls} onPick=${instructing ? (/** @type {any} */ p) => { pick.value = p; } : null} />
      </div>
    </div>
  </div>`;
}

// Export of a finished flow: Rerun it deterministically, save it as a
// deterministic flow under a new name, download its Playwright test or a
// zipped project, copy the curl command that creates it.

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

/** What the bars' actions share: what runs now (one at a time) and the last refusal. */
function useRun() {
  const [busy, setBusy] = useState('');
  const [error, setError] = useState(/** @type {any} */ (null));
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
  return { busy, error, run };
}

/** @param {{ flow: Flow, calls: ToolCall[] }} props */
export function ExportBar({ flow, calls }) {
  const { busy, error, run } = useRun();
  const [saving, setSaving] = useState(false);
  const [curl, setCurl] = useState('');
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
  const { busy, error, run } = useRun();
  const nameError = error?.fieldErrors?.().name;

  /** @param {Event} e */
  const save = (e) => {
    e.preventDefault();
    void run('save', async () => {
      const body = await get(`/api/flows/${flow.id}/rerun${query({ areElementIdsVolatile: volatile || undefined, disableSelectorFailover: noFailover || undefined, onlySuccessful: true })}`);
      const created = await post('/api/flows', { ...body, name });
      onClose();
      navigate(`/flows/${created.id}`);
    });
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

// Run control of a live flow: Pause, Resume, Cancel (asked once more: it
// ends the flow) and the Mode switch. A switch to Autonomous that needs a
// model offers the GPT configurations to run with. Each answer is the
// flow's new metadata; the event stream confirms it.

/** Whether a refused switch to Autonomous only lacks a GPT configuration. @param {any} err */
const needsModel = (err) => err?.code === 'INVALID_REQUEST' && /gptConfigNameOverride|GPT configuration/.test(err.message);

/** @param {{ store: import('../lib/flow-store.js').FlowStore }} props */
export function LiveControls({ store }) {
  const flow = /** @type {import('../lib/api-records.js').Flow} */ (store.flow.value);
  const { busy, error, run } = useRun();
  /** GPT configuration names to pick from, once a switch needed one. */
  const [models, setModels] = useState(/** @type {string[] | null} */ (null));
  const [model, setModel] = useState('');
  const pausing = flow.nextState === 'PAUSED';
  const paused = flow.state === 'PAUSED';

  /** @param {string} action @param {unknown} [body] @param {string} [done] */
  const act = (action, body, done) => run(action, async () => {
    try {
      const since = store.mark();
      store.setFlow(await post(`/api/flows/${flow.id}/${action}`, body), since);
      setModels(null);
      if (done) announce(done);
    } catch (err) {
      if (!needsModel(err)) throw err;
      const names = Object.keys(await get('/api/gpt-configs').catch(() => ({})));
      setModels(names);
      setModel(names[0] ?? '');
    }
  });
  const cancel = () => {
    // Cancelling ends the flow for good (its browser closes): asked once more.
    if (window.confirm(`Cancel "${flow.name}"? The flow ends now and its browser closes.`)) void act('cancel', undefined, 'Flow cancelled');
  };
  const deterministic = flow.runMode === 'DETERMINISTIC';

  return html`<div class="live-bar">
    <div class="btn-row" role="group" aria-label="Run control">
      <button type="button" class="btn" disabled=${!!busy || paused || pausing} onClick=${() => act('pause', undefined, 'Pause requested: the flow stops after the current action.')}>Pause</button>
      <button type="button" class="btn" disabled=${!!busy || !(paused || pausing)} onClick=${() => act('resume', undefined, 'Resumed')}>Resume</button>
      <button type="button" class="btn btn-danger" disabled=${!!busy} onClick=${cancel}>Cancel</button>
    </div>
    <fieldset class="segmented" disabled=${deterministic || !!busy}>
      <legend>Mode</legend>
      ${['INSTRUCT', 'AUTONOMOUS'].map((m) => html`<label class=${flow.runMode === m ? 'is-on' : ''}>
        <input type="radio" name="run-mode" value=${m} checked=${flow.runMode === m}
          onChange=${() => act('run-mode', { runMode: m }, `Switched to ${m === 'INSTRUCT' ? 'Instruct' : 'Autonomous'}`)} />
        ${m === 'INSTRUCT' ? 'Instruct' : 'Autonomous'}</label>`)}
    </fieldset>
    ${deterministic ? html`<span class="muted small">Deterministic flows run their calls and cannot switch mode.</span>` : ''}
    ${pausing ? html`<span class="muted small" role="status">Pausing after the current action…</span>` : ''}
    ${models ? html`<form class="pick-model" role="group" aria-label="Model for Autonomous" onSubmit=${(/** @type {Event} */ e) => { e.preventDefault(); void act('run-mode', { runMode: 'AUTONOMOUS', gptConfigName: model }, 'Switched to Autonomous'); }}>
      <span>Autonomous needs a model.</span>
      ${models.length ? html`<label class="inline-field">GPT configuration
        <select value=${model} onChange=${(/** @type {any} */ e) => setModel(e.currentTarget.value)}>${models.map((m) => html`<option value=${m}>${m}</option>`)}</select></label>
        <button type="submit" class="btn btn-primary btn-small" disabled=${!!busy}>Switch to Autonomous</button>` : html`<span class="muted">No GPT configuration is stored yet.</span>`}
      <a href="/settings">${models.length ? 'Manage them in Settings' : 'Add one in Settings'}</a>
    </form>` : ''}
    <${Alert} error=${error} />
  </div>`;
}

// The INSTRUCT console: choose a tool, fill the form built from its schema,
// Send. The answer (the call's outcome) and the new frame appear as the call
// completes, from the flow's event stream. Point and act: a click on the
// live frame picks the element there (GET element-at) and fills the
// selector with its candidates; "Test selector" counts what each candidate
// matches on the live page; "Page elements" shows the observation's refs.

/** A tool as the form reads it: its inputSchema a JSON Schema. @typedef {Omit<import('../lib/api-records.js').Tool, 'inputSchema'> & { inputSchema: import('../components/schema-form.js').JsonSchema }} Tool */
/** @typedef {{ fx: number, fy: number, w: number, h: number }} Pick */

/**
 * @param {{ store: import('../lib/flow-store.js').FlowStore, pick: import('@preact/signals').Signal<Pick | null> }} props
 */
export function InstructConsole({ store, pick }) {
  const flow = /** @type {import('../lib/api-records.js').Flow} */ (store.flow.value);
  const builtIn = useAsync(loadTools, []);
  /** @type {Tool[]} */
  const tools = [...(builtIn.data ?? []), ...flow.customTools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }))];
  const [name, setName] = useState('click');
  const [values, setValues] = useState(/** @type {import('../components/schema-form.js').RawValues} */ ({}));
  const [errors, setErrors] = useState(/** @type {Record<string, string>} */ ({}));
  const [error, setError] = useState(/** @type {any} */ (null));
  const looked = useRun();
  const [sent, setSent] = useState(/** @type {string[]} */ ([]));
  const [busy, setBusy] = useState(false);
  /** What was picked or tested, in words. */
  const [found, setFound] = useState(/** @type {string[]} */ ([]));
  const [refs, setRefs] = useState('');
  /** The live page's viewport, learnt from element-at answers (the frame may be larger: a device's pixel ratio). */
  const viewport = useRef(/** @type {{ w: number, h: number } | null} */ (null));
  const tool = tools.find((t) => t.name === name) ?? tools[0];
  const takesSelector = !!tool?.inputSchema.properties?.selector;

  /** A look at the live page; its refusal shows where the answers go. @param {() => Promise<void>} fn */
  const look = (fn) => looked.run('look', fn);

  // A click on the live frame: the element there becomes the target of the next call.
  const point = pick.value;
  useEffect(() => {
    if (!point) return;
    pick.value = null;
    void look(async () => {
      const at = async () => {
        const v = viewport.current ?? { w: point.w, h: point.h };
        return get(`/api/flows/${flow.id}/element-at?x=${Math.round(point.fx * v.w)}&y=${Math.round(point.fy * v.h)}`);
      };
      let answer = await at();
      const box = answer.element?.box;
      if (box && (box.viewportWidth !== (viewport.current?.w ?? point.w))) {
        viewport.current = { w: box.viewportWidth, h: box.viewportHeight };
        answer = await at();
      }
      const el = answer.element;
      if (!el) {
        setFound(['No element there.']);
        return;
      }
      if (!takesSelector) setName('click');
      if (el.selectors.length) setValues((v) => ({ ...(takesSelector ? v : {}), selector: el.selectors.join('\n') }));
      setFound([`Picked ${el.description}${el.selectors.length ? `: ${el.selectors.length} selector${el.selectors.length === 1 ? '' : 's'}, best first` : el.inFrame ? ': inside a frame this driver cannot act in' : ': no selector could be verified'}`]);
    });
  }, [point]);

  const testSelector = () => look(async () => {
    const lines = String(values.selector ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
    if (!lines.length) {
      setFound(['Write a selector first.']);
      return;
    }
    const answers = await Promise.all(lines.map((selector) => post(`/api/flows/${flow.id}/selector-test`, { selector })
      .then((r) => `${selector}: ${r.count === 0 ? 'no element' : `${r.count} element${r.count === 1 ? '' : 's'}`}${r.count ? ` (${r.elements.slice(0, 3).map((/** @type {any} */ e) => e.description).join(', ')}${r.count > 3 ? ', …' : ''})` : ''}`,
        (/** @type {any} */ err) => `${selector}: ${err.message}`)));
    setFound(answers);
  });

  const showRefs = () => look(async () => setRefs((await get(`/api/flows/${flow.id}/observation`)).text));

  /** @param {Event} e */
  const send = async (e) => {
    e.preventDefault();
    if (!tool) return;
    const { params, errors: errs } = toParams(tool.inputSchema, values);
    setErrors(errs);
    setError(null);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      const since = store.mark();
      const answer = await post(`/api/flows/${flow.id}/tool-calls`, { name: tool.name, parameters: params });
      store.setFlow(answer.flow, since);
      setSent((s) => [answer.toolCallId, ...s].slice(0, 5));
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors() : {};
      setErrors(Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith('parameters.')).map(([k, m]) => [k.slice('parameters.'.length).split(/[.[]/)[0], m])));
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const answers = sent.map((id) => store.calls.value.find((c) => c.id === id)).filter((c) => !!c);
  const waiting = flow.state === 'WAITING_ON_USER_FOR_NEXT_ACTION';

  return html`<section class="console" aria-labelledby="console-h">
    <div class="pane-head"><h2 id="console-h">Instruct console</h2>
      <span class="muted small">${waiting ? 'The flow waits for your next action.' : flow.state === 'PAUSED' ? 'Paused: calls you send wait for Resume.' : 'Running: your call is queued.'}</span></div>
    <form class="console-form" onSubmit=${send}>
      <${Field} id="console-tool" label="Tool" hint=${tool?.description}>
        <select ...${describedBy('console-tool', undefined, !!tool?.description)} value=${tool?.name ?? ''}
          onChange=${(/** @type {any} */ e) => { setName(e.currentTarget.value); setValues({}); setErrors({}); }}>
          ${tools.map((t) => html`<option value=${t.name}>${t.name}</option>`)}
        </select>
      <//>
      ${tool ? html`<${SchemaForm} schema=${tool.inputSchema} values=${values} onChange=${setValues} idPrefix="console" errors=${errors} />` : ''}
      <div class="actions">
        <button type="submit" class="btn btn-primary" disabled=${busy || !tool}>Send</button>
        ${takesSelector ? html`<button type="button" class="btn" onClick=${testSelector}>Test selector</button>` : ''}
        <button type="button" class="btn btn-ghost" onClick=${showRefs}>Page elements</button>
      </div>
      <div role="status">${found.length ? html`<ul class="found">${found.map((f) => html`<li>${f}</li>`)}</ul>` : ''}</div>
      <${Alert} error=${error || looked.error} shown=${Object.keys(errors).map((k) => `parameters.${k}`)} />
      ${refs ? html`<details class="refs" open><summary>Page elements (write <code>ref=N</code> as a selector)</summary><pre class="code">${refs}</pre></details>` : ''}
    </form>
    <div class="console-log" role="log" aria-label="Answers" aria-live="polite">
      ${answers.map((c) => html`<p class=${`answer ${!c.outcome ? '' : c.outcome.success ? 'answer-ok' : 'answer-fail'}`}>
        <code class="tool-name">${c.name}</code> <span class="mono muted">${keyParams(c)}</span>
        <span>${!c.outcome ? ' · running…' : ` · ${c.outcome.success ? 'Succeeded' : 'Failed'}: ${c.outcome.message}`}</span>
      </p>`)}
    </div>
  </section>`;
}

// The viewer of the flow view: tabs for the live frame, the selected step's
// screenshot and the video, kept in sync with the steps (selecting a step
// seeks the video; playing the video highlights and selects the current
// step), the selected step's details, and Picture (a screenshot that
// enlarges and zooms, with an element's box marked), which Compare uses too.

/** @typedef {'live' | 'shot' | 'video'} Tab */

/** How many times a video that failed to load is loaded again on its own. */
const VIDEO_RETRIES = 3;

/**
 * Video <-> steps synchronisation. A step's place in the video is its
 * `videoOffsetMs` when the API gives one (docs/ui-api-needs.md); else it is
 * estimated from the end (the recording stops as the flow completes), or
 * from the flow's start.
 * @param {Flow | null} flow
 * @param {ToolCall[]} calls
 */
export function useVideoSync(flow, calls) {
  const video = useRef(/** @type {HTMLVideoElement | null} */ (null));
  const state = useRef({ flow, calls, pending: -1, driven: 0, last: 0 });
  state.current.flow = flow;
  state.current.calls = calls;
  const playingStep = useSignal(0);
  const tab = useSignal(/** @type {Tab | null} */ (null));
  const onStep = useRef((/** @type {number} */ _n) => {});
  /** The video would not load after VIDEO_RETRIES tries: the viewer says so and offers another. */
  const videoFailed = useSignal(false);
  const tries = useRef(0);

  const start = () => {
    const f = state.current.flow;
    const v = video.current;
    if (!f) return 0;
    if (v && Number.isFinite(v.duration) && v.duration > 0 && f.completedAt) return f.completedAt - v.duration * 1000;
    return f.startedAt ?? 0;
  };
  /** Where step n (1-based) begins in the video, in seconds. @param {number} n */
  const offsetOf = (n) => {
    const c = state.current.calls[n - 1];
    if (!c) return 0;
    if (typeof c.videoOffsetMs === 'number') return c.videoOffsetMs / 1000;
    return Math.max(0, (c.startedAt - start()) / 1000);
  };
  /** Seeks to step n now, or once the video's duration is known (the estimate needs it). @param {number} n */
  const seek = (n) => {
    const v = video.current;
    if (v && v.readyState >= 1) {
      const t = offsetOf(n);
      v.currentTime = Number.isFinite(v.duration) ? Math.min(t, Math.max(0, v.duration - 0.05)) : t;
      state.current.pending = -1;
    } else {
      state.current.pending = n;
    }
  };
  return {
    video, playingStep, tab, onStep, videoFailed,
    /** A failed load is tried again a few times (a lost connection, a restarted service) before it is shown as failed. */
    onVideoError() {
      const v = video.current;
      if (!v) return;
      if (tries.current >= VIDEO_RETRIES) {
        videoFailed.value = true;
        return;
      }
      tries.current++;
      setTimeout(() => { if (video.current === v) v.load(); }, 2000 * tries.current);
    },
    retryVideo() {
      tries.current = 0;
      videoFailed.value = false;
      video.current?.load();
    },
    /** Whether step n was selected by playback (no seek back). @param {number} n */
    drivenTo: (n) => state.current.driven === n,
    /** @param {number} n 1-based */
    seekToStep(n) {
      if (!state.current.calls[n - 1]) return;
      state.current.last = n;
      seek(n);
    },
    onLoaded() {
      tries.current = 0;
      if (state.current.pending > 0) seek(state.current.pending);
    },
    /** The estimate depends on the duration: a paused video follows a change of it. */
    onDurationChange() {
      const v = video.current;
      if (v && v.paused && state.current.last && v.readyState >= 1) seek(state.current.last);
    },
    onTimeUpdate() {
      const v = video.current;
      if (!v) return;
      const list = state.current.calls;
      let n = 0;
      for (let i = 0; i < list.length; i++) if (offsetOf(i + 1) <= v.currentTime + 0.001) n = i + 1;
      playingStep.value = n;
      if (!v.paused && n && state.current.driven !== n) {
        state.current.driven = n;
        onStep.current(n);
      }
    },
    toggle() {
      const v = video.current;
      if (!v || !state.current.flow?.hasVideo) return;
      tab.value = 'video';
      if (v.paused) void v.play().catch(() => undefined);
      else v.pause();
    },
  };
}

/** @typedef {ReturnType<typeof useVideoSync>} VideoSync */

/** The selector a step acted on (a recorded fingerprint by name), and how it got there. @param {ToolCall} c @param {Flow} flow @param {number} n */
export function usedTarget(c, flow, n) {
  const used = c.outcome?.selectorUsed;
  const given = c.parameters.selector;
  const first = Array.isArray(given) ? given[0] : given;
  const healed = flow.result?.healed?.find((h) => h.step === n - 1);
  const how = healed ? (typeof healed.kind === 'string' ? `healed: ${healed.kind}` : 'healed') : used && first !== undefined && used !== first ? 'fallback' : '';
  return { used: used?.startsWith('fingerprint=') ? 'the recorded fingerprint' : used, how, healed };
}

/** The page's console messages and failed requests around a step. @param {{ call: ToolCall }} props */
function Activity({ call }) {
  const logs = call.console ?? [];
  const reqs = call.network ?? [];
  const d = call.activityDropped;
  /** @param {string} title @param {any[]} items @param {number | undefined} more */
  const list = (title, items, more) => items.length ? html`<dt>${title}</dt><dd><ul class="activity">${items}</ul>${more ? html`<p class="hint">${more} more not kept.</p>` : ''}</dd>` : '';
  return html`
    ${list('Console', logs.map((e) => html`<li><span class="chip">${e.level === 'pageerror' ? 'page error' : e.level}</span> <span class="mono">${e.text}</span> <span class="muted small">${formatTime(e.at)}</span></li>`), d?.console)}
    ${list('Network', reqs.map((r) => html`<li><span class="chip text-fail">${r.status ?? r.error}</span> <span class="mono">${r.method} ${r.url}</span> <span class="muted small">${formatDuration(r.durationMs)}</span></li>`), d?.network)}`;
}

/** @param {{ call: ToolCall, n: number, flow: Flow }} props */
function StepDetails({ call, n, flow }) {
  const o = call.outcome;
  const given = call.parameters.selector;
  const recorded = o?.selectors ?? [];
  const tokens = call.tokenUsage;
  const cost = formatCost(call.costUsd);
  const { how, healed } = usedTarget(call, flow, n);
  const tried = o?.selectorsTried ?? (given === undefined ? [] : (Array.isArray(given) ? given : [given]).map((s) => ({ selector: String(s), error: null })));
  return html`<section class="step-detail" aria-labelledby="step-detail-h">
    <h2 id="step-detail-h">Step ${n} · <span class="tool-name">${call.name}</span></h2>
    <dl class="kv">
      <dt>Outcome</dt>
      <dd>${!o ? 'Running…' : html`<span class=${o.success ? 'text-ok' : 'text-fail'}>${o.success ? 'Succeeded' : 'Failed'}</span> · ${o.message}`}</dd>
      <dt>Duration</dt><dd>${formatDuration(callDuration(call))} <span class="muted">at ${formatTime(call.startedAt)}</span></dd>
      <dt>Source</dt><dd>${call.source === 'LLM' ? 'Model' : call.source === 'USER' ? 'You (Instruct)' : 'Start-up call'}</dd>
      ${call.pageUrl ? html`<dt>Page</dt><dd class="mono break">${call.pageUrl}</dd>` : ''}
      <dt>Parameters</dt><dd><pre class="code">${JSON.stringify(maskParams(call.parameters), null, 2)}</pre></dd>
      ${tried.length ? html`<dt>Selector</dt><dd>
        ${o?.selectorUsed ? html`<code class="break">${o.selectorUsed}</code>` : html`<span class="muted">none matched</span>`}${how ? html` <span class="chip chip-warn">${how}</span>` : ''}
        ${healed ? html`<p class="hint">${Object.entries(healed).filter(([k]) => k !== 'step').map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' · ')}</p>` : ''}
        <details><summary class="small">${tried.length} candidate${tried.length === 1 ? '' : 's'} tried</summary><ol class="selectors">
        ${tried.map((t) => html`<li>
          <code>${t.selector}</code>${t.error ? html` <span class="text-fail small">${t.error}</span>` : ''}
          ${o?.selectorUsed === t.selector ? html` <span class="chip chip-ok">used</span>` : ''}</li>`)}
      </ol></details></dd>` : ''}
      ${recorded.length ? html`<dt>Recorded selectors</dt><dd><ol class="selectors">
        ${recorded.map((s) => html`<li><code>${s}</code>${o?.selectorUsed === s ? html` <span class="chip chip-ok">used</span>` : ''}</li>`)}
      </ol><p class="hint">Verified candidates, best first: reruns and generated tests try them in this order.</p></dd>` : ''}
      ${call.rationale ? html`<dt>Rationale</dt><dd class="rationale">${call.rationale}</dd>` : ''}
      ${tokens ? html`<dt>Tokens</dt><dd>${formatNumber(tokens.totalTokens)} <span class="muted">(${formatNumber(tokens.inputTokens)} in, ${formatNumber(tokens.outputTokens)} out)</span>${cost ? ` · ${cost}` : ''}</dd>` : ''}
      ${o?.data !== null && o?.data !== undefined ? html`<dt>Data</dt><dd><pre class="code">${JSON.stringify(o.data, null, 2)}</pre></dd>` : ''}
      <${Activity} call=${call} />
    </dl>
  </section>`;
}

/**
 * The picture of the page before step `n` (1-based): the previous step's, else the one taken once the website loaded.
 * @param {Flow} flow @param {ToolCall[]} calls @param {number} n
 */
export function beforeImage(flow, calls, n) {
  const own = new Set(calls.map((c) => c.screenshotImageId));
  let last = flow.imageIds.find((id) => !own.has(id)) ?? null;
  for (const c of calls.slice(0, n - 1)) last = c.screenshotImageId ?? last;
  return last;
}

/**
 * @param {{ store: import('../lib/flow-store.js').FlowStore, call: ToolCall | null, n: number, sync: VideoSync, live: boolean, calls: ToolCall[],
 *   onPick: ((p: { fx: number, fy: number, w: number, h: number }) => void) | null }} props
 */
export function Viewer({ store, call, n, sync, live, calls, onPick }) {
  const flow = /** @type {Flow} */ (store.flow.value);
  const tabs = /** @type {Array<[Tab, string]>} */ ([...(live ? [['live', 'Live']] : []), ['shot', 'Screenshot'], ...(flow.hasVideo ? [['video', 'Video']] : [])]);
  const wanted = sync.tab.value;
  const tab = tabs.some(([t]) => t === wanted) ? /** @type {Tab} */ (wanted) : tabs[0][0];
  const frame = store.latest.value;
  const lastImage = flow.imageIds.at(-1);

  /** Arrow keys move between tabs (the tabs pattern). @param {KeyboardEvent} e */
  const onTabKey = (e) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const i = tabs.findIndex(([t]) => t === tab);
    const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length][0];
    sync.tab.value = next;
    /** @type {HTMLElement | null} */ (document.getElementById(`tab-${next}`))?.focus();
  };

  let shot;
  if (call) {
    const before = beforeImage(flow, calls, n);
    const box = call.outcome?.box;
    shot = html`<div class="before-after">
      ${before ? html`<${Picture} src=${imageUrl(flow.id, before)} alt=${`Before step ${n}`} box=${box}
        caption=${box ? 'Before, its target marked' : 'Before'} />` : html`<p class="media-empty">No picture of the page before this step.</p>`}
      ${call.screenshotImageId ? html`<${Picture} src=${imageUrl(flow.id, call.screenshotImageId)} alt=${`Screenshot of step ${n}`} caption="After" />`
        : html`<p class="media-empty">${call.outcome ? 'No screenshot was taken after this step.' : 'The screenshot appears when the step ends.'}</p>`}
    </div>`;
  } else {
    shot = lastImage
      ? html`<${Picture} src=${imageUrl(flow.id, lastImage)} alt="Latest screenshot" caption="Latest screenshot. Select a step to see it before and after." />`
      : html`<p class="media-empty">${live ? 'No screenshot yet.' : 'No screenshot was taken: the flow ended before a page was shown.'}</p>`;
  }
  /** A click on the live frame picks the element there for the Instruct console. @param {MouseEvent} e */
  const onFrameClick = (e) => {
    const img = /** @type {HTMLImageElement} */ (e.currentTarget);
    const r = img.getBoundingClientRect();
    onPick?.({ fx: (e.clientX - r.left) / r.width, fy: (e.clientY - r.top) / r.height, w: img.naturalWidth, h: img.naturalHeight });
  };

  return html`<section class="viewer" aria-label="Viewer">
    <div class="tabs" role="tablist" aria-label="View" onKeyDown=${onTabKey}>
      ${tabs.map(([t, label]) => html`<button type="button" role="tab" id=${`tab-${t}`} aria-controls=${`panel-${t}`}
        aria-selected=${t === tab ? 'true' : 'false'} tabindex=${t === tab ? 0 : -1} onClick=${() => { sync.tab.value = t; }}>${label}</button>`)}
    </div>
    ${live ? html`<div class="media" role="tabpanel" id="panel-live" aria-labelledby="tab-live" hidden=${tab !== 'live'}>
      ${frame ? html`<figure><img class=${`shot${onPick ? ' pickable' : ''}`} src=${frame.src} alt="Latest frame" onClick=${onPick ? onFrameClick : undefined} />
        <figcaption class="muted small">${onPick ? 'Click an element to pick it for your next call. ' : ''}Updated ${formatTime(frame.at)}${frame.url ? ` · ${frame.url}` : ''}</figcaption></figure>`
        : html`<p class="media-empty">Waiting for the first frame…</p>`}
    </div>` : ''}
    <div class="media" role="tabpanel" id="panel-shot" aria-labelledby="tab-shot" hidden=${tab !== 'shot'}>${shot}</div>
    ${flow.hasVideo ? html`<div class="media" role="tabpanel" id="panel-video" aria-labelledby="tab-video" hidden=${tab !== 'video'}>
      <video ref=${sync.video} class="shot" controls preload="metadata" src=${`/api/flows/${flow.id}/video`} aria-label="Flow video"
        onLoadedMetadata=${sync.onLoaded} onDurationChange=${sync.onDurationChange} onTimeUpdate=${sync.onTimeUpdate} onSeeked=${sync.onTimeUpdate}
        onError=${sync.onVideoError}></video>
      ${sync.videoFailed.value ? html`<p class="media-empty" role="status">The video could not be loaded. <button type="button" onClick=${sync.retryVideo}>Try again</button></p>` : ''}
    </div>` : ''}
    ${call ? html`<${StepDetails} call=${call} n=${n} flow=${flow} />` : ''}
  </section>`;
}

// A screenshot that opens large in a dialog (zoom 100 % to 300 %), and
// can mark where an element was on it: the box a step recorded, drawn in
// percentages of the viewport so it follows the picture's size.

/** @typedef {{ x: number, y: number, width: number, height: number, viewportWidth: number, viewportHeight: number }} Box */

const ZOOMS = [1, 1.5, 2, 3];

/** @param {number} v @param {number} of */
const pct = (v, of) => `${(v / of) * 100}%`;

/** The mark of a box, or nothing. @param {{ box?: Box | null }} props */
function Mark({ box }) {
  if (!box?.viewportWidth || !box.viewportHeight) return null;
  return html`<span class="box-mark" aria-hidden="true"
    style=${{ left: pct(box.x, box.viewportWidth), top: pct(box.y, box.viewportHeight), width: pct(box.width, box.viewportWidth), height: pct(box.height, box.viewportHeight) }}></span>`;
}

/**
 * @param {{ src: string, alt: string, box?: Box | null, caption?: import('preact').ComponentChildren }} props
 */
export function Picture({ src, alt, box, caption }) {
  const [open, setOpen] = useState(false);
  const [zoom, setZoom] = useState(1);
  return html`<figure class="picture">
    <button type="button" class="picture-open" aria-label=${`Enlarge ${alt}`} onClick=${() => setOpen(true)}>
      <span class="picture-frame"><img class="shot" src=${src} alt=${alt} /><${Mark} box=${box} /></span>
    </button>
    ${caption ? html`<figcaption class="muted small">${caption}</figcaption>` : ''}
    <${Dialog} open=${open} title=${alt} wide onClose=${() => { setOpen(false); setZoom(1); }}>
      <div class="btn-row" role="group" aria-label="Zoom">
        ${ZOOMS.map((z) => html`<button type="button" class="btn btn-small" aria-pressed=${zoom === z ? 'true' : 'false'} onClick=${() => setZoom(z)}>${z * 100} %</button>`)}
      </div>
      <div class="zoom-pane" tabindex="0" role="group" aria-label="Picture, scroll to pan">
        <span class="picture-frame" style=${{ width: `${zoom * 100}%` }}><img src=${src} alt="" /><${Mark} box=${box} /></span>
      </div>
    <//>
  </figure>`;
}

// What a finished flow left besides its steps: its structured result, the
// files its pages downloaded, its HAR and its Playwright trace (to open with
// `npx playwright show-trace`). Shown only when there is something.


/** @param {number} n */
const bytes = (n) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`);

/** @param {{ flow: Flow }} props */
export function FlowArtifacts({ flow }) {
  const data = flow.result?.data;
  const downloads = flow.downloads ?? [];
  if (data === undefined && !downloads.length && !flow.hasHar && !flow.hasTrace && !flow.saveProfileAs) return '';
  const base = `/api/flows/${flow.id}`;
  return html`<section class="artifacts" aria-labelledby="artifacts-h">
    <h2 id="artifacts-h" class="subhead">Results and recordings</h2>
    ${data !== undefined ? html`<h3 class="small">Result data</h3><pre class="mono small" aria-label="Result data">${JSON.stringify(data, null, 2)}</pre>` : ''}
    ${downloads.length ? html`<h3 class="small">Downloads</h3><ul class="small">${downloads.map((d) => html`<li>
      <a href=${`${base}/downloads/${d.id}`} download=${d.fileName}>${d.fileName}</a> <span class="muted">${bytes(d.size)}, ${d.mimeType}</span></li>`)}</ul>` : ''}
    <div class="btn-row" role="group" aria-label="Recordings">
      ${flow.hasTrace ? html`<a class="btn" href=${`${base}/trace`} download=${`flow-${flow.id}-trace.zip`}>Download trace</a>` : ''}
      ${flow.hasHar ? html`<a class="btn" href=${`${base}/har`} download=${`flow-${flow.id}.har`}>Download HAR</a>` : ''}
    </div>
    ${flow.hasTrace ? html`<p class="hint">Open the trace with <code>npx playwright show-trace flow-${flow.id}-trace.zip</code>: each step is a group named as in the generated test.</p>` : ''}
    ${flow.saveProfileAs ? html`<p class="hint">Saved its browser as the profile <code>${flow.saveProfileAs}</code> (<a href="/settings">Settings</a>).</p>` : ''}
  </section>`;
}
