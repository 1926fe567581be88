/**
 * Reads a JSON request body with a size limit. Written here rather than
 * with @polka/parse because that middleware answers 422 for malformed JSON,
 * silently skips bodies whose content type is not JSON (the handler would
 * see `{}`), never looks at Content-Length before reading, and calls
 * `next(err)` once per chunk past the limit (several answers to one request).
 */
import type { IncomingMessage } from 'node:http';
import { ApiError, invalidRequest, apiError } from '../../../kernel/errors';
import { MAX_JSON_DEPTH, findTooDeep } from './json-depth';
import { announcesBody } from './drain';

/** `application/json`, or any `application/*+json`, with optional parameters. */
const JSON_TYPE = /^application\/(?:[a-z0-9.+-]*\+)?json\s*(?:;|$)/i;

/** Whether the request announces a body at all. */
export const hasBody = announcesBody;

/** Reads and parses the body; `undefined` when the request has none (or an empty one). */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  if (!hasBody(req)) return undefined;
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw tooLarge(req, limit);
  const type = req.headers['content-type'];
  if (type === undefined || !JSON_TYPE.test(type)) {
    // The body is left unread; the error answer drains it first (drain.ts).
    throw invalidRequest(`body: content-type must be application/json, got ${type === undefined ? 'none' : JSON.stringify(type.slice(0, 100))}`);
  }
  const raw = await collect(req, limit);
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  // Before parsing: what follows the parse (validation, stringify) recurses and must never see a deep value.
  const tooDeep = findTooDeep(text, MAX_JSON_DEPTH);
  if (tooDeep !== null) throw invalidRequest(`${tooDeep || 'body'}: nested more than ${MAX_JSON_DEPTH} levels deep (objects and arrays)`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalidRequest(`body: malformed JSON (${describeSyntaxError(err as Error)})`);
  }
}

function collect(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        // The rest is read and discarded before the answer (drain.ts).
        reject(tooLarge(req, limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function tooLarge(_req: IncomingMessage, limit: number): ApiError {
  return apiError('PAYLOAD_TOO_LARGE', { limit });
}

/**
 * V8's messages may quote a slice of the input (`"sk-abc..." is not valid
 * JSON`); the body can hold secrets, so only the position is kept.
 */
function describeSyntaxError(err: Error): string {
  const position = /position (\d+)/.exec(err.message);
  if (position) return `at position ${position[1]}`;
  if (/end of (JSON|data) input/i.test(err.message)) return 'unexpected end of input';
  const token = /^Unexpected token '?(.)'?/.exec(err.message);
  if (token) return `unexpected token ${JSON.stringify(token[1])}`;
  return 'not valid JSON';
}
