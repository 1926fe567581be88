import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import type { RouteDefinition } from '../../../lib/http/route-contract';
import { buildOpenApiDocument, toOpenApiPath } from '../../../plugins/routes/system/openapi';

const routes: RouteDefinition[] = [
  {
    method: 'GET', path: '/api/things/:thingId/parts/:partId', summary: 'One part', tags: ['things'],
    params: v.object({ thingId: v.pipe(v.string(), v.uuid()), partId: v.string() }),
    query: v.object({ limit: v.optional(v.pipe(v.string(), v.transform(Number), v.number()), '10'), q: v.string() }),
    responses: { 200: { description: 'The part', schema: v.object({ id: v.string() }) }, 404: { description: 'NOT_FOUND' } },
    handler: () => ({ status: 204 }),
  },
  {
    method: 'POST', path: '/api/things', summary: 'Create a thing',
    body: v.strictObject({ name: v.pipe(v.string(), v.maxLength(10)) }),
    responses: { 201: { description: 'Created', schema: v.object({ id: v.string() }) } },
    handler: () => ({ status: 204 }),
  },
  {
    method: 'GET', path: '/api/things/:thingId/image', summary: 'Image',
    responses: { 200: { description: 'PNG', contentType: 'image/png' } },
    handler: () => ({ status: 204 }),
  },
];

test('toOpenApiPath converts polka parameters', () => {
  assert.equal(toOpenApiPath('/api/flows/:flowId/images/:imageId'), '/api/flows/{flowId}/images/{imageId}');
  assert.equal(toOpenApiPath('/api/ping'), '/api/ping');
});

test('operations carry parameters, bodies, responses and the common errors', () => {
  const doc = buildOpenApiDocument(routes, '1.2.3') as any;
  assert.equal(doc.openapi, '3.1.0');
  assert.equal(doc.info.version, '1.2.3');
  assert.deepEqual(doc.tags, [{ name: 'things' }]);

  const part = doc.paths['/api/things/{thingId}/parts/{partId}'].get;
  assert.equal(part.operationId, 'getThingsByThingIdPartsByPartId');
  assert.deepEqual(part.parameters.map((p: any) => [p.name, p.in, p.required]),
    [['thingId', 'path', true], ['partId', 'path', true], ['limit', 'query', false], ['q', 'query', true]]);
  assert.equal(part.parameters[0].schema.format, 'uuid');
  assert.deepEqual(part.responses['200'].content['application/json'].schema.required, ['id']);
  assert.equal(part.responses['404'].content['application/json'].schema.$ref, '#/components/schemas/Error');
  assert.ok(part.responses['400'] && part.responses['403'] && part.responses['500']);
  assert.equal(part.responses['413'], undefined, 'no body, no 413');

  const create = doc.paths['/api/things'].post;
  assert.equal(create.requestBody.required, true);
  const body = create.requestBody.content['application/json'].schema;
  assert.equal(body.additionalProperties, false);
  assert.equal(body.properties.name.maxLength, 10);
  assert.equal(body.$schema, undefined);
  assert.ok(create.responses['413']);

  const image = doc.paths['/api/things/{thingId}/image'].get;
  assert.deepEqual(image.responses['200'].content, { 'image/png': { schema: { type: 'string', format: 'binary' } } });
  assert.deepEqual(image.parameters[0].schema, { type: 'string' });
});
