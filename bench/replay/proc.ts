/**
 * The machine's processes as /proc tells them (Linux): what the benches'
 * memory and CPU samples read, and whether one process descends from another.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** One process: its parent, CPU seconds so far (user + system), resident bytes and executable path ('' unless asked). */
export interface ProcInfo { pid: number; ppid: number; cpuSeconds: number; rssBytes: number; exe: string }

/**
 * Every process readable now (one that ends meanwhile is left out). `withExe`
 * also reads each one's command line (a second file per process: a memory
 * sampler running beside a measurement does without).
 */
export function readProcesses(withExe = false): ProcInfo[] {
  const out: ProcInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const exe = withExe ? readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0')[0] ?? '' : '';
      out.push({ pid: Number(name), ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100, rssBytes: Number(fields[21]) * 4096, exe });
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** Whether `pid` is `root` or one of its descendants, by the parent of each pid (`parentOf`). */
export function descendsFrom(pid: number, root: number, parentOf: (pid: number) => number | undefined): boolean {
  for (let p: number | undefined = pid, hops = 0; p && p > 1 && hops < 64; p = parentOf(p), hops++) if (p === root) return true;
  return false;
}
