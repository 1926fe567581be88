/**
 * The MCP session of a stdio client (`browserflow mcp`): one session per
 * process, over the process's stdin and stdout. The session ends when the
 * client closes stdin (or the transport fails), and its live flows are
 * cancelled before this resolves.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, type McpServerOptions } from './server';

/** Serves one session on `stdin`/`stdout` until the client goes away; `stop` ends it from this side (a signal). */
export async function serveStdio(options: McpServerOptions, io: { stdin: Readable; stdout: Writable } = { stdin: process.stdin, stdout: process.stdout }): Promise<{ stop(): Promise<void>; closed: Promise<void> }> {
  const session = createMcpServer(options);
  const transport = new StdioServerTransport(io.stdin, io.stdout);
  let ended!: () => void;
  const gone = new Promise<void>((resolve) => { ended = resolve; });
  // The SDK transport does not watch for the end of stdin: the client closing its side ends the session.
  io.stdin.once('end', ended);
  io.stdin.once('close', ended);
  transport.onclose = ended;
  await session.server.connect(transport);
  const closed = gone.then(async () => {
    await session.close();
    await session.server.close().catch(() => undefined);
  });
  return {
    closed,
    async stop() {
      ended();
      await closed;
    },
  };
}
