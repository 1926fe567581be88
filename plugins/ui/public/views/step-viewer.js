// The viewer of the flow view: tabs for the live frame, the selected step's
// screenshot and the video, kept in sync with the steps (selecting a step
// seeks the video; playing the video highlights and selects the current
// step), and the selected step's details.

import { html } from 'htm/preact';
import { useRef } from 'preact/hooks';
import { useSignal } from '@preact/signals';
import { callDuration, formatCost, formatDuration, formatNumber, formatTime, maskParams } from '../lib/format.js';
import { imageUrl } from '../lib/flow-store.js';

/** @typedef {import('../lib/types.js').ToolCall} ToolCall */
/** @typedef {import('../lib/types.js').Flow} Flow */
/** @typedef {'live' | 'shot' | 'video'} Tab */

/**
 * Video <-> steps synchronisation. A step's place in the video is its
 * `videoOffsetMs` when the API gives one (docs/ui-api-needs.md); else it is
 * estimated from `videoStartedAt`, or from the end (the recording stops as
 * the flow completes), or from the flow's start.
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

  const start = () => {
    const f = state.current.flow;
    const v = video.current;
    if (!f) return 0;
    if (f.videoStartedAt) return f.videoStartedAt;
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
    video, playingStep, tab, onStep,
    /** Whether step n was selected by playback (no seek back). @param {number} n */
    drivenTo: (n) => state.current.driven === n,
    /** @param {number} n 1-based */
    seekToStep(n) {
      if (!state.current.calls[n - 1]) return;
      state.current.last = n;
      seek(n);
    },
    onLoaded() {
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

/** @param {{ call: ToolCall, n: number }} props */
function StepDetails({ call, n }) {
  const o = call.outcome;
  const given = call.parameters.selector;
  const recorded = o?.selectors ?? [];
  const tokens = call.tokenUsage;
  const cost = formatCost(call.costUsd);
  return html`<section class="step-detail" aria-labelledby="step-detail-h">
    <h2 id="step-detail-h">Step ${n} · <span class="tool-name">${call.name}</span></h2>
    <dl class="kv">
      <dt>Outcome</dt>
      <dd>${!o ? 'Running…' : html`<span class=${o.success ? 'text-ok' : 'text-fail'}>${o.success ? 'Succeeded' : 'Failed'}</span> · ${o.message}`}</dd>
      <dt>Duration</dt><dd>${formatDuration(callDuration(call))} <span class="muted">at ${formatTime(call.startedAt)}</span></dd>
      <dt>Source</dt><dd>${call.source === 'LLM' ? 'Model' : call.source === 'USER' ? 'You (Instruct)' : 'Start-up call'}</dd>
      ${call.pageUrl ? html`<dt>Page</dt><dd class="mono break">${call.pageUrl}</dd>` : ''}
      <dt>Parameters</dt><dd><pre class="code">${JSON.stringify(maskParams(call.parameters), null, 2)}</pre></dd>
      ${given !== undefined ? html`<dt>Selectors tried</dt><dd><ol class="selectors">
        ${(o?.selectorsTried ?? (Array.isArray(given) ? given : [given]).map((s) => ({ selector: String(s), error: null }))).map((t) => html`<li>
          <code>${t.selector}</code>${t.error ? html` <span class="text-fail small">${t.error}</span>` : ''}
          ${o?.selectorUsed === t.selector ? html` <span class="chip chip-ok">used</span>` : ''}</li>`)}
      </ol></dd>` : ''}
      ${recorded.length ? html`<dt>Recorded selectors</dt><dd><ol class="selectors">
        ${recorded.map((s) => html`<li><code>${s}</code>${o?.selectorUsed === s ? html` <span class="chip chip-ok">used</span>` : ''}</li>`)}
      </ol><p class="hint">Verified candidates, best first: reruns and generated tests try them in this order.</p></dd>` : ''}
      ${call.rationale ? html`<dt>Rationale</dt><dd class="rationale">${call.rationale}</dd>` : ''}
      ${tokens ? html`<dt>Tokens</dt><dd>${formatNumber(tokens.totalTokens)} <span class="muted">(${formatNumber(tokens.inputTokens)} in, ${formatNumber(tokens.outputTokens)} out)</span>${cost ? ` · ${cost}` : ''}</dd>` : ''}
      ${o?.data !== null && o?.data !== undefined ? html`<dt>Data</dt><dd><pre class="code">${JSON.stringify(o.data, null, 2)}</pre></dd>` : ''}
    </dl>
  </section>`;
}

/**
 * @param {{ store: import('../lib/flow-store.js').FlowStore, call: ToolCall | null, n: number, sync: VideoSync, live: boolean }} props
 */
export function Viewer({ store, call, n, sync, live }) {
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
    shot = call.screenshotImageId
      ? html`<a href=${imageUrl(flow.id, call.screenshotImageId)} target="_blank" rel="noopener" class="shot-link">
          <img class="shot" src=${imageUrl(flow.id, call.screenshotImageId)} alt=${`Screenshot of step ${n}`} /></a>`
      : html`<p class="media-empty">${call.outcome ? 'No screenshot was taken for this step.' : 'The screenshot appears when the step ends.'}</p>`;
  } else {
    shot = lastImage
      ? html`<figure><img class="shot" src=${imageUrl(flow.id, lastImage)} alt="Latest screenshot" /><figcaption class="muted small">Latest screenshot. Select a step to see its own.</figcaption></figure>`
      : html`<p class="media-empty">No screenshot yet.</p>`;
  }

  return html`<section class="viewer" aria-label="Viewer">
    <div class="tabs" role="tablist" aria-label="View" onKeyDown=${onTabKey}>
      ${tabs.map(([t, label]) => html`<button type="button" role="tab" id=${`tab-${t}`} aria-controls=${`panel-${t}`}
        aria-selected=${t === tab ? 'true' : 'false'} tabindex=${t === tab ? 0 : -1} onClick=${() => { sync.tab.value = t; }}>${label}</button>`)}
    </div>
    ${live ? html`<div class="media" role="tabpanel" id="panel-live" aria-labelledby="tab-live" hidden=${tab !== 'live'}>
      ${frame ? html`<figure><img class="shot" src=${frame.src} alt="Latest frame" />
        <figcaption class="muted small">Updated ${formatTime(frame.at)}${frame.url ? ` · ${frame.url}` : ''}</figcaption></figure>`
        : html`<p class="media-empty">Waiting for the first frame…</p>`}
    </div>` : ''}
    <div class="media" role="tabpanel" id="panel-shot" aria-labelledby="tab-shot" hidden=${tab !== 'shot'}>${shot}</div>
    ${flow.hasVideo ? html`<div class="media" role="tabpanel" id="panel-video" aria-labelledby="tab-video" hidden=${tab !== 'video'}>
      <video ref=${sync.video} class="shot" controls preload="metadata" src=${`/api/flows/${flow.id}/video`} aria-label="Flow video"
        onLoadedMetadata=${sync.onLoaded} onDurationChange=${sync.onDurationChange} onTimeUpdate=${sync.onTimeUpdate} onSeeked=${sync.onTimeUpdate}></video>
    </div>` : ''}
    ${call ? html`<${StepDetails} call=${call} n=${n} />` : ''}
  </section>`;
}
