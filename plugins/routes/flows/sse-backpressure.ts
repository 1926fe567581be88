/**
 * What an event stream does for a client that stops reading: the bytes it
 * owes wait in the response's buffer, in memory, for as long as the stream
 * lives. The service-wide stream (GET /api/events) lets such a client go
 * past MAX_UNREAD_BYTES (its `close` frees the subscriber slot; the client
 * reconnects and reads its list again). A flow's own stream keeps its
 * events, since it writes the whole history at once on connecting, but
 * skips live pictures (large, never replayed) while the client is behind.
 */
import type { ServerResponse } from 'node:http';

/** Bytes a stream may owe a client before it is let go (some 10,000 changes, or a few pictures). */
export const MAX_UNREAD_BYTES = 1 << 20;
/** Bytes owed past which a live picture is skipped (several pictures: one 1280x720 PNG can be 300 KB in base64): a slow reader sees fewer pictures, not a growing backlog. */
export const FRAME_SKIP_BYTES = 4 << 20;

/**
 * Writes `text` to `res`, unless the client already owes more than
 * MAX_UNREAD_BYTES: then destroys the response (an end would wait behind
 * the unread bytes and hold the slot) and answers false.
 */
export function writeOrLetGo(res: ServerResponse, text: string): boolean {
  if (res.destroyed) return false;
  if (res.writableLength > MAX_UNREAD_BYTES) {
    res.destroy();
    return false;
  }
  res.write(text);
  return true;
}
