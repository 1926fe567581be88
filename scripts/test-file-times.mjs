// A node:test reporter that prints, once every file has run, the files that
// took longest (the sum of their top-level tests). run-tests.mjs adds it after
// the spec reporter so every CI log shows where the suite's time goes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 15;

export default async function* fileTimes(source) {
  const perFile = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0) {
      const file = event.data.file ? relative(process.cwd(), event.data.file) : event.data.name;
      perFile.set(file, (perFile.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  // Every file's time, for run-tests.mjs to start the longest files first next time (test/file-times.json
  // is a committed copy, so a clean checkout starts them first too). A partial run updates the files it ran.
  try {
    const path = '.cache/test-file-times.json';
    mkdirSync('.cache', { recursive: true });
    let known = {};
    try {
      known = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      // None yet, or unreadable: start over.
    }
    const merged = { ...known, ...Object.fromEntries([...perFile].map(([f, ms]) => [f, Math.round(ms)])) };
    const sorted = Object.fromEntries(Object.entries(merged).sort((a, b) => b[1] - a[1]));
    writeFileSync(path, `${JSON.stringify(sorted, null, 1)}\n`);
  } catch {
    // Only an ordering hint.
  }
  const slowest = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, SHOWN);
  yield `\nslowest test files (sum of their top-level tests):\n`;
  for (const [file, ms] of slowest) yield `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}\n`;
}
