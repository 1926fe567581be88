/**
 * The generated AI-healing helper scrubs what it sends to a model with the
 * service's own redaction: the very same source, inlined, so the generated
 * tests redact every spelling of a secret the way the service does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRedactor } from '../../../kernel/secret-redaction.js';
import { helperModule, inlineHelper } from '../../../plugins/codegen/playwright/helper-source';

const AI = { testScriptVariant: 'ai', disableSelfHealingTests: false } as const;

test('the AI helper inlines kernel/secret-redaction.js and scrubs with it', () => {
  for (const source of [helperModule(AI as never), inlineHelper(AI as never)]) {
    assert.ok(source.includes(createRedactor.toString()), 'createRedactor is inlined verbatim');
    assert.match(source, /function scrub\(text\) \{\n\s+return createRedactor\(/);
    assert.doesNotMatch(source, /kernel\/secret-redaction|@redaction|^export const MIN/m);
    assert.match(source, /scrub\(snapshot\)\.slice\(0, 20000\)/, 'redacted before it is cut');
  }
});

test('the plain helper carries no redaction code (it sends nothing anywhere)', () => {
  const plain = helperModule({ testScriptVariant: 'plain', disableSelfHealingTests: false } as never);
  assert.doesNotMatch(plain, /createRedactor|function scrub/);
});
