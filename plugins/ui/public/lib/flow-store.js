// One open flow: its metadata and tool calls, loaded once and then kept up to
// date from its event stream while it is live (one stream per open flow).

import { signal, batch } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { get } from './api.js';
import { followFlow } from './events.js';
import { isLive } from './format.js';

/** @typedef {import('./api-records.js').Flow} Flow */
/** @typedef {import('./api-records.js').ToolCall} ToolCall */
/** @typedef {{ src: string, at: number, toolCallId: string | null, url?: string | null }} Frame */

/** @param {string} flowId @param {string} imageId */
export const imageUrl = (flowId, imageId) => `/api/flows/${flowId}/images/${imageId}`;

/**
 * @param {string} id
 */
export function createFlowStore(id) {
  const flow = /** @type {import('@preact/signals').Signal<Flow | null>} */ (signal(null));
  const calls = /** @type {import('@preact/signals').Signal<ToolCall[]>} */ (signal([]));
  const error = /** @type {import('@preact/signals').Signal<Error | null>} */ (signal(null));
  /** The latest frame of the active tab: a screencast frame when the service sends them, else the newest screenshot. */
  const latest = /** @type {import('@preact/signals').Signal<Frame | null>} */ (signal(null));
  let stop = /** @type {(() => void) | null} */ (null);
  let disposed = false;
  /** Counts state events, so an answer older than the stream's news does not undo it. */
  let stateEvents = 0;

  /** @param {Partial<Flow>} changes */
  const patch = (changes) => {
    if (flow.value) flow.value = { ...flow.value, ...changes };
  };

  /** @param {ToolCall} call */
  const upsert = (call) => {
    const list = calls.value;
    const i = list.findIndex((c) => c.id === call.id);
    calls.value = i < 0 ? [...list, call] : list.map((c, j) => (j === i ? call : c));
  };

  const refreshCalls = async () => {
    const list = await get(`/api/flows/${id}/tool-calls`).catch(() => null);
    if (list && !disposed) calls.value = list;
  };

  /** @param {import('./events.js').FlowEvent} event */
  const apply = ({ type, data }) => {
    const f = flow.value;
    if (!f || disposed) return;
    switch (type) {
      case 'state':
        stateEvents++;
        patch({ state: data.state, nextState: data.nextState ?? null, waitingFor: data.waitingFor ?? null, startedAt: f.startedAt ?? (data.state === 'INITIALIZING' ? data.at : null) });
        break;
      case 'toolCall': {
        upsert(data.toolCall);
        if (data.phase === 'finished') {
          const done = calls.value.filter((c) => c.outcome);
          patch({ progress: { ...f.progress, toolCallsCompleted: done.filter((c) => c.outcome?.success).length, toolCallsFailed: done.filter((c) => !c.outcome?.success).length } });
        }
        break;
      }
      case 'screenshot':
        batch(() => {
          latest.value = { src: imageUrl(id, data.imageId), at: data.at, toolCallId: data.toolCallId ?? null };
          if (!f.imageIds.includes(data.imageId)) patch({ imageIds: [...f.imageIds, data.imageId] });
          const call = calls.value.find((c) => c.id === data.toolCallId);
          if (call && !call.screenshotImageId) upsert({ ...call, screenshotImageId: data.imageId });
        });
        break;
      // Proposed (docs/ui-api-needs.md): screencast frames of the active tab.
      case 'frame':
        latest.value = {
          src: data.imageId ? imageUrl(id, data.imageId) : `data:${data.mimeType || 'image/jpeg'};base64,${data.data}`,
          at: data.at, toolCallId: null, url: data.url ?? null,
        };
        break;
      case 'tokenUsage':
        patch({ tokenUsage: data.tokenUsage });
        break;
      case 'done':
        flow.value = data.flow;
        void refreshCalls();
        break;
      default:
    }
  };

  return {
    id, flow, calls, error, latest,
    async load() {
      try {
        const [f, list] = await Promise.all([get(`/api/flows/${id}`), get(`/api/flows/${id}/tool-calls`)]);
        if (disposed) return;
        batch(() => {
          flow.value = f;
          calls.value = list;
          const last = f.imageIds.at(-1);
          if (last) latest.value = { src: imageUrl(id, last), at: f.completedAt ?? Date.now(), toolCallId: null };
        });
        if (isLive(f.state)) stop = followFlow(id, apply);
      } catch (err) {
        if (!disposed) error.value = /** @type {Error} */ (err);
      }
    },
    /** A mark to pass to setFlow with the answer of a request sent after it. */
    mark: () => stateEvents,
    /**
     * Metadata from a control answer. When state events arrived while the
     * request ran, they are newer than the answer: its state is not taken.
     * @param {Flow} f
     * @param {number} [since] mark() taken before the request
     */
    setFlow(f, since) {
      if (disposed) return;
      const cur = flow.value;
      flow.value = since !== undefined && since !== stateEvents && cur ? { ...f, state: cur.state, nextState: cur.nextState } : f;
    },
    dispose() {
      disposed = true;
      stop?.();
    },
  };
}

/** @typedef {ReturnType<typeof createFlowStore>} FlowStore */

/**
 * The store of the flow `id`, loaded on mount and closed on unmount.
 * @param {string} id
 * @returns {FlowStore}
 */
export function useFlowStore(id) {
  const store = useMemo(() => createFlowStore(id), [id]);
  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);
  return store;
}
