/**
 * The HTTP extension point: routes contributed by plugins (ROUTES) and the
 * server's address (HTTP_SERVER), both between plugins (the kernel serves
 * no HTTP itself). The HTTP plugin validates `params`,
 * `query` and `body` with the given valibot schemas before the handler runs
 * (400 INVALID_REQUEST naming the field), maps thrown ApiErrors, and builds
 * the OpenAPI document from the same schemas.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as v from 'valibot';
import { createToken } from '../../kernel/tokens';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a handler receives, already validated. */
export interface RouteRequest<P = any, Q = any, B = any> {
  params: P;
  query: Q;
  body: B;
  headers: IncomingMessage['headers'];
  /** The raw request, for streaming routes (SSE, Range). */
  raw: IncomingMessage;
  /** The raw response; a handler that writes to it itself returns `{ handled: true }`. */
  res: ServerResponse;
}

/** A JSON answer, a binary/text answer, or "I wrote the response myself". */
export type RouteResult =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; body: Buffer | string | NodeJS.ReadableStream; contentType: string; headers?: Record<string, string> }
  | { status: 204; headers?: Record<string, string> }
  | { handled: true };

export interface RouteResponseDoc {
  description: string;
  /** JSON response schema (for the OpenAPI document). */
  schema?: v.GenericSchema;
  /** Non-JSON content type (image/png, video/webm, application/zip, text/javascript...). */
  contentType?: string;
}

export interface RouteDefinition {
  method: HttpMethod;
  /** polka pattern, e.g. `/api/flows/:flowId`. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  tags?: string[];
  /** false: served, but left out of the OpenAPI document, which describes the API (the web UI's pages and files). */
  openapi?: false;
  params?: v.GenericSchema;
  query?: v.GenericSchema;
  body?: v.GenericSchema;
  /** Error code used when a path param fails validation (e.g. FLOW_NOT_FOUND for a malformed flowId). */
  paramsErrorCode?: 'INVALID_REQUEST' | 'FLOW_NOT_FOUND' | 'NOT_FOUND';
  responses: Record<number, RouteResponseDoc>;
  /**
   * The answer holds secrets in clear (env values, GPT configurations): a
   * request from a browser is refused (403 BROWSER_READ_REFUSED) unless it
   * carries the header X-Browserflow-Client, which a page can only send
   * same-origin. Programs (curl, SDKs) are not affected.
   */
  secretsInClear?: boolean;
  handler(req: RouteRequest): Promise<RouteResult> | RouteResult;
}

/** What a route's schema gives its handler: the schema's output, or what arrives unchecked when the route has none. */
type Checked<S, Unchecked> = S extends v.GenericSchema ? v.InferOutput<S> : Unchecked;

/** A route whose handler is typed by its own schemas (see `defineRoute`). */
export type TypedRouteDefinition<P, Q, B> = Omit<RouteDefinition, 'params' | 'query' | 'body' | 'handler'> & {
  params?: P;
  query?: Q;
  body?: B;
  handler(req: RouteRequest<Checked<P, Record<string, string>>, Checked<Q, Record<string, unknown>>, Checked<B, unknown>>): Promise<RouteResult> | RouteResult;
};

/**
 * Types a route's handler from its own `params`, `query` and `body` schemas
 * (what the HTTP plugin validated before calling it), so a handler never
 * casts what it receives.
 */
export function defineRoute<
  P extends v.GenericSchema | undefined = undefined,
  Q extends v.GenericSchema | undefined = undefined,
  B extends v.GenericSchema | undefined = undefined,
>(def: TypedRouteDefinition<P, Q, B>): RouteDefinition {
  return def as RouteDefinition;
}

/** HTTP routes, one array per contributing plugin. */
export const ROUTES = createToken<RouteDefinition[]>('http.routes', { multi: true });

/** Where the HTTP server listens (provided by the HTTP plugin). */
export interface HttpServerInfo {
  /** `http://127.0.0.1:<actual port>` once listening. */
  url(): string;
}

/** The HTTP server's address. */
export const HTTP_SERVER = createToken<HttpServerInfo>('http.server');
