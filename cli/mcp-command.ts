/**
 * `browserflow mcp [--server URL] [--config FILE] [--data-dir DIR]`: an MCP
 * server on stdin/stdout for coding agents. It drives the service at
 * `--server` through its REST API, or one started in-process from the config
 * (like `browserflow run`). Logs go to stderr: stdout carries the protocol.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { StartupError } from '../kernel/errors';
import { appVersion, createKernel, type Kernel } from '../kernel/kernel';
import { resolve } from '../kernel/tokens';
import { pathOverrides } from './defaults';
import { createHttpApiClient } from '../lib/mcp/api-client';
import { serveStdio } from '../lib/mcp/stdio';
import { HTTP_SERVER } from '../lib/http/route-contract';

/** `--server`: the service's base URL. */
const ServerUrl = v.pipe(v.string(), v.url('must be a URL such as http://127.0.0.1:7821'), v.regex(/^https?:\/\//i, 'must be an http or https URL'));

/** Runs until the client closes stdin or a signal comes; returns the exit code. */
export async function mcpCommand(argv: string[], defaultConfig: string): Promise<number> {
  const { values } = parseArgs({
    args: argv, strict: true,
    options: { server: { type: 'string' }, config: { type: 'string', default: defaultConfig }, 'data-dir': { type: 'string' } },
  });
  let kernel: Kernel | undefined;
  if (values.server !== undefined) {
    const checked = v.safeParse(ServerUrl, values.server);
    if (!checked.success) throw new StartupError(`--server ${checked.issues[0].message}, got "${values.server}".`);
  }
  let server = values.server?.replace(/\/+$/, '');
  let projectDir: string | undefined;
  try {
    if (!server) {
      kernel = await createKernel(values.config!, { port: 0, ...pathOverrides(values.config!, values['data-dir']), logLevel: 'warn' });
      await kernel.start();
      server = resolve(kernel.container, HTTP_SERVER).url();
      projectDir = join(kernel.settings.dataDir, 'mcp-projects');
    }
    const session = await serveStdio({
      api: createHttpApiClient(server), version: appVersion(), projectDir,
      onError: (err) => process.stderr.write(`browserflow mcp: unexpected error: ${(err as Error)?.stack ?? String(err)}\n`),
    });
    const stop = () => void session.stop();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await session.closed;
    return 0;
  } finally {
    await kernel?.stop();
  }
}
