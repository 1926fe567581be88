/**
 * The helper of generated tests has one source, runtime/locate.ts, which
 * inlines the service's own fingerprints and redaction (their TypeScript
 * sources, verbatim); JavaScript projects get it with its types stripped
 * (strip-types.ts). So the AI-healing helper scrubs what it sends to a model
 * with the very code the service redacts with, in both languages.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRedactor } from '../../../lib/redaction/secret-redaction';
import { helperModule, inlineHelper, everyFeatureSet, type HelperFeatures } from '../../../plugins/codegen/playwright/helper-source';
import { stripTypes, strippedSoFar } from '../../../plugins/codegen/playwright/strip-types';

const AI: HelperFeatures = { env: true, locate: true, report: true, ai: true };
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const REDACTION = read('../../../lib/redaction/secret-redaction.ts');
/** The redaction's declarations, without the file's leading comment and `export`. */
const REDACTION_BODY = REDACTION.slice(REDACTION.indexOf('/** Values shorter')).replace(/^export /gm, '');

test('the TypeScript AI helper inlines lib/redaction/secret-redaction.ts verbatim and scrubs with it', () => {
  for (const source of [helperModule(AI, 'typescript'), inlineHelper(AI, 'typescript')]) {
    assert.ok(source.includes(REDACTION_BODY), 'the redaction is inlined verbatim');
    assert.match(source, /function scrub\(text: string\): string \{\n\s+return createRedactor\(/);
    assert.doesNotMatch(source, /secret-redaction'|@redaction|@ts-nocheck|^export const MIN/m);
    assert.match(source, /scrub\(snapshot\)\.slice\(0, 20000\)/, 'redacted before it is cut');
  }
});

test('the JavaScript AI helper carries the same redaction, its types stripped, and it redacts as the service does', () => {
  for (const source of [helperModule(AI, 'javascript'), inlineHelper(AI, 'javascript')]) {
    assert.match(source, /function scrub\(text\) \{\n\s+return createRedactor\(/);
    assert.doesNotMatch(source, /secret-redaction'|@redaction|: string\b|^export const MIN|\binterface\b/m);
    assert.match(source, /scrub\(snapshot\)\.slice\(0, 20000\)/, 'redacted before it is cut');
  }
  // The stripped redaction, run: the same results as the service's on every spelling.
  const js = stripTypes(REDACTION_BODY);
  const stripped = new Function(`${js}\nreturn createRedactor;`)() as typeof createRedactor;
  const secrets = [['s3cret "pass" word', '****'], ['short1', '${SHORT}']] as const;
  const text = 'raw s3cret "pass" word, JSON s3cret \\"pass\\" word, URL s3cret%20%22pass%22%20word, cut s3cret "pa…, short1 and shor';
  assert.equal(stripped(secrets).redact(text), createRedactor(secrets).redact(text));
  assert.notEqual(createRedactor(secrets).redact(text), text);
});

test('the JavaScript helper is the TypeScript helper with its types stripped, doc comments kept', () => {
  for (const features of everyFeatureSet()) {
    const ts = helperModule(features, 'typescript');
    const js = helperModule(features, 'javascript');
    assert.doesNotMatch(js, /^(export )?(interface|type) |\/\*!|@__PURE__/m, JSON.stringify(features));
    // Every function of the TypeScript is in the JavaScript, under the same doc comment.
    for (const [, name] of ts.matchAll(/^(?:export )?(?:async )?function (\w+)/gm)) assert.match(js, new RegExp(`^(export )?(async )?function ${name}\\(`, 'm'), `${name} in ${JSON.stringify(features)}`);
    if (features.locate) assert.match(js, /\*\/\nexport async function locate\(candidates, expected = \{\}\) \{/);
    if (features.locate) assert.match(js, /\|\| 10000;/, 'numbers as written, not 1e4');
    assert.doesNotMatch(js, /\bvoid 0\b|[^\w$.]\de\d/, 'undefined and numbers as written');
  }
  // What the build writes for the package: one stripped text per feature set.
  const hashes = Object.keys(strippedSoFar());
  assert.ok(hashes.length >= everyFeatureSet().length, `${hashes.length} stripped texts`);
});

test('the plain helper carries no redaction code (it sends nothing anywhere)', () => {
  for (const language of ['javascript', 'typescript'] as const) {
    const plain = helperModule({ env: true, locate: true, report: true, ai: false }, language);
    assert.doesNotMatch(plain, /createRedactor|function scrub|SECRET_VALUES/);
  }
});
