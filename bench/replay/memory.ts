/** Peak resident memory of a process and all its descendants, sampled from /proc. */
import { descendsFrom, readProcesses } from './proc';

function treeRssBytes(root: number): number {
  const processes = readProcesses();
  const parent = new Map(processes.map((p) => [p.pid, p.ppid]));
  let total = 0;
  for (const p of processes) if (descendsFrom(p.pid, root, (pid) => parent.get(pid))) total += p.rssBytes;
  return total;
}

/**
 * Samples every `everyMs` until stopped; returns the peak in MiB of the tree
 * of `root` without the subtree of `exclude` (e.g. the bench process without
 * the service it started).
 */
export function samplePeak(root: number, everyMs = 100, exclude?: number): { stop(): number } {
  const sample = () => treeRssBytes(root) - (exclude ? treeRssBytes(exclude) : 0);
  let peak = sample();
  const timer = setInterval(() => { peak = Math.max(peak, sample()); }, everyMs);
  return { stop() { clearInterval(timer); peak = Math.max(peak, sample()); return Math.round(peak / 1048576); } };
}
