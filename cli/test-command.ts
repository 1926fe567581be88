/**
 * `browserflow test (--suite NAME | --tag TAG... | FLOW_ID...) [--server URL]
 * [--config FILE] [--data-dir DIR] [--repeat N] [--concurrency N]
 * [--base-url URL] [--junit FILE] [--html FILE] [--json]`: starts a run
 * (trigger `cli`) on a running service, or on one started in-process from
 * the config (the embedded defaults when none is given), prints a line per
 * attempt as it ends and the verdict table, writes the reports, and exits
 * 0 when the run PASSED, 1 when it did not (FAILED, CANCELLED), 2 when it
 * could not start (bad arguments, no service, the run refused).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createKernel, type Kernel } from '../kernel/kernel';
import { resolve } from '../kernel/tokens';
import { HTTP_SERVER } from '../lib/http/route-contract';
import type { RunAttempt, RunRecord } from '../lib/qa/run-types';
import type { ErrorBody } from '../kernel/flows/flow-types';
import { pathOverrides } from './defaults';
import { readSse } from './sse-client';

export const TEST_USAGE = 'browserflow test (--suite NAME | --tag TAG... | FLOW_ID...) [--server URL] [--config FILE] [--data-dir DIR] [--repeat N] [--concurrency N] [--base-url URL] [--junit FILE] [--html FILE] [--json]';

/** Exit codes. */
const PASSED = 0;
const NOT_PASSED = 1;
const NOT_STARTED = 2;

type Out = (line: string) => void;

class Usage extends Error {}

function integer(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Usage(`--${flag} must be a positive integer, got "${value}"`);
  return n;
}

function parse(argv: string[], defaultConfig: string) {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      suite: { type: 'string' }, tag: { type: 'string', multiple: true }, server: { type: 'string' },
      config: { type: 'string', default: defaultConfig }, 'data-dir': { type: 'string' },
      repeat: { type: 'string' }, concurrency: { type: 'string' }, 'base-url': { type: 'string' },
      junit: { type: 'string' }, html: { type: 'string' }, json: { type: 'boolean', default: false },
    },
  });
  const tags = values.tag ?? [];
  if (values.suite !== undefined && (tags.length || positionals.length)) throw new Usage('give --suite alone, or --tag and/or flow ids');
  if (values.suite === undefined && !tags.length && !positionals.length) throw new Usage('name what to run: --suite NAME, --tag TAG or flow ids');
  const body: Record<string, unknown> = { trigger: 'cli' };
  if (values.suite !== undefined) body.suite = values.suite;
  if (tags.length) body.tags = tags;
  if (positionals.length) body.flowIds = positionals;
  const repeat = integer('repeat', values.repeat);
  const concurrency = integer('concurrency', values.concurrency);
  if (repeat !== undefined) body.repeat = repeat;
  if (concurrency !== undefined) body.concurrency = concurrency;
  if (values['base-url'] !== undefined) body.baseUrl = values['base-url'];
  return { values, body };
}

const secs = (ms: number | null) => (ms === null ? '' : `${(ms / 1000).toFixed(1)} s`);
const MARK: Record<string, string> = { SUCCESS: 'ok  ', FAILED: 'FAIL', SKIPPED: 'skip' };

/** One line for an attempt that has ended. */
function attemptLine(name: string, i: number, of: number, a: RunAttempt): string {
  const healed = a.healed ? ' (healed)' : '';
  const failure = a.failure ? `: ${a.failure.code}: ${a.failure.message.split('\n')[0]!.slice(0, 160)}` : '';
  return `  ${MARK[a.state] ?? a.state} ${name} [attempt ${i + 1}/${of}] ${a.state}${a.durationMs !== null ? ` in ${secs(a.durationMs)}` : ''}${healed}${failure}`;
}

/** The verdict table and the summary line. */
export function verdictTable(run: RunRecord): string[] {
  const nameWidth = Math.min(40, Math.max(4, ...run.results.map((r) => r.name.length)));
  const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n));
  const lines = [`${pad('flow', nameWidth)}  ${pad('verdict', 7)}  attempts`];
  for (const r of run.results) {
    const time = r.attempts.reduce((s, a) => s + (a.durationMs ?? 0), 0);
    lines.push(`${pad(r.name, nameWidth)}  ${pad(r.verdict ?? '-', 7)}  ${r.attempts.map((a) => a.state).join(' ')}  ${secs(time)}`);
  }
  const c = run.counts;
  const wall = run.completedAt !== null ? ` in ${secs(run.completedAt - run.createdAt)}` : '';
  lines.push(`run ${run.state}${wall}: ${c.passed} passed, ${c.healed} healed, ${c.flaky} flaky, ${c.failed} failed (${c.flows} flows)`);
  return lines;
}

async function getRun(server: string, id: string): Promise<RunRecord> {
  const res = await fetch(`${server}/api/runs/${id}`);
  if (!res.ok) throw new Error(`GET /api/runs/${id} answered ${res.status}`);
  return (await res.json()) as RunRecord;
}

async function saveReport(server: string, id: string, kind: 'junit.xml' | 'report.html', file: string, out: Out): Promise<void> {
  const res = await fetch(`${server}/api/runs/${id}/${kind}`);
  if (!res.ok) throw new Error(`GET /api/runs/${id}/${kind} answered ${res.status}`);
  await writeFile(file, Buffer.from(await res.arrayBuffer()));
  out(`${kind === 'junit.xml' ? 'JUnit XML' : 'HTML report'}: ${file}`);
}

export async function testCommand(argv: string[], defaultConfig: string, out: Out = (s) => process.stdout.write(s + '\n'), err: Out = (s) => process.stderr.write(s + '\n')): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv, defaultConfig);
  } catch (e) {
    err(`browserflow test: ${(e as Error).message}\nUsage: ${TEST_USAGE}`);
    return NOT_STARTED;
  }
  const { values, body } = parsed;
  const say: Out = values.json ? () => undefined : out;
  let kernel: Kernel | undefined;
  const events = new AbortController();
  try {
    let server = values.server?.replace(/\/+$/, '');
    if (!server) {
      try {
        kernel = await createKernel(values.config!, { port: 0, ...pathOverrides(values.config!, values['data-dir']), logLevel: 'warn' });
        await kernel.start();
      } catch (e) {
        err(`browserflow test: the service could not start: ${(e as Error).message}`);
        return NOT_STARTED;
      }
      server = resolve(kernel.container, HTTP_SERVER).url();
    }
    // Follow the changes from before the run starts, so none is missed; a poll every 2 s covers a lost stream.
    let wake: () => void = () => undefined;
    let runId = '';
    const changes = (async () => {
      for await (const msg of readSse(`${server}/api/events`, events.signal)) {
        if (msg.event === 'run' && runId && JSON.parse(msg.data).runId === runId) wake();
      }
    })().catch(() => undefined);
    let res: Response;
    try {
      res = await fetch(`${server}/api/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    } catch (e) {
      err(`browserflow test: no service answers at ${server}: ${((e as Error & { cause?: Error }).cause ?? (e as Error)).message}`);
      return NOT_STARTED;
    }
    const created = (await res.json().catch(() => ({}))) as RunRecord & Partial<ErrorBody>;
    if (res.status !== 201) {
      err(`browserflow test: the run could not start: ${res.status} ${created.code}: ${created.message}`);
      return NOT_STARTED;
    }
    runId = created.id;
    const onSigint = () => {
      say('interrupted: cancelling the run');
      void fetch(`${server}/api/runs/${runId}/cancel`, { method: 'POST' }).catch(() => undefined);
    };
    process.once('SIGINT', onSigint);
    say(`run ${created.id}${created.suite ? ` of suite ${created.suite}` : ''}: ${created.results.length} flow${created.results.length === 1 ? '' : 's'} x ${created.repeat}, concurrency ${created.concurrency}, on ${server}`);
    const printed = new Set<string>();
    let run: RunRecord = created;
    for (;;) {
      for (const r of run.results) {
        r.attempts.forEach((a, i) => {
          const key = `${r.flowId}:${i}`;
          if ((a.state === 'SUCCESS' || a.state === 'FAILED') && !printed.has(key)) {
            printed.add(key);
            say(attemptLine(r.name, i, r.attempts.length, a));
          }
        });
      }
      if (run.state !== 'RUNNING') break;
      await new Promise<void>((r) => {
        const timer = setTimeout(r, 2000);
        wake = () => { clearTimeout(timer); r(); };
      });
      run = await getRun(server, runId);
    }
    process.removeListener('SIGINT', onSigint);
    events.abort();
    await changes;
    if (values.json) out(JSON.stringify(run, null, 2));
    else for (const line of ['', ...verdictTable(run)]) out(line);
    if (values.junit) await saveReport(server, run.id, 'junit.xml', values.junit, say);
    if (values.html) await saveReport(server, run.id, 'report.html', values.html, say);
    return run.state === 'PASSED' ? PASSED : NOT_PASSED;
  } finally {
    events.abort();
    await kernel?.stop();
  }
}
