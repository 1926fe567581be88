/** GET /api/ping, /api/version, /api/tools and /api/openapi.json. */
import * as v from 'valibot';
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { buildOpenApiDocument } from './openapi';
import { listTools } from './tool-list';
import { ToolInfoSchema, type ToolInfo } from '../../../lib/tool-calls/tool-info-schema';

const PingResponse = v.object({ status: v.literal('ok') });
const VersionResponse = v.object({ version: v.pipe(v.string(), v.description('Semantic version of the service')) });
const ToolsResponse = v.array(ToolInfoSchema);
const OpenApiResponse = v.pipe(v.record(v.string(), v.unknown()), v.description('An OpenAPI 3.1 document'));

/** The system routes; the tool list and OpenAPI document are built on first use, then kept (routes and tools are fixed after start). */
export function systemRoutes(version: string, deps: { readonly tools: ToolDefinition[][]; readonly routes: RouteDefinition[][] }): RouteDefinition[] {
  const ping = { status: 'ok' } as const;
  const versionBody = { version };
  let tools: ToolInfo[] | undefined;
  let openapi: Record<string, unknown> | undefined;
  return [
    defineRoute({
      method: 'GET', path: '/api/ping', summary: 'Health check', tags: ['system'],
      responses: { 200: { description: 'The service is up', schema: PingResponse } },
      handler: () => ({ json: ping }),
    }),
    defineRoute({
      method: 'GET', path: '/api/version', summary: 'Version of the service', tags: ['system'],
      responses: { 200: { description: 'The version', schema: VersionResponse } },
      handler: () => ({ json: versionBody }),
    }),
    defineRoute({
      method: 'GET', path: '/api/tools', summary: 'List every built-in tool with its input JSON Schema', tags: ['system'],
      responses: { 200: { description: 'The tools, in plugin order', schema: ToolsResponse } },
      handler: () => ({ json: (tools ??= listTools(deps.tools)) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/openapi.json', summary: 'This API as an OpenAPI 3.1 document', tags: ['system'],
      responses: { 200: { description: 'The document, generated from the validating schemas', schema: OpenApiResponse } },
      handler: () => ({ json: (openapi ??= buildOpenApiDocument(deps.routes.flat(), version)) }),
    }),
  ];
}
