/**
 * `browserflow run FLOW.json [--server URL] [--config FILE] [--data-dir DIR] [--json]`:
 * creates the flow on a running service (or on one started in-process from
 * the config), prints live progress from its event stream and exits 0 on
 * SUCCESS, 1 on FAILED (2 when the flow could not be created).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createKernel, type Kernel } from '../kernel/kernel';
import { StartupError } from '../kernel/errors';
import { resolve } from '../kernel/tokens';
import { pathOverrides } from './defaults';
import type { ErrorBody, FlowMetadata } from '../kernel/flows/flow-types';
import { readSse } from './sse-client';
import { ProgressPrinter } from './progress-printer';
import { HTTP_SERVER } from '../lib/http/route-contract';

export async function runFlowCommand(argv: string[], defaultConfig: string, out: (s: string) => void = (s) => process.stdout.write(s + '\n')): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      server: { type: 'string' }, config: { type: 'string', default: defaultConfig },
      'data-dir': { type: 'string' }, json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new StartupError('run needs exactly one flow file: browserflow run FLOW.json');
  let body: unknown;
  try {
    body = JSON.parse(readFileSync(positionals[0]!, 'utf8'));
  } catch (err) {
    throw new StartupError(`Cannot read the flow file ${positionals[0]}: ${(err as Error).message}`);
  }
  let kernel: Kernel | undefined;
  let server = values.server?.replace(/\/+$/, '');
  try {
    if (!server) {
      kernel = await createKernel(values.config!, { port: 0, ...pathOverrides(values.config!, values['data-dir']), logLevel: 'warn' });
      await kernel.start();
      server = resolve(kernel.container, HTTP_SERVER).url();
    }
    const res = await fetch(`${server}/api/flows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = (await res.json()) as FlowMetadata & Partial<ErrorBody>;
    if (res.status !== 201) {
      out(`Could not create the flow: ${res.status} ${created.code}: ${created.message}`);
      return 2;
    }
    const printer = new ProgressPrinter(values.json ? () => undefined : out, created.maxToolCalls);
    if (!values.json) out(`flow ${created.id} "${created.name}" (${created.initialRunMode}) on ${created.targetWebsite}`);
    let final: FlowMetadata | undefined;
    let last = '';
    for await (const msg of readSse(`${server}/api/flows/${created.id}/events`)) {
      const data = JSON.parse(msg.data);
      if (msg.event === 'state' && data.state !== last) { last = data.state; printer.state(data.state); }
      else if (msg.event === 'toolCall' && data.phase === 'finished') printer.toolCall(data.toolCall);
      else if (msg.event === 'done') { final = data.flow; break; }
    }
    if (!final) final = (await (await fetch(`${server}/api/flows/${created.id}`)).json()) as FlowMetadata;
    if (values.json) out(JSON.stringify(final, null, 2));
    else printer.done(final);
    return final.state === 'SUCCESS' ? 0 : 1;
  } finally {
    await kernel?.stop();
  }
}
