// Formatting of times, durations, numbers and tool parameters for display.

/** @typedef {import('./api-records.js').Flow} Flow */
/** @typedef {import('./api-records.js').ToolCall} ToolCall */

const TIME = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const NUMBER = new Intl.NumberFormat('en-US');

/** @param {number | null | undefined} ms epoch milliseconds */
export const formatTime = (ms) => (ms ? TIME.format(ms) : '—');

/** @param {number | null | undefined} n */
export const formatNumber = (n) => (n === null || n === undefined ? '—' : NUMBER.format(n));

/**
 * `850 ms`, `12.3 s`, `4 min 05 s`, `1 h 02 min`.
 * @param {number | null | undefined} ms
 */
export function formatDuration(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const s = Math.floor(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/** @param {number | null | undefined} usd */
export function formatCost(usd) {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return '';
  return usd < 0.01 ? `$${usd.toFixed(4)}` : `$${usd.toFixed(2)}`;
}

/** Live states: every state but SUCCESS and FAILED. @param {string | undefined} state */
export const isLive = (state) => state !== undefined && state !== 'SUCCESS' && state !== 'FAILED';

/** A flow's run time so far, or in total. @param {Flow} flow @param {number} [now] */
export function flowDuration(flow, now = Date.now()) {
  if (!flow.startedAt) return null;
  return (flow.completedAt ?? (isLive(flow.state) ? now : flow.startedAt)) - flow.startedAt;
}

/** @param {ToolCall} call */
export const callDuration = (call) => (call.completedAt ? call.completedAt - call.startedAt : null);

/** Display names of states and modes. */
export const STATE_LABELS = /** @type {Record<string, string>} */ ({
  UNSTARTED: 'Queued', INITIALIZING: 'Starting', RUNNING_ACTION: 'Running', QUERYING_LLM_FOR_NEXT_ACTION: 'Thinking',
  WAITING_ON_USER_FOR_NEXT_ACTION: 'Waiting for you', PAUSED: 'Paused', RESUMING: 'Resuming', FAILED: 'Failed', SUCCESS: 'Success',
});
export const MODE_LABELS = /** @type {Record<string, string>} */ ({ AUTONOMOUS: 'Autonomous', INSTRUCT: 'Instruct', DETERMINISTIC: 'Deterministic' });

/** Parameter names whose values are secret whatever they hold. */
const SECRET_NAME = /pass(word)?|secret|token|api[-_]?key|credential/i;
/** A selector that points at a password field: the text typed there is secret. */
const SECRET_TARGET = /pass(word)?|secret|token|pin\b|otp|cvv|card/i;

/** The mask shown in place of a secret. */
export const MASK = '••••••';

/**
 * Parameters as shown: `${NAME}` placeholders stay (they are names, not
 * values), anything else that looks secret is masked.
 * @param {Record<string, unknown>} params
 * @returns {Record<string, unknown>}
 */
export function maskParams(params) {
  const selector = JSON.stringify(params.selector ?? '');
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [k, v] of Object.entries(params || {})) {
    const secret = SECRET_NAME.test(k) || ((k === 'text' || k === 'value') && SECRET_TARGET.test(selector));
    out[k] = secret && typeof v === 'string' && !/^\$\{\w+\}$/.test(v) ? MASK : v;
  }
  return out;
}

/** The selector given as a parameter, first candidate. @param {unknown} s */
const firstSelector = (s) => (Array.isArray(s) ? String(s[0] ?? '') : typeof s === 'string' ? s : '');

/**
 * The one-line summary of a call's key parameters (`#login`, `"alice" → #username`).
 * @param {ToolCall | { name: string, parameters: Record<string, unknown> }} call
 */
export function keyParams(call) {
  const p = maskParams(call.parameters || {});
  const sel = firstSelector(p.selector);
  const quoted = (/** @type {unknown} */ v) => JSON.stringify(v);
  switch (call.name) {
    case 'navigate': return String(p.url ?? '');
    case 'type': return sel ? `${quoted(p.text)} → ${sel}` : quoted(p.text);
    case 'pressKey': return String(p.key ?? '');
    case 'wait': return `${p.ms} ms`;
    case 'assertText': return quoted(p.text);
    case 'assertUrl': return String(p.pattern ?? '');
    case 'selectOption': return `${JSON.stringify(p.values)} → ${sel}`;
    case 'scroll': return `${p.direction}${sel ? ` ${sel}` : ''}`;
    case 'markObjectiveComplete': return String(p.summary ?? '');
    case 'markObjectiveNotCompletable': return String(p.reason ?? '');
    default: {
      if (sel) return sel;
      const rest = Object.entries(p).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
      return rest.join(', ');
    }
  }
}

/** A file name from a flow name. @param {string} name */
export const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'flow';
