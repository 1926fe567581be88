/**
 * The per-route request pipeline: Host/Origin guard, body, params, query,
 * body validation, handler, answer. Everything that depends only on the
 * route (schemas, whether a body may be absent) is worked out once here, not
 * per request.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import type { RouteDefinition, RouteResult } from '../../../lib/http/route-contract';
import { ApiError, invalidRequest, type ErrorCode } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import { parseOrThrow } from '../../../lib/validation/validation';
import type { HostGuard } from './host-guard';
import { hasBody, readJsonBody } from './json-body';
import { refuseBrowserSecretRead, refuseDrivenBrowser } from './client-guard';
import { CLOSE_AFTER_ANSWER, drainThen } from './drain';
import { decodeParams, type ParamPattern } from './path-params';
import { sendError, sendResult } from './responses';

/**
 * A mounted route's listener. The router passes what it parsed as
 * arguments rather than as properties added to the request, which would
 * change the shape of node's own objects on the hot path.
 */
export type RouteListener = (
  req: IncomingMessage,
  res: ServerResponse,
  /** The raw (still percent-encoded) path. */
  path: string,
  /** Raw parameter values as the router matched them. */
  routerParams: Record<string, string>,
  /** The parsed query string. */
  query: Record<string, unknown>,
) => void;

/** What a route handler needs from the server. */
export interface HandlerContext {
  guard: HostGuard;
  logger: Logger;
  bodyLimitBytes: number;
  /** Called with responses that stay open after the handler returned (SSE, streams). */
  onOpenResponse(res: ServerResponse): void;
}

const EMPTY: Readonly<Record<string, string>> = Object.freeze({});

/** Builds the request listener of one route. */
export function createRouteHandler(def: RouteDefinition, pattern: ParamPattern, ctx: HandlerContext): RouteListener {
  const paramsErrorCode: ErrorCode = def.paramsErrorCode ?? 'INVALID_REQUEST';
  const hasParams = pattern.keys.length > 0;
  const bodySchema = def.body;
  const bodyOptional = bodySchema !== undefined && v.safeParse(bodySchema, undefined).success;
  const { guard, logger, bodyLimitBytes } = ctx;
  // Routes that may write their own answer (streams, SSE) get the header up front; JSON answers set it themselves.
  const presetNosniff = Object.values(def.responses).some((r) => r.contentType !== undefined);

  const validateParams = (raw: Record<string, string>): unknown => {
    if (!def.params) return raw;
    try {
      return parseOrThrow(def.params, raw);
    } catch (err) {
      if (err instanceof ApiError && paramsErrorCode !== 'INVALID_REQUEST') throw new ApiError(paramsErrorCode, err.message);
      throw err;
    }
  };

  const finish = (res: ServerResponse, result: RouteResult): void => {
    if (sendResult(res, result, logger)) ctx.onOpenResponse(res);
  };

  /** Everything after the body: validation, handler, answer. Synchronous unless the handler is not. */
  const run = (req: IncomingMessage, res: ServerResponse, path: string, routerParams: Record<string, string>, rawQuery: Record<string, unknown>, rawBody: unknown): void => {
    try {
      const params = hasParams ? validateParams(decodeParams(path, routerParams, pattern, paramsErrorCode)) : EMPTY;
      const query = def.query ? parseOrThrow(def.query, rawQuery) : rawQuery;
      const body = bodySchema ? parseOrThrow(bodySchema, rawBody) : undefined;
      if (presetNosniff) res.setHeader('x-content-type-options', 'nosniff');
      const result = def.handler({ params, query, body, headers: req.headers, raw: req, res });
      // Most handlers of the hot path are synchronous: no promise, no extra turn for them.
      if (typeof (result as PromiseLike<RouteResult>)?.then === 'function') {
        Promise.resolve(result).then((r) => finish(res, r)).catch((err) => sendError(req, res, err, logger));
      } else {
        finish(res, result as RouteResult);
      }
    } catch (err) {
      sendError(req, res, err, logger);
    }
  };

  return (req, res, path, routerParams, rawQuery) => {
    const denied = guard.check(req.headers.host, req.headers.origin) ?? refuseDrivenBrowser(req.headers)
      ?? (def.secretsInClear ? refuseBrowserSecretRead(req.headers) : null);
    if (denied) return sendError(req, res, denied, logger);
    // A body sent to a route that takes none is read and discarded first (bounded), then answered.
    if (!bodySchema) {
      if (!hasBody(req)) return run(req, res, path, routerParams, rawQuery, undefined);
      return drainThen(req, () => {
        // Cut off at the drain bound: what is left of the body must not be read as the next request.
        if ((req as unknown as Record<symbol, boolean>)[CLOSE_AFTER_ANSWER]) res.setHeader('connection', 'close');
        run(req, res, path, routerParams, rawQuery, undefined);
      });
    }
    readJsonBody(req, bodyLimitBytes).then((body) => {
      if (body === undefined && !bodyOptional) throw invalidRequest('body: is required');
      run(req, res, path, routerParams, rawQuery, body);
    }).catch((err) => sendError(req, res, err, logger));
  };
}
