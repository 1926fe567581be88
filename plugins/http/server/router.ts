/**
 * Mounts every contributed route on one polka app. Routes are ordered so a
 * static segment wins over a parameter at the same place
 * (`/api/flows/project` before `/api/flows/:flowId`), whatever the plugin
 * order; an unmatched request gets 404, or 405 with `allow` when the path
 * exists for other methods.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import polka from 'polka';
import { parse } from 'regexparam';
import type { RouteDefinition } from '../../../lib/http/route-contract';
import { StartupError, apiError } from '../../../kernel/errors';
import { createRouteHandler, type HandlerContext, type RouteListener } from './route-handler';
import { sendError } from './responses';
import { refuseDrivenBrowser } from './client-guard';
import type { ParamPattern } from './path-params';

/** What polka adds to the request it routes. */
interface PolkaRequest extends IncomingMessage {
  path: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
}

/** A route as mounted: its definition and its compiled path pattern. */
interface MountedRoute extends ParamPattern {
  def: RouteDefinition;
}

/** Specificity key of a path: one digit per segment, 0 static, 1 parameter. */
function specificity(path: string): string {
  return path.split('/').filter(Boolean).map((s) => (s.startsWith(':') ? '1' : '0')).join('');
}

/** Sorts routes static-first and refuses two routes with the same method and shape. */
export function orderRoutes(defs: RouteDefinition[]): RouteDefinition[] {
  const seen = new Map<string, RouteDefinition>();
  for (const d of defs) {
    const shape = `${d.method} ${d.path.replace(/:[^/]+/g, ':')}`;
    const other = seen.get(shape);
    if (other) throw new StartupError(`Two plugins define the route ${d.method} ${d.path} (also ${other.method} ${other.path}). Remove one of them from the config file.`);
    seen.set(shape, d);
  }
  return defs
    .map((d, i) => ({ d, i, k: specificity(d.path) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i))
    .map((x) => x.d);
}

/** The request listener of the server: one polka app holding every route. */
export function buildRouter(defs: RouteDefinition[], ctx: HandlerContext): (req: IncomingMessage, res: ServerResponse) => void {
  const mounted: MountedRoute[] = [];
  /** method -> exact path -> handler, for routes without parameters (the hot path: ping, lists). */
  const exact = new Map<string, Map<string, RouteListener>>();
  const app = polka({
    onNoMatch: (req, res) => noMatch(req as unknown as PolkaRequest, res),
    onError: (err, req, res) => sendError(req, res, err, ctx.logger),
  });
  for (const def of orderRoutes(defs)) {
    // regexparam is the pattern compiler polka's router uses: the same pattern matches here for the
    // raw-path parameter decoding and the 405 answer, through public APIs only.
    const { keys, pattern } = parse(def.path);
    const route: MountedRoute = { def, keys, pattern };
    const handler = createRouteHandler(def, route, ctx);
    app.add(def.method, def.path, (req: PolkaRequest, res: ServerResponse) => handler(req, res, req.path, req.params, req.query));
    mounted.push(route);
    if (route.keys.length === 0 && !def.path.includes('*')) {
      for (const method of def.method === 'GET' ? ['GET', 'HEAD'] : [def.method]) {
        if (!exact.has(method)) exact.set(method, new Map());
        const byPath = exact.get(method)!;
        if (!byPath.has(def.path)) byPath.set(def.path, handler);
      }
    }
  }

  function noMatch(req: PolkaRequest, res: ServerResponse): void {
    const denied = ctx.guard.check(req.headers.host, req.headers.origin) ?? refuseDrivenBrowser(req.headers);
    if (denied) return sendError(req, res, denied, ctx.logger);
    const allow = new Set<string>();
    for (const r of mounted) if (r.pattern.test(req.path)) allow.add(r.def.method);
    if (allow.has('GET')) allow.add('HEAD');
    if (allow.size === 0) {
      return sendError(req, res, apiError('NOT_FOUND', { what: `route ${req.method} ${truncate(req.path)}`, hint: 'GET /api/openapi.json lists every route' }), ctx.logger);
    }
    const methods = [...allow].join(', ');
    res.setHeader('allow', methods);
    sendError(req, res, apiError('METHOD_NOT_ALLOWED', { method: req.method ?? '', path: truncate(req.path), allowed: methods }), ctx.logger);
  }

  // An exact match on a parameterless route skips polka's URL parsing and its
  // scan of every route; anything else (parameters, trailing slashes, 404,
  // 405) goes through polka. polka's own `attach` would also defer every
  // request by a setImmediate; calling its handler directly saves that turn.
  return (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const handler = exact.get(req.method ?? '')?.get(path);
    if (handler) return handler(req, res, path, NO_PARAMS, q < 0 ? {} : parseQuery(url.slice(q + 1)));
    void app.handler(req as never, res as never, undefined as never);
  };
}

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;

function truncate(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}...` : path;
}
