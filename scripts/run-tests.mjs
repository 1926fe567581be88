#!/usr/bin/env node
// Runs every test file under test/ with node:test via tsx. Node 20's runner
// does not expand quoted globs, so the files are listed here.
// Usage: node scripts/run-tests.mjs [path-prefix ...]
import { readdirSync, statSync } from 'node:fs';
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
