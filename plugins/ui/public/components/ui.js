// Small shared pieces: badges, alerts, form fields, dialogs, notices, and a
// hook for data loaded from the API.

import { html } from 'htm/preact';
import { signal } from '@preact/signals';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { MODE_LABELS, STATE_LABELS } from '../lib/format.js';

/** @typedef {import('preact').ComponentChildren} Children */

/** @param {string} state @param {string} [code] */
function stateKind(state, code) {
  if (code === 'CANCELLED') return 'idle';
  if (state === 'SUCCESS') return 'ok';
  if (state === 'FAILED') return 'fail';
  if (state === 'PAUSED' || state === 'WAITING_ON_USER_FOR_NEXT_ACTION') return 'wait';
  if (state === 'UNSTARTED') return 'idle';
  return 'live';
}

/**
 * A flow's state; a FAILED flow the user cancelled (`code` CANCELLED) says Cancelled.
 * @param {{ state: string, nextState?: string | null, waitingFor?: string | null, code?: string }} props
 */
export function StateBadge({ state, nextState, waitingFor, code }) {
  const pausing = nextState === 'PAUSED' && state !== 'PAUSED';
  const cancelled = state === 'FAILED' && code === 'CANCELLED';
  // The reason is long (an endpoint and its limit): the badge says "waiting", its title says for what.
  return html`<span class=${`badge badge-${stateKind(state, cancelled ? code : '')}`} title=${waitingFor ? `Waiting for ${waitingFor}` : undefined}>${cancelled ? 'Cancelled' : STATE_LABELS[state] ?? state}${pausing ? ' · pausing' : ''}${waitingFor ? ' · waiting' : ''}</span>`;
}

/** The mode a flow runs in, after the one it started in when it switched. @param {{ mode: string, initial?: string }} props */
export const ModeBadge = ({ mode, initial }) => html`<span class="badge badge-mode">${initial && initial !== mode ? `${MODE_LABELS[initial] ?? initial} → ` : ''}${MODE_LABELS[mode] ?? mode}</span>`;

/** An error to show, with every validation issue the fields did not take. @param {{ error: any, shown?: string[] }} props */
export function Alert({ error, shown = [] }) {
  if (!error) return null;
  const issues = (error.issues || []).filter((/** @type {string} */ i) => !shown.some((s) => i.startsWith(`${s}: `)));
  if (!issues.length) return null;
  return html`<div class="alert" role="alert" tabindex="-1">
    ${issues.length === 1 ? issues[0] : html`<ul>${issues.map((/** @type {string} */ i) => html`<li>${i}</li>`)}</ul>`}
  </div>`;
}

/**
 * Props that tie a control to its error and hint texts.
 * @param {string} id
 * @param {string | undefined} error
 * @param {boolean} [hint]
 */
export function describedBy(id, error, hint = false) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': ids || undefined };
}

/**
 * A labelled field. The control (children) must carry `describedBy(id, error, !!hint)`.
 * @param {{ id: string, label: string, error?: string, hint?: Children, required?: boolean, children: Children, wide?: boolean }} props
 */
export function Field({ id, label, error, hint, required, children, wide }) {
  return html`<div class=${`field${wide ? ' field-wide' : ''}${error ? ' has-error' : ''}`}>
    <label for=${id}>${label}${required ? html`<span class="req" aria-hidden="true"> *</span>` : ''}</label>
    ${children}
    ${hint ? html`<p class="hint" id=${`${id}-hint`}>${hint}</p>` : ''}
    ${error ? html`<p class="field-error" id=${`${id}-error`}>${error}</p>` : ''}
  </div>`;
}

/**
 * A modal dialog (the native element: focus trap and Escape for free).
 * @param {{ open: boolean, title: string, onClose: () => void, children: Children, wide?: boolean }} props
 */
export function Dialog({ open, title, onClose, children, wide }) {
  const ref = useRef(/** @type {HTMLDialogElement | null} */ (null));
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const id = `dlg-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return html`<dialog ref=${ref} class=${`dialog${wide ? ' dialog-wide' : ''}`} aria-labelledby=${id} onClose=${onClose}>
    <div class="dialog-head"><h2 id=${id}>${title}</h2>
      <button type="button" class="btn btn-ghost" onClick=${onClose}>Close</button></div>
    ${open ? children : null}
  </dialog>`;
}

/** The latest short notice ("Copied"), read out politely. */
export const notice = signal('');
let noticeTimer = 0;
/** @param {string} text */
export function announce(text) {
  notice.value = text;
  clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => { notice.value = ''; }, 4000);
}

export const Notice = () => html`<div class="notice" role="status" aria-live="polite">${notice.value ? html`<span>${notice.value}</span>` : ''}</div>`;

/**
 * Data from the API: loads on mount and when `deps` change; `reload()` loads again.
 * @template T
 * @param {() => Promise<T>} load
 * @param {unknown[]} deps
 * @returns {{ data: T | undefined, error: any, loading: boolean, reload: () => Promise<void>, setData: (d: T) => void }}
 */
export function useAsync(load, deps) {
  const [state, setState] = useState(/** @type {{ data: T | undefined, error: any, loading: boolean }} */ ({ data: undefined, error: null, loading: true }));
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const n = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    try {
      const data = await load();
      if (n === seq.current) setState({ data, error: null, loading: false });
    } catch (error) {
      if (n === seq.current) setState((s) => ({ data: s.data, error, loading: false }));
    }
  }, deps);
  // A layout effect starts the request right after the first render, not after the next frame.
  useLayoutEffect(() => { void reload(); }, [reload]);
  const setData = useCallback((/** @type {T} */ data) => setState({ data, error: null, loading: false }), []);
  return { ...state, reload, setData };
}

/** Sets the document title while a view is shown. @param {string} title */
export function useTitle(title) {
  useEffect(() => { document.title = title ? `${title} · browserflow` : 'browserflow'; }, [title]);
}
