/** lib/dependency-order: dependencies first, the given order kept where it is free, a cycle named. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DependencyCycle, dependencyOrder } from '../../../lib/dependency-order/dependency-order';

const graph: Record<string, string[]> = { app: ['http', 'storage'], http: ['logger'], storage: ['logger'], logger: [], ui: [] };
const order = (items: string[], g = graph) => dependencyOrder(items, (i) => g[i] ?? [], (i) => i);

test('each item comes after what it depends on; free items keep their order', () => {
  assert.deepEqual(order(['ui', 'app', 'logger', 'http', 'storage']), ['ui', 'logger', 'http', 'storage', 'app']);
  assert.deepEqual(order(['logger', 'ui']), ['logger', 'ui']);
});

test('a cycle is thrown with its items, from the first one round to it again', () => {
  const cyclic = { a: ['b'], b: ['c'], c: ['a'], d: [] };
  assert.throws(() => order(['d', 'a', 'b', 'c'], cyclic), (err: unknown) => {
    assert.ok(err instanceof DependencyCycle);
    assert.deepEqual(err.cycle, ['a', 'b', 'c', 'a']);
    assert.equal(err.message, 'dependency cycle: a -> b -> c -> a');
    return true;
  });
});
