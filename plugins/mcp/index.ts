/**
 * Plugin `mcp`: the MCP server (lib/mcp) over Streamable HTTP at /mcp. It
 * drives this service's own REST API on its loopback address, so MCP calls
 * get exactly the API's validation, guards and secret redaction.
 */
import { join } from 'node:path';
import * as v from 'valibot';
import { definePlugin } from '../../kernel/plugin';
import { LIFECYCLE, LOGGER } from '../../kernel/tokens';
import { createHttpApiClient } from '../../lib/mcp/api-client';
import { McpHttpSessions } from './http-sessions';
import { mcpRoutes } from './mcp-routes';
import { HTTP_SERVER, ROUTES } from '../../lib/http/route-contract';

const McpConfig = v.optional(v.strictObject({
  sessionIdleTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1_000)), 3_600_000),
  maxSessions: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 64),
}), {});

export default definePlugin({
  id: 'mcp',
  apiVersion: 2,
  description: 'MCP server (Streamable HTTP at /mcp) for coding agents',
  configSchema: McpConfig,
  provides: [ROUTES, LIFECYCLE],
  deps: { server: HTTP_SERVER, logger: LOGGER },
  register({ config, settings, deps, provide }) {
    let sessions: McpHttpSessions | undefined;
    const table = () => (sessions ??= new McpHttpSessions(() => ({
      api: createHttpApiClient(() => deps.server.url()),
      version: settings.version, projectDir: join(settings.dataDir, 'mcp-projects'),
      onError: (err) => deps.logger.error('MCP tool failed unexpectedly', { error: String((err as Error)?.stack ?? err) }),
    }), { idleTimeoutMs: config.sessionIdleTimeoutMs, maxSessions: config.maxSessions }));
    provide(ROUTES, () => mcpRoutes(table));
    // Order 110: stops before the HTTP server (100), so open MCP streams end first.
    provide(LIFECYCLE, () => ({ name: 'mcp-sessions', order: 110, stop: () => sessions?.closeAll() ?? Promise.resolve() }));
  },
});
