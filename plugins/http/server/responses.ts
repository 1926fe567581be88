/**
 * Writers for route results and errors. Header objects are built once per
 * answer with no intermediate merging, since this is the hot path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { RouteResult } from '../../../lib/http/route-contract';
import { ApiError, apiError } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import type { ErrorBody } from '../../../lib/validation/flow-record-schema';
import { CLOSE_AFTER_ANSWER, drainThen } from './drain';

/** Content type of every JSON answer. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Writes a JSON answer. */
export function sendJson(res: ServerResponse, status: number, value: unknown, extra?: Record<string, string>): void {
  const text = JSON.stringify(value) ?? 'null';
  const headers: Record<string, string | number> = {
    'content-type': JSON_CONTENT_TYPE,
    'content-length': Buffer.byteLength(text),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
  if (extra) Object.assign(headers, extra);
  res.writeHead(status, headers);
  res.end(text);
}

/**
 * Writes a RouteResult. Returns true when the response stays open after
 * this call (the handler streams, or writes it itself), so the server can
 * end it at shutdown.
 */
export function sendResult(res: ServerResponse, result: RouteResult, logger: Logger): boolean {
  if ('handled' in result) return !res.writableEnded;
  if ('json' in result) {
    sendJson(res, result.status ?? 200, result.json, result.headers);
    return false;
  }
  if ('body' in result) {
    const headers: Record<string, string | number> = {
      'content-type': result.contentType,
      'x-content-type-options': 'nosniff',
    };
    const body = result.body;
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      headers['content-length'] = Buffer.byteLength(body);
      if (result.headers) Object.assign(headers, result.headers);
      res.writeHead(result.status ?? 200, headers);
      res.end(body);
      return false;
    }
    if (result.headers) Object.assign(headers, result.headers);
    res.writeHead(result.status ?? 200, headers);
    pipeline(body as NodeJS.ReadableStream, res, (err) => {
      // A client that goes away mid-stream is normal; anything else is worth a line.
      if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        logger.warn('streaming a response failed', { error: err.message });
      }
    });
    return true;
  }
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (result.headers) Object.assign(headers, result.headers);
  res.writeHead(204, headers);
  res.end();
  return false;
}

/**
 * The one error mapper: ApiError -> its status and `{code, message, details?}`;
 * anything else -> 500 INTERNAL_ERROR with a generic message, the error
 * itself going to the log (which redacts secrets) and never to the client.
 */
export function sendError(req: IncomingMessage, res: ServerResponse, err: unknown, logger: Logger): void {
  if (res.headersSent) {
    logger.warn('request failed after its answer began', { method: req.method, path: pathOf(req), error: describe(err) });
    res.destroy();
    return;
  }
  // The body the client is still sending is read (bounded) first, so it sees this answer rather than a reset.
  drainThen(req, () => writeError(req, res, err, logger));
}

function writeError(req: IncomingMessage, res: ServerResponse, err: unknown, logger: Logger): void {
  if (res.headersSent || res.destroyed) return;
  const extra: Record<string, string> = {};
  // A body cut off at the drain bound must not be parsed as the next request.
  if ((req as unknown as Record<symbol, boolean>)[CLOSE_AFTER_ANSWER]) extra.connection = 'close';
  if (err instanceof ApiError) {
    const body: ErrorBody = { code: err.code, message: logger.redact(err.message) };
    if (err.details !== undefined) body.details = JSON.parse(logger.redact(JSON.stringify(err.details)));
    sendJson(res, err.status, body, extra);
    return;
  }
  logger.error('unhandled error in a request', { method: req.method, path: pathOf(req), error: describe(err) });
  const { code, message } = apiError('INTERNAL_ERROR', {});
  sendJson(res, 500, { code, message }, extra);
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  return String(err);
}
