/**
 * The Streamable HTTP sessions of /mcp: one SDK transport and one MCP
 * server per session (so two clients never share flows or a browser),
 * created by an `initialize` request and found again by the
 * `mcp-session-id` header. A session ends on DELETE (its live flows are
 * cancelled), after `idleTimeoutMs` without an open request (the same), or
 * when the service stops (the flow runner ends the flows itself).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { invalidRequest, apiError } from '../../kernel/errors';
import type { McpServerOptions, McpSession } from '../../lib/mcp/server';

/**
 * The MCP SDK and our server on it, imported by the first /mcp request:
 * loading them costs about 0.2 s of CPU, which the service's startup (and
 * every user who never speaks MCP) need not pay.
 */
const loadSdk = async () => {
  const [http, types, server] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('../../lib/mcp/server'),
  ]);
  return { StreamableHTTPServerTransport: http.StreamableHTTPServerTransport, isInitializeRequest: types.isInitializeRequest, createMcpServer: server.createMcpServer };
};
let sdk: ReturnType<typeof loadSdk> | undefined;

/** Limits of the session table. */
export interface SessionLimits {
  /** A session without an open request for this long is closed. */
  idleTimeoutMs: number;
  /** Sessions open at once; an initialize past it answers 503. */
  maxSessions: number;
}

interface Entry {
  transport: StreamableHTTPServerTransport;
  session: McpSession;
  idle: NodeJS.Timeout | undefined;
  /** Requests whose answer is still open (a long tool call, the event stream): the session is not idle meanwhile. */
  open: number;
  closed: boolean;
}

/** The session table behind the /mcp routes. */
export class McpHttpSessions {
  private readonly sessions = new Map<string, Entry>();
  /** Sessions being initialised (no id yet), counted against the limit. */
  private pending = 0;
  private stopping = false;

  constructor(private readonly server: () => McpServerOptions, private readonly limits: SessionLimits) {}

  /** Handles one request to /mcp (any method); `body` is the parsed JSON of a POST. */
  async handle(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const header = req.headers['mcp-session-id'];
    if (header !== undefined) {
      const id = typeof header === 'string' ? header : '';
      const entry = this.sessions.get(id);
      if (!entry) throw apiError('NOT_FOUND', { field: 'mcp-session-id', what: 'such MCP session', hint: 'it ended, or the service restarted; initialize a new one' });
      this.track(entry, res);
      await entry.transport.handleRequest(req, res, body);
      return;
    }
    const loaded = await (sdk ??= loadSdk());
    if (req.method !== 'POST' || !loaded.isInitializeRequest(body)) {
      throw invalidRequest('mcp-session-id: is required (send an initialize request first)');
    }
    if (this.stopping) throw apiError('SERVICE_UNAVAILABLE', { why: 'it is stopping' });
    if (this.sessions.size + this.pending >= this.limits.maxSessions) {
      throw apiError('SERVICE_UNAVAILABLE', { why: `too many MCP sessions open (${this.limits.maxSessions}); close one (DELETE /mcp) or wait for idle ones to expire` });
    }
    await this.open(req, res, body, loaded);
  }

  /** Opens a session; `loaded` is passed in so nothing awaits between the limit check and `pending++`. */
  private async open(req: IncomingMessage, res: ServerResponse, body: unknown, loaded: Awaited<ReturnType<typeof loadSdk>>): Promise<void> {
    const { StreamableHTTPServerTransport, createMcpServer } = loaded;
    const session = createMcpServer(this.server());
    let entry: Entry | undefined;
    this.pending++;
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.pending--;
        entry = { transport, session, idle: undefined, open: 0, closed: false };
        this.sessions.set(id, entry);
        this.track(entry, res);
      },
    });
    transport.onclose = () => {
      const id = transport.sessionId;
      if (id && this.sessions.get(id) === entry) this.drop(id);
      void session.close({ cancelFlows: !this.stopping });
    };
    await session.server.connect(transport);
    try {
      await transport.handleRequest(req, res, body);
    } finally {
      if (!entry) {
        // The initialize was refused by the transport: nothing was stored.
        this.pending--;
        void transport.close();
      }
    }
  }

  /** Counts the request as open until its answer ends, and restarts the idle clock then. */
  private track(entry: Entry, res: ServerResponse): void {
    entry.open++;
    this.arm(entry);
    res.once('close', () => {
      entry.open--;
      this.arm(entry);
    });
  }

  /** Closes the session after `idleTimeoutMs` without an open request. */
  private arm(entry: Entry): void {
    if (entry.idle) clearTimeout(entry.idle);
    if (entry.closed) return;
    entry.idle = setTimeout(() => {
      if (entry.open > 0) this.arm(entry);
      else void entry.transport.close();
    }, this.limits.idleTimeoutMs);
    entry.idle.unref();
  }

  private drop(id: string): void {
    const entry = this.sessions.get(id);
    if (entry) {
      entry.closed = true;
      if (entry.idle) clearTimeout(entry.idle);
    }
    this.sessions.delete(id);
  }

  /** Closes every session (the service is stopping: the flow runner ends their flows itself). */
  async closeAll(): Promise<void> {
    this.stopping = true;
    const entries = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(entries.map(async (e) => {
      e.closed = true;
      if (e.idle) clearTimeout(e.idle);
      await e.transport.close().catch(() => undefined);
      await e.session.close({ cancelFlows: false });
    }));
  }
}
