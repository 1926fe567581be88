/**
 * The JavaScript of generated JavaScript projects, from the one TypeScript
 * source of the helper (runtime/locate.ts with the fingerprints and the
 * redaction it inlines): the types stripped by esbuild, the doc comments
 * kept.
 *
 * esbuild is a development dependency, so the installed package has none:
 * `npm run build` strips every helper variant the emitter can produce (there
 * are ten feature sets) and writes the results to runtime/stripped.json in
 * dist/, keyed by a hash of the exact TypeScript text. A clone strips on
 * first use with the esbuild it has (and caches the result in memory); the
 * repository holds nothing generated. The same function runs in both, so a
 * clone and the package emit the same bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** Where `npm run build` puts the stripped variants (only in dist/). */
export const PREBUILT = new URL('./runtime/stripped.json', import.meta.url);

interface Esbuild {
  transformSync(source: string, options: { loader: 'ts'; target: string; legalComments: 'inline' }): { code: string };
}

/** Every text stripped in this process, by the hash of its TypeScript. */
const stripped = new Map<string, string>();
let esbuild: Esbuild | null | undefined;
let prebuilt: Record<string, string> | null | undefined;

/** esbuild when it is installed (a clone, or the build), else null. */
function loadEsbuild(): Esbuild | null {
  if (esbuild === undefined) {
    try {
      esbuild = createRequire(import.meta.url)('esbuild') as Esbuild;
    } catch {
      esbuild = null;
    }
  }
  return esbuild;
}

function loadPrebuilt(): Record<string, string> | null {
  if (prebuilt === undefined) prebuilt = existsSync(PREBUILT) ? (JSON.parse(readFileSync(PREBUILT, 'utf8')) as Record<string, string>) : null;
  return prebuilt;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * `source` (TypeScript) as JavaScript: types, interfaces and type-only
 * imports gone, doc comments (`/** ... *\/` before a statement) kept; other
 * comments go. Numbers are written out (`20000`, not esbuild's `2e4`) and
 * `undefined` stays `undefined`: the sources must write no number with an
 * exponent and no `void 0`. Throws, naming the cause, when neither esbuild nor the
 * build's stripped text of exactly this source is at hand.
 */
export function stripTypes(source: string): string {
  const key = hash(source);
  let code = stripped.get(key);
  if (code !== undefined) return code;
  const tool = loadEsbuild();
  if (tool) code = transform(tool, source);
  else code = loadPrebuilt()?.[key];
  if (code === undefined) {
    throw new Error('the JavaScript helper of generated tests is missing from this installation (run `npm run build`, which strips the TypeScript helper for every feature set)');
  }
  stripped.set(key, code);
  return code;
}

/** Everything stripped in this process, by the hash of its TypeScript: what the build writes to PREBUILT. */
export function strippedSoFar(): Record<string, string> {
  return Object.fromEntries(stripped);
}

/**
 * esbuild drops every comment but "legal" ones (`/*! ... *\/`) at statement
 * level, so doc comments travel as legal comments and are turned back after.
 */
function transform(tool: Esbuild, source: string): string {
  if (source.includes('/*!')) throw new Error('strip-types: the source already holds a /*! comment');
  const marked = source.replace(/\/\*\*(?!\/)/g, '/*!*');
  const { code } = tool.transformSync(marked, { loader: 'ts', target: 'es2022', legalComments: 'inline' });
  return code
    .replace(/\/\*!\*/g, '/**')
    // The comment of a declaration that was only a type (an interface) is left alone before the next one.
    .replace(/^\/\*\*(?:[^*]|\*(?!\/))*\*\/\n(?=\s*\/\*\*)/gm, '')
    .replace(/\/\* @__PURE__ \*\/ /g, '')
    // esbuild prints numbers and `undefined` the short way; the sources write neither so (strip-types test).
    .replace(/(?<![\w$.])(\d+)e(\d)(?![\w.])/g, (_, digits: string, zeros: string) => digits + '0'.repeat(Number(zeros)))
    .replace(/\bvoid 0\b/g, 'undefined');
}
