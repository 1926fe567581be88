import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateJsonSchema } from '../../../lib/json-schema/json-schema';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z]+$' },
    count: { type: 'integer', minimum: 1, maximum: 3 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    mode: { enum: ['a', 'b'] },
  },
  required: ['name'],
  additionalProperties: false,
};

test('accepts valid input', () => {
  assert.equal(validateJsonSchema(schema, { name: 'abc', count: 2, tags: ['x'], mode: 'a' }), null);
});

test('names the first problem with its path', () => {
  assert.equal(validateJsonSchema(schema, {}), 'name: is required');
  assert.equal(validateJsonSchema(schema, { name: 5 }), 'name: expected string, received integer');
  assert.equal(validateJsonSchema(schema, { name: 'a' }), 'name: must be at least 2 characters');
  assert.equal(validateJsonSchema(schema, { name: 'ABC' }), 'name: must match ^[a-z]+$');
  assert.equal(validateJsonSchema(schema, { name: 'ab', count: 9 }), 'count: must be <= 3');
  assert.equal(validateJsonSchema(schema, { name: 'ab', count: 1.5 }), 'count: expected integer, received number');
  assert.equal(validateJsonSchema(schema, { name: 'ab', tags: ['a', 1] }), 'tags[1]: expected string, received integer');
  assert.equal(validateJsonSchema(schema, { name: 'ab', mode: 'c' }), 'mode: must be one of "a", "b"');
  assert.equal(validateJsonSchema(schema, { name: 'ab', extra: 1 }), 'extra: unknown field');
  assert.equal(validateJsonSchema(schema, []), 'value: expected object, received array');
});

test('anyOf, oneOf and boolean schemas', () => {
  assert.equal(validateJsonSchema({ anyOf: [{ type: 'string' }, { type: 'number' }] }, true), 'value: matches none of the allowed shapes');
  assert.equal(validateJsonSchema({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1), 'value: must match exactly one allowed shape');
  assert.equal(validateJsonSchema(true, 1), null);
  assert.equal(validateJsonSchema(false, 1), 'value: not allowed');
});
