import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeParams } from '../../../plugins/http/server/path-params';
import { ApiError } from '../../../kernel/errors';

const route = { keys: ['flowId', 'imageId'], pattern: /^\/api\/flows\/([^/]+?)\/images\/([^/]+?)\/?$/i };

test('decodes percent-encoded values exactly once', () => {
  assert.deepEqual(decodeParams('/api/flows/a/images/b', { flowId: 'a', imageId: 'b' }, route, 'INVALID_REQUEST'), { flowId: 'a', imageId: 'b' });
  assert.deepEqual(decodeParams('/api/flows/a%20b/images/%2525', {}, route, 'INVALID_REQUEST'), { flowId: 'a b', imageId: '%25' });
});

test('refuses traversal, separators, NUL, control characters and malformed escapes', () => {
  const bad = ['/api/flows/../images/x', '/api/flows/a..b/images/x', '/api/flows/%2e%2e/images/x', '/api/flows/a%2Fb/images/x',
    '/api/flows/a%5Cb/images/x', '/api/flows/%00/images/x', '/api/flows/a%0Ab/images/x', '/api/flows/%E0%A4%A/images/x'];
  for (const path of bad) {
    const m = route.pattern.exec(path)!;
    assert.throws(() => decodeParams(path, { flowId: m[1]!, imageId: m[2]! }, route, 'INVALID_REQUEST'),
      (err: unknown) => err instanceof ApiError && err.code === 'INVALID_REQUEST' && /^flowId: /.test(err.message), path);
  }
});

test('uses the route\'s error code', () => {
  assert.throws(() => decodeParams('/api/flows/%00/images/x', {}, route, 'FLOW_NOT_FOUND'),
    (err: unknown) => err instanceof ApiError && err.code === 'FLOW_NOT_FOUND' && err.status === 404);
});
