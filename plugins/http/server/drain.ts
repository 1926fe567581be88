/**
 * Reading the rest of a request body the service will not use before
 * answering. A server that answers (404, 405, 413, 400, 403) and closes
 * while the client is still sending makes the kernel reset the connection:
 * the client gets ECONNRESET or EPIPE instead of the status, and never learns
 * why. So the unused body is read and discarded first, up to a bound in size
 * and time, and only then is the answer written (and the connection closed
 * if the client asked for that). A client that sends more than the bound is
 * cut off: the answer is written and the connection closed.
 */
import type { IncomingMessage } from 'node:http';

/** Bytes of an unused body read and discarded at most before answering. */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/** How long the service waits for an unused body at most. */
export const DRAIN_TIMEOUT_MS = 10_000;

/** Marks requests whose connection must close after the answer (the body was not read to its end). */
export const CLOSE_AFTER_ANSWER = Symbol('browserflow.closeAfterAnswer');

const DRAINING = Symbol('browserflow.draining');

type Marked = IncomingMessage & { [CLOSE_AFTER_ANSWER]?: boolean; [DRAINING]?: boolean };

/** Whether the request announces a body at all. */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * Calls `answer` once the request's body has been read to its end (and
 * discarded), or at once when it has none or was read already. Past
 * DRAIN_LIMIT_BYTES or DRAIN_TIMEOUT_MS (or an announced length over the
 * limit) the request is marked CLOSE_AFTER_ANSWER and `answer` is called
 * without waiting any more.
 */
export function drainThen(req: IncomingMessage, answer: () => void, limits = { bytes: DRAIN_LIMIT_BYTES, timeoutMs: DRAIN_TIMEOUT_MS }): void {
  const marked = req as Marked;
  if (!announcesBody(req) || req.readableEnded || req.destroyed || marked[DRAINING]) {
    answer();
    return;
  }
  const declared = Number(req.headers['content-length']);
  if (declared > limits.bytes) {
    marked[CLOSE_AFTER_ANSWER] = true;
    answer();
    return;
  }
  marked[DRAINING] = true;
  let seen = 0;
  let called = false;
  const finish = (cut: boolean) => {
    if (called) return;
    called = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('close', onEnd);
    req.off('error', onEnd);
    if (cut) {
      marked[CLOSE_AFTER_ANSWER] = true;
      // Nothing more is wanted from this request; stop reading it.
      req.pause();
    }
    answer();
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limits.bytes) finish(true);
  };
  const onEnd = () => finish(false);
  const timer = setTimeout(() => finish(true), limits.timeoutMs);
  timer.unref();
  req.on('data', onData);
  req.once('end', onEnd);
  req.once('close', onEnd);
  req.once('error', onEnd);
  req.resume();
}
