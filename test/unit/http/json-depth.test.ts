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

// Speed is the benchmarks' business (bench:api, bench:fuzz): a timed unit test fails under load. This checks a wide, shallow 1 MB body passes.
test('a 1 MB body that is wide but shallow passes', () => {
  const big = JSON.stringify({ items: Array.from({ length: 40_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })) });
  assert.ok(big.length > 1_000_000);
  assert.equal(findTooDeep(big), null);
});
