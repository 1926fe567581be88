// Flow view (/flows/{id}): the heading, the run controls or export actions,
// the list of steps (one per tool call) and the viewer (live frame,
// screenshot of the selected step, video synced to the steps).
// Keys: j / k next and previous step, space play or pause, f first failure.

import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useComputed, useSignal } from '@preact/signals';
import { callDuration, flowDuration, formatCost, formatDuration, formatNumber, formatTime, isLive, keyParams } from '../lib/format.js';
import { useFlowStore } from '../lib/flow-store.js';
import { place, setQuery } from '../lib/router.js';
import { Alert, ModeBadge, StateBadge, useTitle } from '../components/ui.js';
import { LiveControls } from './live-controls.js';
import { ExportBar } from './export-bar.js';
import { Viewer, useVideoSync, usedTarget } from './step-viewer.js';
import { InstructConsole } from './instruct-console.js';
import { FlowTags } from './flow-tags.js';

/** @typedef {import('../lib/types.js').ToolCall} ToolCall */
/** @typedef {import('../lib/types.js').Flow} Flow */

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
