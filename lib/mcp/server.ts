/**
 * The browserflow MCP server of one session: the SDK's low-level Server
 * (McpServer wants zod schemas; ours are the API's JSON Schemas, listed as
 * they are), the tools of this server plus one per browser tool of the API,
 * and the session's flows, cancelled when the session closes. The same
 * factory serves stdio (`browserflow mcp`) and Streamable HTTP (`/mcp`).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiRequestError, type BrowserflowApi } from './api-client';
import { apiErrorResult } from './answers';
import { browserTool } from './browser-tools';
import { exportTools } from './export-tools';
import { flowTools } from './flow-tools';
import { SessionFlowError, SessionFlows } from './session-flows';
import { errorResult, type McpTool, type McpToolContext } from './tool-kit';

/** What the factory needs. */
export interface McpServerOptions {
  /** The REST API the tools drive. */
  api: BrowserflowApi;
  /** Version announced to clients (the service's). */
  version: string;
  /** Where flow_project writes zips (the service's data dir), when the server runs beside it. */
  projectDir?: string;
  /** Unexpected errors (bugs), for the service's log; the client gets a generic message. */
  onError?(err: unknown): void;
}

/**
 * One MCP session: connect `server` to a transport, and call `close()` when
 * that transport closes (its owner knows whether the flows are to be
 * cancelled, or the service is stopping and ends them itself).
 */
export interface McpSession {
  server: Server;
  flows: SessionFlows;
  /**
   * Ends the session: its calls in progress stop waiting and, unless
   * `cancelFlows` is false (the service is stopping and ends them itself),
   * its live flows are cancelled. Idempotent.
   */
  close(options?: { cancelFlows?: boolean }): Promise<void>;
}

const INSTRUCTIONS = `browserflow drives a real browser in recorded flows and turns them into Playwright tests.
1. flow_start {targetWebsite} opens the page and answers a compact list of its elements, each with a ref [N].
2. Act with the browser tools (click, type, selectOption, assertText...): an element is ref=N for the element [N] of the latest observation, or a selector (CSS, role=..., text=...). Each answers the outcome and the page after it (screenshot: true adds a PNG). flowId may be left out while the session has one live flow. Use \${NAME} for secrets (env vars named in flow_start's envVars); values never appear in answers.
3. flow_finish {success, summary}, then flow_test {flowId} answers a Playwright test replaying the session with robust selectors; flow_run checks a DETERMINISTIC flow.`;

/** Creates the server of one session. */
export function createMcpServer(options: McpServerOptions): McpSession {
  const { api } = options;
  const flows = new SessionFlows(api);
  const closing = new AbortController();
  const server = new Server({ name: 'browserflow', version: options.version }, { capabilities: { tools: { listChanged: true } }, instructions: INSTRUCTIONS });

  let tools: Promise<Map<string, McpTool>> | undefined;
  const toolMap = (): Promise<Map<string, McpTool>> => {
    tools ??= api.tools().then((list) => {
      const map = new Map<string, McpTool>();
      for (const t of [...flowTools(), ...exportTools()]) map.set(t.name, t);
      // A browser tool named like one of ours is not offered: ours keep their contract.
      for (const t of list) {
        const mcp = browserTool(t);
        if (mcp && !map.has(mcp.name)) map.set(mcp.name, mcp);
      }
      return map;
    }).catch((err: unknown) => {
      tools = undefined; // the service may come back: ask again next time
      throw err;
    });
    return tools;
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...(await toolMap()).values()].map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, annotations: t.annotations })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const signal = AbortSignal.any([extra.signal, closing.signal]);
    const progressToken = request.params._meta?.progressToken;
    const ctx: McpToolContext = {
      api, flows, signal, projectDir: options.projectDir,
      async addTools(more) {
        const map = await toolMap();
        let added = false;
        for (const t of more) if (!map.has(t.name)) { map.set(t.name, t); added = true; }
        if (added) await server.sendToolListChanged().catch(() => undefined);
      },
      async progress(progress, total, message) {
        if (progressToken === undefined) return;
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress, total, message } });
      },
    };
    try {
      const tool = (await toolMap()).get(request.params.name);
      if (!tool) return errorResult(`Unknown tool "${request.params.name}" (tools/list names them)`);
      return await tool.call(request.params.arguments ?? {}, ctx);
    } catch (err) {
      if (err instanceof ApiRequestError) return apiErrorResult(err);
      if (err instanceof SessionFlowError) return errorResult(err.message);
      if (signal.aborted) return errorResult('Cancelled');
      options.onError?.(err);
      return errorResult('Internal error in the browserflow MCP server (see the service log)');
    }
  });

  let closed: Promise<void> | undefined;
  const close = (closeOptions: { cancelFlows?: boolean } = {}) => {
    closed ??= (async () => {
      closing.abort();
      if (closeOptions.cancelFlows !== false) await flows.close();
    })();
    return closed;
  };
  return { server, flows, close };
}
