/** Peak resident memory of a process and all its descendants, sampled from /proc. */
import { readdirSync, readFileSync } from 'node:fs';

function treeRssBytes(root: number): number {
  const parent = new Map<number, number>();
  const rss = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(name);
      parent.set(pid, Number(fields[1]));
      rss.set(pid, Number(fields[21]) * 4096);
    } catch { /* the process ended meanwhile */ }
  }
  let total = 0;
  for (const [pid, bytes] of rss) {
    for (let p: number | undefined = pid; p && p > 1; p = parent.get(p)) {
      if (p === root) { total += bytes; break; }
    }
  }
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
