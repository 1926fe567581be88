import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toGeminiParameters, toGeminiSchema } from '../../../plugins/llm/google/genai/schema';

test('toGeminiSchema drops unsupported keywords recursively and keeps the supported ones', () => {
  const input = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    additionalProperties: false,
    properties: {
      selector: { type: 'string', description: 'CSS', minLength: 1, examples: ['#a'] },
      count: { type: 'integer', minimum: 0, exclusiveMaximum: 10, format: 'int32' },
      when: { type: 'string', format: 'date-time' },
      nested: { type: 'object', additionalProperties: { type: 'string' }, properties: { a: { type: 'number', multipleOf: 2 } } },
      tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, uniqueItems: true },
    },
    required: ['selector'],
  };
  const copy = structuredClone(input);
  const out = toGeminiSchema(input) as any;
  assert.deepEqual(input, copy, 'the input is not modified');
  assert.deepEqual(out, {
    type: 'object',
    properties: {
      selector: { type: 'string', description: 'CSS', minLength: 1 },
      count: { type: 'integer', minimum: 0, format: 'int32' },
      when: { type: 'string', format: 'date-time' },
      nested: { type: 'object', properties: { a: { type: 'number' } } },
      tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
    },
    required: ['selector'],
  });
});

test('toGeminiSchema: refs, nullable unions, oneOf, const and non-string enums', () => {
  const out = toGeminiSchema({
    type: 'object',
    definitions: { point: { type: 'object', properties: { x: { type: 'number' } } } },
    properties: {
      at: { $ref: '#/definitions/point', description: 'where' },
      maybe: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      either: { oneOf: [{ type: 'string' }, { type: 'number' }] },
      many: { type: ['string', 'number'] },
      fixed: { const: 'yes' },
      level: { type: 'number', enum: [1, 2] },
      loop: { $ref: '#/definitions/missing' },
    },
  }) as any;
  assert.deepEqual(out.properties.at, { type: 'object', properties: { x: { type: 'number' } }, description: 'where' });
  assert.deepEqual(out.properties.maybe, { type: 'string', nullable: true });
  assert.deepEqual(out.properties.either, { anyOf: [{ type: 'string' }, { type: 'number' }] });
  assert.deepEqual(out.properties.many, { anyOf: [{ type: 'string' }, { type: 'number' }] });
  assert.deepEqual(out.properties.fixed, { enum: ['yes'], type: 'string' });
  assert.deepEqual(out.properties.level, { type: 'number' });
  assert.deepEqual(out.properties.loop, { type: 'object' });
  assert.equal(out.definitions, undefined);
});

test('toGeminiSchema: a recursive schema is cut off instead of looping', () => {
  const out = toGeminiSchema({
    type: 'object',
    $defs: { node: { type: 'object', properties: { child: { $ref: '#/$defs/node' } } } },
    properties: { root: { $ref: '#/$defs/node' } },
  });
  assert.ok(JSON.stringify(out).length < 5000);
});

test('toGeminiSchema: an empty schema becomes an empty object', () => {
  assert.deepEqual(toGeminiSchema({}), { type: 'object', properties: {} });
});

test('a parameterless tool is declared without parameters (the API refuses an OBJECT without properties)', () => {
  assert.equal(toGeminiParameters({ type: 'object', properties: {} }), undefined);
  assert.equal(toGeminiParameters({ type: 'object', properties: {}, additionalProperties: false }), undefined);
  assert.deepEqual(toGeminiParameters({ type: 'object', properties: { url: { type: 'string' } }, required: ['url'] }), { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] });
});
