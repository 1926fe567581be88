import { test } from 'node:test';
import assert from 'node:assert/strict';
import { envRedactor, findPlaceholders, substitute } from '../../../lib/redaction/env-placeholders';

const values = new Map([['USER', 'alice'], ['PASSWORD', 's3cret-pass']]);

test('finds placeholders in nested strings', () => {
  assert.deepEqual([...findPlaceholders({ a: 'x ${USER} ${PASSWORD}', b: ['${OTHER}'], c: { d: '${_X1}' }, e: 5, f: '$USER ${bad-name}' })], ['USER', 'PASSWORD', 'OTHER', '_X1']);
});

test('substitutes known placeholders and leaves others', () => {
  assert.deepEqual(substitute({ text: '${USER}:${PASSWORD}', list: ['${NOPE}'], n: 3 }, values), { text: 'alice:s3cret-pass', list: ['${NOPE}'], n: 3 });
});

test('redacts secret values back into placeholders, longest first', () => {
  const out = envRedactor(values).redactDeep({ message: 'typed s3cret-pass for alice', data: { text: ['alice'] } });
  assert.deepEqual(out, { message: 'typed ${PASSWORD} for ${USER}', data: { text: ['${USER}'] } });
});

test('redaction ignores values too short to be meaningful', () => {
  assert.deepEqual(envRedactor(new Map([['X', 'a']])).redactDeep('a b'), 'a b');
});
