import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../kernel/errors';
import {
  decodePageToken, encodeKeyPart, encodePageToken, flowPosition, indexKeysOf, invertTimestamp, matchesQuery, planQuery, positionOfIndexKey,
} from '../../../plugins/storage/leveldb/flow-keys';
import { makeFlow } from '../../contract/storage.contract';

test('inverted timestamps are fixed-width and sort newest first', () => {
  const times = [0, 1, 999, 1_750_000_000_000, Number.MAX_SAFE_INTEGER];
  const keys = times.map(invertTimestamp);
  assert.ok(keys.every((k) => k.length === 16));
  assert.deepEqual([...keys].sort(), [...keys].reverse());
});

test('encoded key parts never contain the separator and stay distinct', () => {
  const names = ['a', 'a!b', 'a%21b', 'a%b', '!', '%', 'a b/ü😀'];
  const encoded = names.map(encodeKeyPart);
  assert.ok(encoded.every((e) => !e.includes('!')));
  assert.equal(new Set(encoded).size, names.length);
});

test('index keys: one per index, the active one only for non-terminal states, all ending with the position', () => {
  const running = makeFlow({ name: 'n!x', state: 'PAUSED', runMode: 'INSTRUCT', createdAt: 5, envVars: ['USER', 'PASS', 'USER'] });
  const keys = indexKeysOf(running);
  assert.deepEqual(keys.map((k) => k.slice(0, 2)), ['c!', 'n!', 's!', 'm!', 'a!', 'e!', 'e!']);
  assert.ok(keys.includes(`e!PASS!${flowPosition(running)}`), 'one env-var entry per distinct name');
  assert.ok(keys.every((k) => positionOfIndexKey(k) === flowPosition(running)));
  assert.ok(keys.includes(`n!n%21x!${flowPosition(running)}`));
  assert.equal(indexKeysOf({ ...running, state: 'SUCCESS' }).some((k) => k.startsWith('a!')), false);
});

test('query plan picks name > envVar > state > runMode > createdAt; RUNNING walks the active index', () => {
  assert.equal(planQuery({ name: 'x', envVar: 'USER', state: 'PAUSED', runMode: 'INSTRUCT' }).index, 'name');
  assert.equal(planQuery({ envVar: 'USER', state: 'PAUSED' }).index, 'envVar');
  assert.equal(planQuery({ state: 'PAUSED', runMode: 'INSTRUCT' }).index, 'state');
  assert.equal(planQuery({ state: 'RUNNING', runMode: 'INSTRUCT' }).index, 'active');
  assert.equal(planQuery({ runMode: 'INSTRUCT', startedAfter: 1 }).index, 'runMode');
  assert.equal(planQuery({ startedBefore: 1 }).index, 'createdAt');
});

test('started bounds are inclusive and never match a flow that has not started', () => {
  const flow = makeFlow({ startedAt: 100 });
  assert.equal(matchesQuery(flow, { startedAfter: 100, startedBefore: 100 }), true);
  assert.equal(matchesQuery(flow, { startedAfter: 101 }), false);
  assert.equal(matchesQuery(flow, { startedBefore: 99 }), false);
  assert.equal(matchesQuery({ ...flow, startedAt: null }, { startedBefore: 1e15 }), false);
  assert.equal(matchesQuery({ ...flow, startedAt: null }, {}), true);
});

test('page tokens round trip and anything else is INVALID_REQUEST', () => {
  const position = flowPosition(makeFlow());
  const token = encodePageToken(position);
  assert.match(token, /^[A-Za-z0-9_-]+$/);
  assert.equal(decodePageToken(token), position);
  for (const bad of ['', '!!', encodePageToken('1234!x'), Buffer.from('p1:abc').toString('base64url'), token + '*']) {
    assert.throws(() => decodePageToken(bad), (e: unknown) => e instanceof ApiError && e.code === 'INVALID_REQUEST' && e.message.startsWith('pageToken:'));
  }
});
