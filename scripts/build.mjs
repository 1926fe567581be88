#!/usr/bin/env node
/**
 * `npm run build` (and `prepack`): the compiled package in dist/, which the
 * installed `browserflow` runs with plain Node (no TypeScript compiler, no
 * tsx). A clone keeps running the sources through tsx; dist/ is only for
 * the package.
 *
 * 1. tsc -p tsconfig.build.json emits cli/, kernel/, lib/ and plugins/ to
 *    dist/ with the same tree, so every `import.meta.url`-relative read
 *    (UI files, page scripts, codegen templates) finds its file.
 * 2. The sources import relative modules without extensions
 *    (moduleResolution "bundler"), which Node's ESM loader refuses, and tsc
 *    copies specifiers as written. Each emitted relative specifier is
 *    rewritten to the file it names (`./x` -> `./x.js` or `./x/index.js`);
 *    esbuild parses the emitted files to list their imports exactly (no
 *    regular expression guessing what is an import and what is a string).
 * 3. The files the code reads at runtime are copied as they are: every
 *    non-TypeScript file of those folders (UI static files, page scripts),
 *    the TypeScript template of generated tests' helper and the two modules
 *    it inlines (fingerprints, redaction: compiled for the service and
 *    copied as text for the code generator).
 * 3b. The JavaScript of that helper is its TypeScript with the types
 *    stripped by esbuild, a development dependency the package lacks: the
 *    compiled code generator strips every variant once here and writes them
 *    to plugins/codegen/playwright/runtime/stripped.json
 *    (plugins/codegen/playwright/strip-types.ts).
 * 4. config/default.json is copied to dist/config/default.json: its plugin
 *    paths (../plugins/...) then name the compiled plugins beside it.
 * Exits 1 naming what failed.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(ROOT, 'dist');
/** The folders compiled into the package (tsconfig.build.json "include"). */
const SOURCES = ['cli', 'kernel', 'lib', 'plugins'];
/**
 * TypeScript files read as text at runtime, never run: copied, not compiled
 * (tsconfig.build.json excludes them, or their .js would overwrite the JavaScript templates).
 */
const TEXT_TEMPLATES = ['plugins/codegen/playwright/runtime/', 'lib/page-scripts/selectors/fingerprint.ts', 'lib/redaction/secret-redaction.ts', 'lib/json-schema/text-value.ts'];
/** Runtime files are what is not compiled TypeScript, nor documentation, nor types. */
const isRuntimeAsset = (rel) => TEXT_TEMPLATES.some((t) => (t.endsWith('/') ? rel.startsWith(t) : rel === t))
  || !(rel.endsWith('.ts') || rel.endsWith('README.md'));

function fail(message) {
  process.stderr.write(`build: ${message}\n`);
  process.exit(1);
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const posix = (p) => p.split(sep).join('/');

function compile() {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const res = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) fail(`tsc -p tsconfig.build.json failed (exit ${res.status ?? res.signal})`);
}

/** The emitted file a relative specifier names, as a specifier Node accepts; null when it names none. */
function withExtension(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  if (existsSync(base) && statSync(base).isFile()) return spec;
  if (existsSync(`${base}.js`)) return `${spec}.js`;
  if (existsSync(join(base, 'index.js'))) return `${spec.replace(/\/$/, '')}/index.js`;
  return null;
}

/** Every relative specifier each emitted file imports, as esbuild's parser sees them. */
async function relativeImports(files) {
  const found = new Map(files.map((f) => [f, new Set()]));
  await build({
    entryPoints: files, bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'silent', outdir: join(DIST, '.scan'),
    plugins: [{
      name: 'list-imports',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (args.kind === 'entry-point') return undefined;
          if (args.path.startsWith('.')) found.get(args.importer)?.add(args.path);
          return { path: args.path, external: true };
        });
      },
    }],
  });
  return found;
}

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function addExtensions(files) {
  const imports = await relativeImports(files);
  const unresolved = [];
  for (const [file, specs] of imports) {
    let text = readFileSync(file, 'utf8');
    for (const spec of specs) {
      const to = withExtension(file, spec);
      if (!to) { unresolved.push(`${posix(relative(DIST, file))} imports "${spec}"`); continue; }
      if (to === spec) continue;
      // Only where it is a module specifier: after `from`, `import` or `import(`.
      const re = new RegExp(`((?:\\bfrom|\\bimport)\\s*\\(?\\s*)(['"])${escapeRegExp(spec)}\\2`, 'g');
      const next = text.replace(re, (_, lead, q) => `${lead}${q}${to}${q}`);
      if (next === text) unresolved.push(`${posix(relative(DIST, file))}: "${spec}" not found where esbuild saw it`);
      text = next;
    }
    writeFileSync(file, text);
  }
  if (unresolved.length) fail(`relative imports that name no emitted file:\n  ${unresolved.join('\n  ')}`);
}

function copyAssets() {
  let n = 0;
  for (const folder of SOURCES) {
    for (const file of walk(join(ROOT, folder))) {
      const rel = posix(relative(ROOT, file));
      if (!isRuntimeAsset(rel)) continue;
      const to = join(DIST, rel);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(file, to);
      n++;
    }
  }
  mkdirSync(join(DIST, 'config'), { recursive: true });
  copyFileSync(join(ROOT, 'config', 'default.json'), join(DIST, 'config', 'default.json'));
  return n + 1;
}

/** The JavaScript helper of every feature set, stripped now by the compiled code generator (see 3b). */
async function stripHelpers() {
  const codegen = join(DIST, 'plugins', 'codegen', 'playwright');
  const { everyFeatureSet, helperModule } = await import(pathToFileURL(join(codegen, 'helper-source.js')).href);
  const { PREBUILT, strippedSoFar } = await import(pathToFileURL(join(codegen, 'strip-types.js')).href);
  const { textToValueFunction } = await import(pathToFileURL(join(codegen, 'data-code.js')).href);
  for (const features of everyFeatureSet()) helperModule(features, 'javascript');
  // extract steps inline textToValue(): its JavaScript is stripped too.
  textToValueFunction('javascript');
  const stripped = strippedSoFar();
  const expected = everyFeatureSet().length + 1;
  if (Object.keys(stripped).length !== expected) fail(`stripped ${Object.keys(stripped).length} texts, expected ${expected} (every helper variant and textToValue)`);
  writeFileSync(PREBUILT, JSON.stringify(stripped));
}

const started = Date.now();
rmSync(DIST, { recursive: true, force: true });
compile();
const emitted = walk(DIST).filter((f) => f.endsWith('.js'));
// Before the specifiers: compiled code imports copied JavaScript (lib/redaction, lib/page-scripts).
const assets = copyAssets();
await addExtensions(emitted);
await stripHelpers();
process.stdout.write(`build: dist/ holds ${emitted.length} compiled modules and ${assets} copied files (${Date.now() - started} ms)\n`);
