import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteDefinition } from '../../../lib/http/route-contract';
import { orderRoutes } from '../../../plugins/http/server/router';
import { StartupError } from '../../../kernel/errors';

const route = (method: RouteDefinition['method'], path: string): RouteDefinition => ({
  method, path, summary: path, responses: {}, handler: () => ({ status: 204 }),
});

test('static segments come before parameters at the same place, plugin order otherwise', () => {
  const ordered = orderRoutes([
    route('GET', '/api/flows/:flowId'), route('POST', '/api/flows/project'), route('GET', '/api/flows'),
    route('GET', '/api/flows/:flowId/video'), route('GET', '/api/ping'),
  ]).map((r) => `${r.method} ${r.path}`);
  assert.deepEqual(ordered, ['GET /api/flows', 'GET /api/ping', 'POST /api/flows/project', 'GET /api/flows/:flowId', 'GET /api/flows/:flowId/video']);
});

test('two routes with the same method and shape are a startup error naming the route', () => {
  assert.throws(() => orderRoutes([route('GET', '/api/env/:key'), route('GET', '/api/env/:name')]),
    (err: unknown) => err instanceof StartupError && /GET \/api\/env\/:name/.test(err.message));
  assert.doesNotThrow(() => orderRoutes([route('GET', '/api/env/:key'), route('POST', '/api/env/:key')]));
});
