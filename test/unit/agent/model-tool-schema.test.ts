import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { modelToolSchema } from '../../../plugins/agents/flow-runner/model-tool-schema';
import { toolJsonSchema } from '../../../lib/json-schema/tool-json-schema';
import { elementTools } from '../../../plugins/tools/browser/element-tools';
import { navigationTools } from '../../../plugins/tools/browser/navigation-tools';

const byName = (name: string): ToolDefinition => [...elementTools, ...navigationTools].find((t) => t.name === name)!;

test('an element parameter is offered as a plain string; the full schema still takes the failover array', () => {
  const click = byName('click');
  assert.deepEqual(modelToolSchema(click), { type: 'object', properties: { selector: { type: 'string' } }, required: ['selector'] });
  assert.ok(JSON.stringify(toolJsonSchema(click)).includes('"type":"array"'), 'GET /api/tools keeps the array form');
});

test('length limits and additionalProperties go; ranges, enums and required stay; no-argument tools have no required list', () => {
  const scroll = modelToolSchema(byName('scroll'));
  assert.deepEqual((scroll.properties as Record<string, unknown>).direction, { enum: ['up', 'down', 'left', 'right'], type: 'string' });
  assert.deepEqual(modelToolSchema(byName('wait')), { type: 'object', properties: { ms: { type: 'integer', minimum: 0, maximum: 30000 } }, required: ['ms'] });
  assert.deepEqual(modelToolSchema(byName('goBack')), { type: 'object', properties: {} });
  const text = JSON.stringify([...elementTools, ...navigationTools].map(modelToolSchema));
  assert.doesNotMatch(text, /minLength|maxLength|minItems|maxItems|additionalProperties/);
});

test('property names are not mistaken for keywords', () => {
  const tool: ToolDefinition = {
    name: 'limits', kind: 'action', description: 'x', run: async () => ({ message: 'ok' }),
    inputSchema: v.strictObject({ maxLength: v.pipe(v.string(), v.maxLength(5)), additionalProperties: v.optional(v.boolean()) }),
  };
  assert.deepEqual(modelToolSchema(tool), { type: 'object', properties: { maxLength: { type: 'string' }, additionalProperties: { type: 'boolean' } }, required: ['maxLength'] });
});

test('a custom tool keeps the schema its author wrote', () => {
  const jsonSchema = { type: 'object', properties: { q: { type: 'string', maxLength: 20 } }, required: ['q'], additionalProperties: false };
  const custom: ToolDefinition = { name: 'search', kind: 'action', description: 'x', run: async () => ({ message: 'ok' }), inputSchema: v.any(), jsonSchema };
  assert.equal(modelToolSchema(custom), jsonSchema);
});
