#!/usr/bin/env node
/**
 * The import rules of the repository (as Playwright's utils/check_deps.js):
 * every source file may import only what the DEPS entry of its folder lists,
 * and no import cycle exists anywhere (type-only imports included, since
 * they couple the files as much for a reader). Run by `npm run lint:deps`
 * and by test/unit/architecture/import-rules.test.ts; exits 1 naming the
 * file, the import and the rule it breaks.
 *
 * A DEPS entry: the folder prefix (longest match wins), the rule's name
 * (what a violation reports) and what files there may import:
 *   'kernel/contracts/'  a folder or file of this repository (prefix)
 *   '@plugin'            the importer's own plugin folder (where its index.ts is)
 *   'node:*'             any Node built-in
 *   'valibot'            a package by name; '*' any package
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Libraries the kernel may call: plain code that imports each other and at
 * most the kernel's contracts, settings and flow data types, never the
 * kernel's flow code, a plugin or a plugin kit (each entry below says what).
 */
const LEAF_LIBS = ['lib/redaction/', 'lib/safe-regex/', 'lib/json-schema/', 'lib/token-estimate/', 'lib/validation/', 'lib/async/', 'lib/custom-tools/', 'lib/logging/', 'lib/package-root/', 'lib/selector-trials/', 'lib/origins/', 'lib/totp/',
  'lib/flow-env/', 'lib/tool-calls/', 'lib/profiles/', 'lib/downloads/', 'lib/page-actions/', 'lib/failure-codes/', 'lib/api-errors/', 'lib/dependency-order/'];
/** What of the kernel plugins may import: contracts, tokens, the manifest, errors, the logger contract, settings and the flow data types. */
const KERNEL_SURFACE = ['kernel/contracts/', 'kernel/tokens.ts', 'kernel/plugin.ts', 'kernel/errors.ts', 'kernel/logger.ts', 'kernel/config.ts', 'kernel/flows/flow-types.ts'];
const KERNEL_RULE = 'kernel never imports a plugin, a plugin kit (lib/llm, lib/page-scripts...) or an SDK';
const LIB_RULE = "lib never imports a plugin or the kernel's flow code, only what its DEPS entry lists";

export const DEPS = [
  // The Flows contract names the CreateFlow type (inferred from its one schema).
  { folder: 'kernel/contracts/', rule: 'contracts are types and small helpers: they import only contracts and the flow data types',
    allow: ['kernel/contracts/', 'kernel/flows/flow-types.ts', 'lib/validation/create-flow-schema.ts', 'lib/selector-trials/', 'lib/page-actions/', 'lib/tool-calls/tool-contract.ts', 'node:*', 'valibot'] },
  { folder: 'kernel/', rule: KERNEL_RULE,
    allow: ['kernel/', ...LEAF_LIBS, 'node:*', 'tsyringe', 'valibot', '@valibot/to-json-schema', 'reflect-metadata'] },
  { folder: 'lib/redaction/', rule: LIB_RULE, allow: ['lib/redaction/'] },
  { folder: 'lib/safe-regex/', rule: LIB_RULE, allow: ['lib/safe-regex/', 'node:*'] },
  // Tool input schemas are valibot schemas of the tool contract (a type import).
  { folder: 'lib/json-schema/', rule: LIB_RULE,
    allow: ['lib/json-schema/', 'lib/safe-regex/', 'lib/tool-calls/tool-contract.ts', 'node:*', 'valibot', '@valibot/to-json-schema'] },
  { folder: 'lib/token-estimate/', rule: LIB_RULE, allow: ['lib/token-estimate/'] },
  { folder: 'lib/selector-trials/', rule: LIB_RULE, allow: ['lib/selector-trials/'] },
  // The page actions of a BrowserSession and their shapes: the tools call them, the drivers implement them.
  { folder: 'lib/page-actions/', rule: LIB_RULE, allow: ['lib/page-actions/', 'lib/selector-trials/', 'kernel/flows/flow-types.ts'] },
  { folder: 'lib/origins/', rule: LIB_RULE, allow: ['lib/origins/', 'lib/redaction/', 'valibot'] },
  { folder: 'lib/validation/', rule: LIB_RULE,
    allow: ['lib/validation/', 'lib/origins/', 'lib/selector-trials/', 'kernel/errors.ts', 'kernel/flows/flow-types.ts', 'kernel/contracts/browser-driver.ts', 'valibot'] },
  { folder: 'lib/async/', rule: LIB_RULE, allow: ['lib/async/'] },
  // The one table of how a flow can end FAILED (`result.error.code`), and FlowFailure, which ends it so.
  { folder: 'lib/failure-codes/', rule: LIB_RULE, allow: ['lib/failure-codes/'] },
  // The API's error table (status, retryable, message template per code), raised through kernel/errors.ts.
  { folder: 'lib/api-errors/', rule: LIB_RULE, allow: ['lib/api-errors/'] },
  // A topological order of items (the loader's plugins), or the cycle named.
  { folder: 'lib/dependency-order/', rule: LIB_RULE, allow: ['lib/dependency-order/'] },
  // HAR and trace redaction (drivers, when a session closes) and trace zips (playwright-core's own zip libraries).
  { folder: 'lib/recordings/', rule: LIB_RULE, allow: ['lib/recordings/', 'node:*', 'playwright-core'] },
  // 2FA codes of `kind: "totp"` env vars, computed by a maintained library.
  { folder: 'lib/totp/', rule: LIB_RULE, allow: ['lib/totp/', 'otpauth'] },
  { folder: 'lib/logging/', rule: LIB_RULE, allow: ['lib/logging/', 'lib/redaction/', 'kernel/logger.ts'] },
  { folder: 'lib/custom-tools/', rule: LIB_RULE,
    allow: ['lib/custom-tools/', 'lib/json-schema/', 'lib/tool-calls/tool-contract.ts', 'kernel/flows/flow-types.ts', 'valibot'] },
  // The HTTP extension point (ROUTES, HTTP_SERVER): a contract between plugins, with its tokens.
  { folder: 'lib/http/', rule: LIB_RULE, allow: ['lib/http/', 'kernel/tokens.ts', 'node:*', 'valibot'] },
  { folder: 'lib/page-scripts/', rule: LIB_RULE, allow: ['lib/page-scripts/', 'lib/token-estimate/', 'lib/selector-trials/', 'lib/page-actions/', 'kernel/contracts/', 'valibot'] },
  { folder: 'lib/element-states/', rule: LIB_RULE, allow: ['lib/element-states/', 'lib/selector-trials/', 'lib/page-actions/', 'lib/async/', 'kernel/contracts/'] },
  { folder: 'lib/service-guard/', rule: LIB_RULE, allow: ['lib/service-guard/', 'kernel/config.ts', 'node:*'] },
  { folder: 'lib/llm/', rule: LIB_RULE,
    allow: ['lib/llm/', 'lib/redaction/', 'lib/failure-codes/', 'kernel/contracts/', 'kernel/plugin.ts', 'kernel/tokens.ts', 'kernel/logger.ts', 'lib/validation/', 'node:*', 'valibot'] },
  // The MCP server (branch mcp): talks to the service over its REST API only.
  { folder: 'lib/mcp/', rule: LIB_RULE,
    allow: ['lib/mcp/', 'lib/validation/', 'lib/async/', 'node:*', 'valibot', '@valibot/to-json-schema', '@modelcontextprotocol/sdk'] },
  { folder: 'lib/video/', rule: LIB_RULE, allow: ['lib/video/', 'node:*'] },
  // The system's Chromium binaries (full browser, headless shell) the drivers start.
  { folder: 'lib/browsers/', rule: LIB_RULE, allow: ['lib/browsers/', 'node:*'] },
  // Exports read finished flows' records: the flow data types and the CreateFlow type, never the lifecycle.
  { folder: 'lib/export/', rule: LIB_RULE,
    allow: ['lib/export/', 'kernel/contracts/', 'lib/tool-calls/tool-contract.ts', 'kernel/tokens.ts', 'kernel/errors.ts', 'kernel/flows/flow-types.ts', 'lib/validation/'] },
  { folder: 'lib/package-root/', rule: LIB_RULE, allow: ['lib/package-root/', 'node:*'] },
  // The QA loop's extension points (RUN_STORE, RUNS) and cron schedules, between the storage, runs, schedules and webhooks plugins.
  { folder: 'lib/qa/', rule: LIB_RULE, allow: ['lib/qa/', 'kernel/contracts/', 'kernel/tokens.ts', 'kernel/errors.ts', 'kernel/flows/flow-types.ts', 'croner', 'valibot'] },
  { folder: 'lib/endpoint-slots/', rule: LIB_RULE, allow: ['lib/endpoint-slots/', 'node:*'] },
  // Downloads kept the same way by every driver (a contract type or two).
  { folder: 'lib/downloads/', rule: LIB_RULE, allow: ['lib/downloads/', 'kernel/contracts/browser-driver.ts', 'kernel/flows/flow-types.ts', 'node:*'] },
  // A flow's env values while it runs (TOTP codes made as needed) and their redactor.
  { folder: 'lib/flow-env/', rule: LIB_RULE, allow: ['lib/flow-env/', 'lib/redaction/', 'lib/totp/', 'lib/origins/', 'kernel/contracts/storage.ts', 'kernel/flows/flow-types.ts'] },
  // One tool call of a flow: checked, its values substituted and bound to their origins, run (bounded) and recorded.
  { folder: 'lib/tool-calls/', rule: LIB_RULE,
    allow: ['lib/tool-calls/', 'lib/redaction/', 'lib/async/', 'lib/selector-trials/', 'lib/origins/', 'lib/validation/', 'lib/downloads/', 'lib/page-actions/', 'kernel/contracts/', 'kernel/config.ts', 'kernel/flows/flow-types.ts', 'valibot'] },
  // Browser profiles in a flow's life: loaded (within allowedOrigins), saved, their values secrets.
  { folder: 'lib/profiles/', rule: LIB_RULE,
    allow: ['lib/profiles/', 'lib/origins/', 'lib/failure-codes/', 'kernel/contracts/', 'kernel/logger.ts', 'kernel/flows/flow-types.ts', 'valibot'] },
  { folder: 'lib/page-activity/', rule: LIB_RULE, allow: ['lib/page-activity/', 'lib/page-actions/', 'kernel/contracts/'] },
  { folder: 'lib/', rule: 'a new library needs its own DEPS entry in scripts/check-deps.mjs', allow: [] },
  // A plugin sees the kernel through its contracts, tokens and data types; how the kernel runs flows
  // (actor, scheduler, recorder, executor) may change without touching a plugin.
  { folder: 'plugins/', rule: "plugins never import another plugin, nor the kernel's internals (only their own folder, the kernel's contracts and types, and lib/)",
    allow: ['@plugin', ...KERNEL_SURFACE, 'lib/', 'node:*', '*'] },
  { folder: 'cli/', rule: 'the CLI talks to the kernel, never to a plugin', allow: ['cli/', 'kernel/', 'lib/', 'node:*', 'reflect-metadata', 'valibot'] },
];

/**
 * Cycles that exist on purpose for now, each with the work that removes it.
 * A listed cycle that no longer exists is reported too, so the list shrinks.
 */
export const KNOWN_CYCLES = [];

/** Folders whose files are checked for cycles; DEPS folders are checked for rules too. */
const SCANNED = ['kernel', 'lib', 'cli', 'plugins', 'test', 'bench', 'scripts', 'bin'];
const SOURCE = /\.(ts|mts|js|mjs)$/;
const BUILTINS = new Set(builtinModules);

function walk(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Comments out, strings kept: an import named in a comment is no import. */
function stripComments(src) {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const IMPORT_RES = [
  /^\s*(?:import|export)\s+(?:type\s+)?[^'"`;]*?\s+from\s+['"]([^'"]+)['"]/gm,
  /^\s*import\s+['"]([^'"]+)['"]/gm,
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Every module specifier a file imports (static, re-export, side-effect, dynamic, require). */
export function importsOf(src) {
  const code = stripComments(src);
  const found = new Set();
  for (const re of IMPORT_RES) for (const m of code.matchAll(re)) found.add(m[1]);
  return [...found];
}

const CANDIDATES = ['', '.ts', '.mts', '.js', '.mjs', '/index.ts', '/index.js'];

/** The repository file a relative specifier names (a `.js` spec may name its `.ts`), or null. */
function resolveRelative(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  for (const ext of CANDIDATES) {
    const p = base + ext;
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  if (spec.endsWith('.js')) {
    const ts = base.replace(/\.js$/, '.ts');
    if (existsSync(ts)) return ts;
  }
  return null;
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
function packageName(spec) {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The folder of the plugin a file belongs to (nearest ancestor under plugins/ holding index.ts). */
function pluginFolder(root, rel) {
  let dir = dirname(rel);
  while (dir.startsWith('plugins/')) {
    if (existsSync(join(root, dir, 'index.ts'))) return `${dir}/`;
    dir = dirname(dir);
  }
  return null;
}

function ruleFor(rel) {
  return DEPS.filter((d) => rel.startsWith(d.folder)).sort((a, b) => b.folder.length - a.folder.length)[0] ?? null;
}

function allowed(root, entry, fromRel, target) {
  for (const a of entry.allow) {
    if (target.kind === 'file') {
      if (a === '@plugin') {
        const own = pluginFolder(root, fromRel);
        if (own && target.rel.startsWith(own)) return true;
      } else if (!a.includes(':') && a !== '*' && (a.endsWith('/') || a.endsWith('.ts') || a.endsWith('.js')) && target.rel.startsWith(a)) {
        return true;
      }
    } else if (target.kind === 'builtin') {
      if (a === 'node:*') return true;
    } else if (a === '*' || a === target.name) {
      return true;
    }
  }
  return false;
}

/** Checks the rules and cycles; returns the violations as lines. */
export function checkDeps(root = ROOT, knownCycles = root === ROOT ? KNOWN_CYCLES : []) {
  const files = SCANNED.flatMap((d) => walk(join(root, d)));
  const graph = new Map();
  const violations = [];
  for (const file of files) {
    const rel = relative(root, file);
    const edges = [];
    const entry = ruleFor(rel);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      let target;
      if (spec.startsWith('.')) {
        const hit = resolveRelative(file, spec);
        if (!hit) continue; // tsc reports a missing file; this checker only judges what exists
        target = { kind: 'file', rel: relative(root, hit) };
        edges.push(target.rel);
      } else if (spec.startsWith('node:') || BUILTINS.has(spec)) {
        target = { kind: 'builtin', name: spec };
      } else if (spec.startsWith('/')) {
        continue; // browser URLs of the web UI's static modules
      } else {
        target = { kind: 'package', name: packageName(spec) };
      }
      if (entry && !allowed(root, entry, rel, target)) {
        const what = target.kind === 'file' ? target.rel : target.name;
        violations.push(`${rel}: imports ${what} (rule "${entry.rule}"; ${entry.folder} may import: ${entry.allow.join(', ') || 'nothing'})`);
      }
    }
    graph.set(rel, edges);
  }
  const cycles = findCycles(graph);
  const known = new Set(knownCycles);
  for (const cycle of cycles) {
    const key = cycleKey(cycle);
    if (known.has(key)) known.delete(key);
    else violations.push(`import cycle: ${[...cycle, cycle[0]].join(' -> ')} (rule "no import cycles anywhere, type-only imports included")`);
  }
  for (const stale of known) violations.push(`scripts/check-deps.mjs: KNOWN_CYCLES lists "${stale}", which no longer exists: remove the entry`);
  return violations;
}

/** A cycle's name: its files from the alphabetically first one. */
function cycleKey(cycle) {
  let start = 0;
  for (let i = 1; i < cycle.length; i++) if (cycle[i] < cycle[start]) start = i;
  return [...cycle.slice(start), ...cycle.slice(0, start)].join(' -> ');
}

/** One shortest cycle through every strongly connected component (Tarjan), so each tangle is reported once. */
function findCycles(graph) {
  let index = 0;
  const idx = new Map(), low = new Map(), stack = [], on = new Set(), sccs = [];
  const strong = (v) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) sccs.push(scc);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  const cycles = [];
  for (const scc of sccs) {
    const members = new Set(scc);
    // Every node of the tangle lies on some cycle: report, per node, the shortest cycle back to it (deduplicated).
    const seen = new Set();
    for (const start of [...scc].sort()) {
      const prev = new Map([[start, null]]);
      const queue = [start];
      let found = null;
      while (queue.length && !found) {
        const v = queue.shift();
        for (const w of graph.get(v) ?? []) {
          if (!members.has(w)) continue;
          if (w === start) { found = v; break; }
          if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
        }
      }
      if (found === null) continue;
      const path = [];
      for (let v = found; v !== null; v = prev.get(v)) path.unshift(v);
      const key = cycleKey(path);
      if (!seen.has(key)) { seen.add(key); cycles.push(path); }
    }
  }
  return cycles;
}

/** Where docs/architecture.md holds the generated table of the rules. */
export const DOC_FILE = join(ROOT, 'docs', 'architecture.md');
const DOC_BEGIN = '<!-- import-rules: generated by `node scripts/check-deps.mjs --write-doc` from DEPS; npm test fails when stale -->';
const DOC_END = '<!-- /import-rules -->';

/** The DEPS list as a Markdown table (folder, what it may import, the rule's name): the part of the docs that is the rule itself. */
export function importRulesMarkdown() {
  const cell = (t) => t.replace(/\|/g, '\\|');
  const rows = DEPS.map((d) => `| \`${d.folder}\` | ${d.allow.map((a) => `\`${a}\``).join(', ') || 'nothing'} | ${cell(d.rule)} |`);
  return [DOC_BEGIN, '', '| Folder (longest match wins) | May import | Rule |', '|---|---|---|', ...rows, '', DOC_END].join('\n');
}

/** The doc with its generated table replaced by the current one (the markers must be there). */
export function withImportRules(doc) {
  const start = doc.indexOf(DOC_BEGIN);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error(`${relative(ROOT, DOC_FILE)} has no import-rules markers`);
  return doc.slice(0, start) + importRulesMarkdown() + doc.slice(end + DOC_END.length);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write-doc')) {
    writeFileSync(DOC_FILE, withImportRules(readFileSync(DOC_FILE, 'utf8')));
    console.log(`check-deps: the import rules table of ${relative(ROOT, DOC_FILE)} is written`);
    process.exit(0);
  }
  // `--root <dir>` checks another tree laid out like this one (the checker's own test uses it).
  const at = process.argv.indexOf('--root');
  const violations = checkDeps(at > 0 ? resolve(process.argv[at + 1]) : ROOT);
  if (violations.length) {
    console.error(`check-deps: ${violations.length} violation${violations.length === 1 ? '' : 's'}`);
    for (const v of violations) console.error(`  ${v}`);
    process.exit(1);
  }
  console.log('check-deps: every import follows its folder\'s DEPS rule; no import cycles');
}
