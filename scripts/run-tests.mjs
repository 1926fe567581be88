#!/usr/bin/env node
// Runs every test file under test/ with node:test via tsx. Node 20's runner
// does not expand quoted globs, so the files are listed here.
// Usage: node scripts/run-tests.mjs [path-prefix ...]   (LIST_ONLY=1: print the files in the order they start)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'fixtures') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.test\.ts$/.test(name)) out.push(relative(root, p));
  }
  return out;
}

let files = walk(join(root, 'test')).sort();
if (filters.length) files = files.filter((f) => filters.some((x) => f.startsWith(x) || f.includes(x)));
files = longestFirst(files);

/**
 * The files that took longest last time start first (the time of each file,
 * written by test-file-times.mjs to .cache/, else the committed copy
 * test/file-times.json, copied from a full run's): started last, a 2-minute file keeps one slot busy
 * while the others are idle at the end of the run. A file with no time yet
 * counts as a minute. Tests defined in a shared file (support/*-suite.ts, a
 * contract) are timed under that file: its time is shared among the test
 * files that import it.
 */
function longestFirst(list) {
  const source = [join(root, '.cache', 'test-file-times.json'), join(root, 'test', 'file-times.json')].find((f) => existsSync(f));
  if (!source) return list;
  let times;
  try {
    times = JSON.parse(readFileSync(source, 'utf8'));
  } catch {
    return list;
  }
  const shared = Object.keys(times).filter((f) => !f.endsWith('.test.ts'));
  const importers = new Map(list.map((f) => {
    const text = readFileSync(join(root, f), 'utf8');
    return [f, shared.filter((s) => text.includes(`/${s.split('/').pop().replace(/\.ts$/, '')}'`))];
  }));
  const sharers = (s) => list.filter((f) => importers.get(f).includes(s)).length || 1;
  const timeOf = (f) => (times[f] ?? (importers.get(f).length ? 0 : 60_000)) + importers.get(f).reduce((sum, s) => sum + times[s] / sharers(s), 0);
  return [...list].sort((a, b) => timeOf(b) - timeOf(a) || a.localeCompare(b));
}
if (process.env.LIST_ONLY) { console.log(files.join("\n")); process.exit(0); }
if (!files.length) {
  console.error('no test files matched');
  process.exit(1);
}
const args = ['--import', 'tsx', '--import', './test/setup.ts', '--test',
  '--test-reporter=spec', '--test-reporter-destination=stdout',
  '--test-reporter=./scripts/test-file-times.mjs', '--test-reporter-destination=stdout',
  `--test-concurrency=${process.env.TEST_CONCURRENCY ?? 3}`,
  // Per test file, a hang guard (the longest file takes about 3 minutes here): a file still running
  // after it is cancelled and named, rather than holding the run until CI gives up.
  `--test-timeout=${process.env.TEST_FILE_TIMEOUT_MS ?? 600_000}`, ...files];
const r = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } });
process.exit(r.status ?? 1);
