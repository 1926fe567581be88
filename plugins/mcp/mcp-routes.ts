/**
 * /mcp: the MCP Streamable HTTP endpoint (POST messages, GET the server's
 * event stream, DELETE the session). It goes through the HTTP server like
 * every route, so the Host/Origin guard the MCP spec asks for applies, and
 * the JSON body is read with the server's limits before the SDK sees it.
 */
import * as v from 'valibot';
import type { RouteDefinition, RouteRequest } from '../../lib/http/route-contract';
import type { McpHttpSessions } from './http-sessions';

const responses = {
  200: { description: 'A JSON-RPC answer (application/json) or a stream of them (text/event-stream)', contentType: 'text/event-stream' },
  202: { description: 'Accepted (notifications and responses)' },
  400: { description: 'Error `{code, message}`: no session id outside initialize, or a malformed message' },
  403: { description: 'FORBIDDEN_HOST: Host or Origin not local' },
  404: { description: 'NOT_FOUND: unknown or ended MCP session' },
  503: { description: 'SERVICE_UNAVAILABLE: too many MCP sessions' },
};

/** The three /mcp routes, all handed to the session table. */
export function mcpRoutes(sessions: () => McpHttpSessions): RouteDefinition[] {
  const handler = async (req: RouteRequest) => {
    await sessions().handle(req.raw, req.res, req.body);
    return { handled: true as const };
  };
  return [
    { method: 'POST', path: '/mcp', summary: 'MCP Streamable HTTP: send a JSON-RPC message (initialize opens a session)', tags: ['mcp'], body: v.unknown(), responses, handler },
    { method: 'GET', path: '/mcp', summary: 'MCP Streamable HTTP: the session\'s server-to-client event stream', tags: ['mcp'], responses, handler },
    { method: 'DELETE', path: '/mcp', summary: 'MCP Streamable HTTP: end the session (its live flows are cancelled)', tags: ['mcp'], responses, handler },
  ];
}
