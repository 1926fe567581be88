/**
 * CLI entry: `browserflow serve [--config FILE] [--host H] [--port N] [--data-dir DIR]`
 * `browserflow run FLOW.json [--server URL] [--config FILE] [--json]` and
 * `browserflow mcp [--server URL] [--config FILE]` (an MCP server on stdio) and
 * `browserflow test (--suite NAME | --tag TAG | FLOW_ID...) ...` (a run with verdicts and reports).
 * Startup errors print one paragraph and exit 1, never a bare stack trace.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createKernel } from '../kernel/kernel';
import { StartupError } from '../kernel/errors';
import { resolve } from '../kernel/tokens';
import { HTTP_SERVER } from '../lib/http/route-contract';
import { DEFAULT_CONFIG, pathOverrides } from './defaults';

const USAGE = `Usage:
  browserflow serve [--config FILE] [--host HOST] [--port PORT] [--data-dir DIR]
  browserflow run FLOW.json [--server URL] [--config FILE] [--data-dir DIR] [--json]
  browserflow mcp [--server URL] [--config FILE] [--data-dir DIR]
  browserflow test (--suite NAME | --tag TAG... | FLOW_ID...) [--server URL] [--config FILE] [--data-dir DIR]
                   [--repeat N] [--concurrency N] [--base-url URL] [--junit FILE] [--html FILE] [--json]
  browserflow --version`;

async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      config: { type: 'string', default: DEFAULT_CONFIG },
      host: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'log-level': { type: 'string' },
    },
    strict: true,
  });
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new StartupError(`--port must be an integer from 0 to 65535, got "${values.port}".`);
  }
  const logLevel = values['log-level'] as never;
  const kernel = await createKernel(values.config!, { host: values.host, port, ...pathOverrides(values.config!, values['data-dir']), logLevel });
  await kernel.start();
  const url = resolve(kernel.container, HTTP_SERVER).url();
  process.stdout.write(`browserflow ${kernel.settings.version} listening on ${url} (data: ${kernel.settings.dataDir})\n`);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    kernel.logger.info(`received ${signal}, shutting down`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await kernel.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  switch (command) {
    case 'serve':
      return serve(rest);
    // Imported when chosen: `serve` need not load the MCP SDK (a tenth of its startup).
    case 'run': {
      const { runFlowCommand } = await import('./run-command');
      process.exitCode = await runFlowCommand(rest, DEFAULT_CONFIG);
      return;
    }
    case 'test': {
      const { testCommand } = await import('./test-command');
      process.exitCode = await testCommand(rest, DEFAULT_CONFIG);
      return;
    }
    case 'mcp': {
      const { mcpCommand } = await import('./mcp-command');
      process.exitCode = await mcpCommand(rest, DEFAULT_CONFIG);
      return;
    }
    case '--version': case '-v': {
      const { appVersion } = await import('../kernel/kernel');
      process.stdout.write(appVersion() + '\n');
      return;
    }
    case undefined: case '--help': case '-h':
      process.stdout.write(USAGE + '\n');
      return;
    default:
      throw new StartupError(`Unknown command "${command}".\n${USAGE}`);
  }
}

main().catch((err) => {
  if (err instanceof StartupError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || (err as { code?: string }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    process.stderr.write(`browserflow: ${(err as Error).message}\n`);
  } else {
    process.stderr.write(`browserflow: unexpected error: ${(err as Error).stack ?? String(err)}\n`);
  }
  process.exit(1);
});
