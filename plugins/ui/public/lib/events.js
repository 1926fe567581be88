// Server-Sent Events, read with fetch rather than EventSource so the request
// carries the UI's client header like every other: a flow's own stream, and
// the service-wide changes of all flows. A flow's stream replays its whole
// history on each connection, so a reconnect after a dropped stream just
// applies the history again (the handlers are idempotent); the service-wide
// one has no history, so its follower reads the list again on reconnecting.

import { CLIENT_HEADERS } from './api.js';

/** @typedef {{ type: string, data: any }} FlowEvent */

/**
 * Parses one SSE message block into an event (null for comments).
 * @param {string} block
 * @returns {FlowEvent | null}
 */
export function parseEvent(block) {
  let type = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
  }
  if (!data.length) return null;
  try {
    return { type, data: JSON.parse(data.join('\n')) };
  } catch {
    return null;
  }
}

/**
 * Reads the SSE stream at `path`, reconnecting after a dropped stream (backoff
 * up to 10 s) until `isLast` says an event ended it, or `stop` is called.
 * @param {string} path
 * @param {(event: FlowEvent) => void} onEvent
 * @param {{ isLast?: (event: FlowEvent) => boolean, onOpen?: () => void }} [options] `onOpen` runs on each (re)connection
 * @returns {() => void} stop
 */
function follow(path, onEvent, options = {}) {
  const abort = new AbortController();
  let finished = false;
  (async () => {
    for (let attempt = 0; !finished && !abort.signal.aborted; attempt++) {
      try {
        const res = await fetch(path, {
          headers: { ...CLIENT_HEADERS, accept: 'text/event-stream' },
          signal: abort.signal,
        });
        // A deleted or unknown flow has no events to wait for.
        if (res.status === 404 || !res.body) return;
        if (res.ok) {
          attempt = 0;
          options.onOpen?.();
        }
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = parseEvent(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (!event) continue;
            onEvent(event);
            if (options.isLast?.(event)) finished = true;
          }
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      if (!finished) await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * 2 ** attempt)));
    }
  })();
  return () => abort.abort();
}

/**
 * Follows a flow's events until `done`, reconnecting after a dropped stream.
 * @param {string} flowId
 * @param {(event: FlowEvent) => void} onEvent
 * @returns {() => void} stops following
 */
export function followFlow(flowId, onEvent) {
  return follow(`/api/flows/${flowId}/events`, onEvent, { isLast: (event) => event.type === 'done' });
}

/**
 * Follows what changes among all flows (GET /api/events: created, state,
 * progress, renamed, deleted, each with its flowId) until stopped. The
 * stream has no history: `onOpen` runs on every (re)connection, when the
 * caller should read its list again.
 * @param {(event: FlowEvent) => void} onChange
 * @param {() => void} onOpen
 * @returns {() => void} stops following
 */
export function followChanges(onChange, onOpen) {
  return follow('/api/events', onChange, { onOpen });
}
