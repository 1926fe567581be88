/**
 * Golden files: what users get for two recorded flows (fixtures/golden-flows.ts),
 * compared byte for byte with test/unit/codegen/golden/: the zipped project
 * in JavaScript and in TypeScript, and the single `/code` script in both.
 * After an intended change, regenerate them and review the diff:
 *
 *   UPDATE_GOLDEN=1 node scripts/run-tests.mjs test/unit/codegen/golden
 *
 * The TypeScript files must also pass `tsc --noEmit` (strict).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProjectEmitter, createScriptEmitter } from '../../../plugins/codegen/playwright/emitters';
import { createLogger } from '../../../lib/logging/logger';
import type { CodegenOptions } from '../../../lib/export/codegen-emitter';
import { DEFAULT_OPTIONS } from './fixtures/flows';
import { checkoutFlow, loginFlow } from './fixtures/golden-flows';
import { readZip } from './fixtures/zip-reader';

const GOLDEN = fileURLToPath(new URL('./golden/', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
/** Where the flows were recorded: the default baseURL of the generated code. */
const ORIGIN = 'https://shop.example.test';
const UPDATE = process.env.UPDATE_GOLDEN === '1';

const logger = createLogger('silent');

/** Every generated file, by its path under golden/. */
async function generated(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const language of ['javascript', 'typescript'] as const) {
    const options: CodegenOptions = { ...DEFAULT_OPTIONS, language };
    const zip = await createProjectEmitter(logger).emitProject!([loginFlow(ORIGIN), checkoutFlow(ORIGIN)], options);
    for (const [name, data] of readZip(zip)) files.set(`${language}/${name}`, data.toString('utf8'));
    const script = await createScriptEmitter(logger).emitScript!(loginFlow(ORIGIN), options);
    files.set(`code/log-in.spec.${language === 'typescript' ? 'ts' : 'mjs'}`, script);
  }
  return files;
}

async function goldenFiles(dir = GOLDEN): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await goldenFiles(path));
    else if (relative(GOLDEN, path) !== 'README.md') out.push(relative(GOLDEN, path));
  }
  return out.sort();
}

test('generated projects and scripts match the golden files byte for byte', async () => {
  const files = await generated();
  if (UPDATE) {
    for (const stale of (await goldenFiles()).filter((f) => !files.has(f))) await rm(join(GOLDEN, stale));
    for (const [name, text] of files) {
      await mkdir(dirname(join(GOLDEN, name)), { recursive: true });
      await writeFile(join(GOLDEN, name), text);
    }
  }
  assert.deepEqual(await goldenFiles(), [...files.keys()].sort(), 'the same files (UPDATE_GOLDEN=1 regenerates them)');
  for (const [name, text] of files) {
    assert.equal(text, await readFile(join(GOLDEN, name), 'utf8'), `${name} differs from the golden file (UPDATE_GOLDEN=1 regenerates it; review the diff)`);
  }
});

function tsc(args: string[], cwd = REPO): Promise<string> {
  return new Promise((resolve) => {
    execFile(process.execPath, [TSC, ...args], { cwd, timeout: 60_000 }, (err, stdout, stderr) => resolve(err ? `${stdout}${stderr}` || String(err) : ''));
  });
}

test('the golden TypeScript passes tsc --noEmit under strict', { skip: existsSync(TSC) ? false : 'needs node_modules/typescript' }, async () => {
  const [project, script] = await Promise.all([
    tsc(['--noEmit', '-p', join(GOLDEN, 'typescript/tsconfig.json')]),
    // The single script with the project's compiler options (--ignoreConfig: not the repo's tsconfig.json).
    tsc(['--ignoreConfig', '--noEmit', '--strict', '--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'bundler', '--lib', 'ES2022,DOM',
      '--types', 'node', '--esModuleInterop', '--skipLibCheck', 'log-in.spec.ts'], join(GOLDEN, 'code')),
  ]);
  assert.equal(project, '', project);
  assert.equal(script, '', script);
});
