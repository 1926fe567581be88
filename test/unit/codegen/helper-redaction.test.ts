/**
 * The generated AI-healing helper scrubs what it sends to a model with the
 * service's own redaction: the very same source, inlined, so the generated
 * tests redact every spelling of a secret the way the service does. The
 * TypeScript helper inlines a typed twin of it (strict tsc reads no JSDoc
 * types in a .ts file); the twins must stay the same code as the originals,
 * which this test checks by stripping the types of both (esbuild, the
 * transformer tsx runs on) and comparing what is left.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';
import { createRedactor } from '../../../lib/redaction/secret-redaction.js';
import { createRedactor as typedCreateRedactor } from '../../../plugins/codegen/playwright/runtime/secret-redaction';
import { helperModule, inlineHelper, type HelperFeatures } from '../../../plugins/codegen/playwright/helper-source';

const AI: HelperFeatures = { env: true, locate: true, report: true, ai: true };
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
/**
 * Code without types or comments, printed the same way whatever it was
 * written as. esbuild keeps JSDoc casts (`/** @type {T} *\/ (x)`), so a
 * second pass prints the code once their comments are gone.
 */
const code = (source: string, loader: 'js' | 'ts') => {
  const once = transformSync(source, { loader, format: 'esm' }).code;
  return transformSync(once.replace(/\/\*[\s\S]*?\*\//g, ''), { loader: 'js', format: 'esm' }).code;
};

test('the AI helper inlines lib/redaction/secret-redaction.js and scrubs with it', () => {
  for (const source of [helperModule(AI, 'javascript'), inlineHelper(AI, 'javascript')]) {
    assert.ok(source.includes(createRedactor.toString()), 'createRedactor is inlined verbatim');
    assert.match(source, /function scrub\(text\) \{\n\s+return createRedactor\(/);
    assert.doesNotMatch(source, /redaction\/secret-redaction\.js'|@redaction|^export const MIN/m);
    assert.match(source, /scrub\(snapshot\)\.slice\(0, 20000\)/, 'redacted before it is cut');
  }
});

test('the TypeScript AI helper inlines the typed twin of the same redaction', () => {
  const twin = read('../../../plugins/codegen/playwright/runtime/secret-redaction.ts');
  const body = twin.slice(twin.indexOf('/** Values shorter')).replace(/^export /gm, '');
  for (const source of [helperModule(AI, 'typescript'), inlineHelper(AI, 'typescript')]) {
    assert.ok(source.includes(body), 'the twin is inlined verbatim');
    assert.match(source, /function scrub\(text: string\): string \{\n\s+return createRedactor\(/);
    assert.doesNotMatch(source, /from '\.\/secret-redaction'|@redaction|@ts-nocheck/);
  }
});

test('the typed twins are the same code as the JavaScript originals', () => {
  assert.equal(code(read('../../../plugins/codegen/playwright/runtime/secret-redaction.ts'), 'ts'), code(read('../../../lib/redaction/secret-redaction.js'), 'js'),
    'runtime/secret-redaction.ts differs from lib/redaction/secret-redaction.js: port the change');
  assert.equal(code(read('../../../plugins/codegen/playwright/runtime/fingerprint.ts'), 'ts'), code(read('../../../lib/page-scripts/selectors/fingerprint.js'), 'js'),
    'runtime/fingerprint.ts differs from lib/page-scripts/selectors/fingerprint.js: port the change');
  assert.equal(code(read('../../../plugins/codegen/playwright/runtime/locate.ts'), 'ts')
    .replace('"./secret-redaction"', '"../../../../lib/redaction/secret-redaction.js"')
    .replace('"./fingerprint"', '"../../../../lib/page-scripts/selectors/fingerprint.js"'),
    code(read('../../../plugins/codegen/playwright/runtime/locate.js'), 'js'), 'runtime/locate.ts differs from runtime/locate.js: keep them the same');
  for (const features of [AI, { env: true, locate: true, report: false, ai: false }, { env: false, locate: true, report: true, ai: false }, { env: true, locate: false, report: false, ai: false }]) {
    assert.equal(code(helperModule(features, 'typescript'), 'ts'), code(helperModule(features, 'javascript'), 'js'), JSON.stringify(features));
  }
});

test('the twin redacts as the original does', () => {
  const secrets = [['s3cret "pass" word', '****'], ['short1', '${SHORT}']] as const;
  const text = 'raw s3cret "pass" word, JSON s3cret \\"pass\\" word, URL s3cret%20%22pass%22%20word, cut s3cret "pa…, short1 and shor';
  assert.equal(typedCreateRedactor(secrets).redact(text), createRedactor(secrets).redact(text));
  assert.notEqual(createRedactor(secrets).redact(text), text);
});

test('the plain helper carries no redaction code (it sends nothing anywhere)', () => {
  for (const language of ['javascript', 'typescript'] as const) {
    const plain = helperModule({ env: true, locate: true, report: true, ai: false }, language);
    assert.doesNotMatch(plain, /createRedactor|function scrub|SECRET_VALUES/);
  }
});
