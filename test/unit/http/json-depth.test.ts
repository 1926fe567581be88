import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_JSON_DEPTH, findTooDeep } from '../../../plugins/http/server/json-depth';

const nest = (depth: number, key = 'a') => `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;

test('depth up to the limit passes; one more names the path', () => {
  assert.equal(findTooDeep(nest(MAX_JSON_DEPTH)), null);
  assert.equal(findTooDeep(nest(MAX_JSON_DEPTH + 1)), 'a.a.a.a...');
  assert.equal(findTooDeep(`[${'['.repeat(70)}${']'.repeat(70)}]`), '[0][0][0][0]...');
  assert.equal(findTooDeep('{"a": 1}', 1), null);
  assert.equal(findTooDeep('{"a": {"b": 1}}', 1), 'a');
  assert.equal(findTooDeep('[[1]]', 0), '');
});

test('the path follows keys and indexes, not brackets inside strings', () => {
  const deep = nest(200_000, 'x');
  const body = `{"name": "n {[ \\" {{{", "toolCallsOnStart": [{"name": "t", "parameters": {}}, {"name": "u", "parameters": ${deep}}]}`;
  assert.equal(findTooDeep(body), 'toolCallsOnStart[1].parameters.x...');
  assert.equal(findTooDeep(`{"k\\"ey": ${nest(70)}}`), 'k"ey.a.a.a...');
  assert.equal(findTooDeep('{"s": "' + '{'.repeat(1000) + '"}'), null);
});

test('a 1 MB body is scanned quickly', () => {
  const big = JSON.stringify({ items: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })) });
  const t0 = performance.now();
  assert.equal(findTooDeep(big), null);
  assert.ok(performance.now() - t0 < 500);
});
