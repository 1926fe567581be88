/**
 * Startup benchmark (`npm run bench:start`): how long `browserflow serve`
 * takes from spawn to its "listening on" line (every plugin of the default
 * config, an empty temp data dir), for the compiled package (dist/, built
 * first with `npm run build`; what `npx browserflow` runs once installed) and
 * for the sources through tsx (`npm start`, a clone). Target: the compiled
 * one under a second.
 *
 * Two figures per run: wall time, and the CPU time the process used until
 * then (user + system, from /proc). On a shared, loaded machine the wall
 * time mostly measures the wait for a core; the CPU time is what startup
 * costs, and is close to the wall time on an idle machine. Median of RUNS.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../test/helpers/service';

const RUNS = Number(process.env.RUNS ?? 7);
const TARGET_MS = 1000;
const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in 1/100 s on Linux

/** User + system CPU time a process has used so far, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** One start: spawn, wait for the listening line, read the clocks, stop. */
async function startOnce(command: string[]): Promise<{ wallMs: number; cpuMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bf-start-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [...command, 'serve', '--port', '0', '--data-dir', dataDir, '--log-level', 'warn'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => { out += d; if (out.includes('listening on')) resolve(); });
      child.once('exit', (code) => reject(new Error(`exited ${code} before listening:\n${out}`)));
    });
    const wallMs = performance.now() - t0;
    return { wallMs, cpuMs: cpuMs(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(label: string, command: string[]): Promise<{ wall: number; cpu: number }> {
  const runs: { wallMs: number; cpuMs: number }[] = [];
  await startOnce(command); // warm the file system cache
  for (let i = 0; i < RUNS; i++) runs.push(await startOnce(command));
  const wall = median(runs.map((r) => r.wallMs));
  const cpu = median(runs.map((r) => r.cpuMs));
  console.log(`${label.padEnd(34)} wall median ${Math.round(wall)} ms (${runs.map((r) => Math.round(r.wallMs)).join(', ')}), CPU median ${Math.round(cpu)} ms (${runs.map((r) => Math.round(r.cpuMs)).join(', ')})`);
  return { wall, cpu };
}

const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) throw new Error('npm run build failed');
console.log(`startup of browserflow serve, ${RUNS} runs each, ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const compiled = await measure('compiled (dist/, the package)', [join(ROOT, 'dist', 'cli', 'main.js')]);
await measure('sources through tsx (a clone)', [join(ROOT, 'bin', 'browserflow.js')]);
console.log(`target: compiled under ${TARGET_MS} ms: CPU ${Math.round(compiled.cpu)} ms ${compiled.cpu < TARGET_MS ? 'met' : 'NOT met'}; wall ${Math.round(compiled.wall)} ms at load ${loadavg()[0]!.toFixed(1)}`);
