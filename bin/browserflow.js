#!/usr/bin/env node
// The `browserflow` command. In a clone (cli/main.ts is there) it runs the
// TypeScript sources through tsx, so no build step is needed; the installed
// package ships no sources and runs the compiled JavaScript in dist/ with
// plain Node (`npm run build` makes it; `npm pack` runs the build first).
import { existsSync } from 'node:fs';

const source = new URL('../cli/main.ts', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import('../dist/cli/main.js');
}
