import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskSecret } from '../../../lib/redaction/secrets';

test('maskSecret keeps the first 3 and last 4 characters of values of 10 or more', () => {
  assert.equal(maskSecret('sk-1234567890abcd'), 'sk-****abcd');
  assert.equal(maskSecret('0123456789'), '012****6789');
});

test('maskSecret hides short values and non-strings entirely', () => {
  assert.equal(maskSecret('123456789'), '****');
  assert.equal(maskSecret(''), '****');
  assert.equal(maskSecret(undefined), '****');
  assert.equal(maskSecret({ private_key: 'x' }), '****');
});
