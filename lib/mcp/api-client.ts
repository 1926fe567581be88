/**
 * The small typed client of the browserflow REST API that the MCP server
 * drives. Everything goes over HTTP, so MCP calls get exactly the API's
 * validation, guards and secret redaction; inside the service it talks to
 * its own loopback address.
 */
import type { ApiFlow, ApiObservation, ApiTool, ApiToolCall, ErrorBody, ExportOptions } from './api-types';

/** An error answer of the API (`{code, message}`), or a transport failure (`code` NETWORK_ERROR, status 0). */
export class ApiRequestError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** What the MCP server needs from the API. Every method rejects with ApiRequestError. */
export interface BrowserflowApi {
  /** GET /api/tools. */
  tools(): Promise<ApiTool[]>;
  /** POST /api/flows (the body is a CreateFlow; the API validates it). */
  createFlow(body: unknown): Promise<ApiFlow>;
  /** GET /api/flows/{id}. */
  flow(flowId: string): Promise<ApiFlow>;
  /** GET /api/flows with the given query. */
  flows(query: Record<string, string | number | undefined>): Promise<{ flows: ApiFlow[]; nextPageToken: string | null }>;
  /** POST /api/flows/{id}/tool-calls: queues an INSTRUCT call. */
  submitToolCall(flowId: string, name: string, parameters: Record<string, unknown>): Promise<{ toolCallId: string }>;
  /** GET /api/flows/{id}/tool-calls/{toolCallId}, or null while it has not started. */
  toolCall(flowId: string, toolCallId: string): Promise<ApiToolCall | null>;
  /** GET /api/flows/{id}/tool-calls. */
  toolCalls(flowId: string): Promise<ApiToolCall[]>;
  /** GET /api/flows/{id}/observation. */
  observation(flowId: string, screenshot: boolean): Promise<ApiObservation>;
  /** POST /api/flows/{id}/cancel. */
  cancel(flowId: string): Promise<ApiFlow>;
  /** GET /api/flows/{id}/code: the Playwright test file. */
  code(flowId: string, options: ExportOptions): Promise<string>;
  /** POST /api/flows/project: the zipped project. */
  project(flowIds: string[], options: ExportOptions): Promise<Buffer>;
}

/** A client of the service at `baseUrl` (`http://127.0.0.1:7821`); `baseUrl` may be a function read at each call (the port is known once listening). */
export function createHttpApiClient(baseUrl: string | (() => string)): BrowserflowApi {
  const base = () => (typeof baseUrl === 'function' ? baseUrl() : baseUrl).replace(/\/+$/, '');

  const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
    let res: Response;
    try {
      res = await fetch(base() + path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ApiRequestError(0, 'NETWORK_ERROR', `Cannot reach the browserflow service at ${base()}: ${(err as Error).message}`);
    }
    if (res.ok) return res;
    const text = await res.text();
    // Read defensively: whatever answered may not be the service.
    let parsed: { [K in keyof ErrorBody]?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not an API error body (a proxy in between?): the status says enough.
    }
    throw new ApiRequestError(res.status, typeof parsed.code === 'string' ? parsed.code : `HTTP_${res.status}`,
      typeof parsed.message === 'string' ? parsed.message : `${method} ${path} answered ${res.status}`);
  };
  const json = async <T>(method: string, path: string, body?: unknown): Promise<T> => (await (await send(method, path, body)).json()) as T;
  const flowPath = (flowId: string) => `/api/flows/${encodeURIComponent(flowId)}`;

  return {
    tools: () => json('GET', '/api/tools'),
    createFlow: (body) => json('POST', '/api/flows', body),
    flow: (flowId) => json('GET', flowPath(flowId)),
    flows(query) {
      const q = new URLSearchParams();
      for (const [k, val] of Object.entries(query)) if (val !== undefined) q.set(k, String(val));
      const qs = q.toString();
      return json('GET', `/api/flows${qs ? `?${qs}` : ''}`);
    },
    submitToolCall: (flowId, name, parameters) => json('POST', `${flowPath(flowId)}/tool-calls`, { name, parameters }),
    async toolCall(flowId, toolCallId) {
      try {
        return await json<ApiToolCall>('GET', `${flowPath(flowId)}/tool-calls/${encodeURIComponent(toolCallId)}`);
      } catch (err) {
        if (err instanceof ApiRequestError && err.code === 'TOOL_CALL_NOT_FOUND') return null;
        throw err;
      }
    },
    toolCalls: (flowId) => json('GET', `${flowPath(flowId)}/tool-calls`),
    observation: (flowId, screenshot) => json('GET', `${flowPath(flowId)}/observation${screenshot ? '?screenshot=true' : ''}`),
    cancel: (flowId) => json('POST', `${flowPath(flowId)}/cancel`),
    async code(flowId, options) {
      return (await send('GET', `${flowPath(flowId)}/code?language=${options.language ?? 'javascript'}`)).text();
    },
    async project(flowIds, options) {
      const res = await send('POST', '/api/flows/project', { flowIds, options: { language: options.language ?? 'javascript' } });
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
