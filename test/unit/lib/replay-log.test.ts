import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReplayLog } from '../../../lib/async/replay-log';

interface Ev { k: string; type: 'step' | 'live' | 'end'; n: number }
const log = (maxPerKey = 100, retainMs = 20) =>
  new ReplayLog<Ev>({ key: (e) => e.k, kept: (e) => e.type !== 'live', last: (e) => e.type === 'end', retainMs, maxPerKey });

test('a late subscriber replays the kept history, then gets live events with their sequence numbers', () => {
  const l = log();
  l.emit({ k: 'a', type: 'step', n: 1 });
  l.emit({ k: 'a', type: 'live', n: 2 });
  l.emit({ k: 'b', type: 'step', n: 3 });
  assert.deepEqual(l.replay('a').map((e) => e.n), [1], 'live-only events are not kept; other keys are apart');
  const got: Array<[number, number]> = [];
  const off = l.subscribe('a', (e, seq) => got.push([e.n, seq]));
  l.emit({ k: 'a', type: 'step', n: 4 });
  off();
  l.emit({ k: 'a', type: 'step', n: 5 });
  assert.deepEqual(got, [[4, 1]]);
});

test('the history is bounded, but the last event is always kept, then dropped after retainMs', async () => {
  const l = log(2, 20);
  for (let n = 0; n < 5; n++) l.emit({ k: 'a', type: 'step', n });
  l.emit({ k: 'a', type: 'end', n: 9 });
  assert.deepEqual(l.replay('a').map((e) => e.n), [0, 1, 9]);
  await new Promise((r) => setTimeout(r, 60));
  assert.deepEqual(l.replay('a'), []);
});

test('a throwing subscriber does not break the source or the others', () => {
  const l = log();
  const seen: number[] = [];
  l.subscribe('a', () => { throw new Error('broken'); });
  l.subscribe('a', (e) => seen.push(e.n));
  l.emit({ k: 'a', type: 'step', n: 1 });
  assert.deepEqual(seen, [1]);
  l.forget('a');
  assert.deepEqual(l.replay('a'), []);
});

test('subscribeAll gets every key\'s live events, kept or not, with no history, until unsubscribed; a throwing one breaks nothing', () => {
  const l = log();
  l.emit({ k: 'a', type: 'step', n: 0 });
  const all: string[] = [];
  const perKey: number[] = [];
  l.subscribeAll(() => { throw new Error('broken'); });
  const off = l.subscribeAll((e) => all.push(`${e.k}${e.n}`));
  l.subscribe('a', (e) => perKey.push(e.n));
  l.emit({ k: 'a', type: 'step', n: 1 });
  l.emit({ k: 'b', type: 'live', n: 2 });
  l.emit({ k: 'c', type: 'end', n: 3 });
  off();
  l.emit({ k: 'a', type: 'step', n: 4 });
  assert.deepEqual(all, ['a1', 'b2', 'c3']);
  assert.deepEqual(perKey, [1, 4]);
});
