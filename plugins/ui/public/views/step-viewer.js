// The viewer of the flow view: tabs for the live frame, the selected step's
// screenshot and the video, kept in sync with the steps (selecting a step
// seeks the video; playing the video highlights and selects the current
// step), and the selected step's details.

import { html } from 'htm/preact';
import { useRef } from 'preact/hooks';
import { useSignal } from '@preact/signals';
import { callDuration, formatCost, formatDuration, formatNumber, formatTime, maskParams } from '../lib/format.js';
import { imageUrl } from '../lib/flow-store.js';
import { Picture } from '../components/picture.js';

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
  const dropped = call.activityDropped;
  if (!logs.length && !reqs.length) return call.console ? html`<dt>Page</dt><dd class="muted">No console error or failed request.</dd>` : null;
  return html`
    ${logs.length ? html`<dt>Console</dt><dd><ul class="activity">${logs.map((e) => html`<li class=${`log-${e.level}`}>
      <span class="chip">${e.level === 'pageerror' ? 'page error' : e.level}</span> <span class="mono">${e.text}</span> <span class="muted small">${formatTime(e.at)}</span></li>`)}</ul>
      ${dropped?.console ? html`<p class="hint">${dropped.console} more not kept.</p>` : ''}</dd>` : ''}
    ${reqs.length ? html`<dt>Network</dt><dd><ul class="activity">${reqs.map((r) => html`<li>
      <span class="chip text-fail">${r.status ?? r.error}</span> <span class="mono">${r.method} ${r.url}</span>${r.durationMs !== null ? html` <span class="muted small">${formatDuration(r.durationMs)}</span>` : ''}</li>`)}</ul>
      ${dropped?.network ? html`<p class="hint">${dropped.network} more not kept.</p>` : ''}</dd>` : ''}`;
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
        onLoadedMetadata=${sync.onLoaded} onDurationChange=${sync.onDurationChange} onTimeUpdate=${sync.onTimeUpdate} onSeeked=${sync.onTimeUpdate}></video>
    </div>` : ''}
    ${call ? html`<${StepDetails} call=${call} n=${n} flow=${flow} />` : ''}
  </section>`;
}
