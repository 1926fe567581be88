import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeOpenError, isLockError } from '../../../plugins/storage/leveldb/open-error';

test('lock errors are recognised by code, by cause code and by cause message', () => {
  assert.equal(isLockError({ code: 'LEVEL_LOCKED' }), true);
  assert.equal(isLockError({ code: 'LEVEL_DATABASE_NOT_OPEN', cause: { code: 'LEVEL_LOCKED' } }), true);
  assert.equal(isLockError({ code: 'LEVEL_DATABASE_NOT_OPEN', cause: { message: 'IO error: lock /x/db/LOCK: already held by process' } }), true);
  assert.equal(isLockError({ code: 'LEVEL_DATABASE_NOT_OPEN', cause: { message: 'Corruption: bad block' } }), false);
  assert.equal(isLockError(new Error('lock')), false);
  assert.equal(isLockError(undefined), false);
});

test('the messages are one readable line', () => {
  const locked = describeOpenError({ code: 'LEVEL_DATABASE_NOT_OPEN', cause: { code: 'LEVEL_LOCKED' } }, '/x/db');
  assert.equal(locked, 'The data directory /x/db is in use by another browserflow process (LevelDB lock). Stop it or choose another --data-dir.');
  const other = describeOpenError({ code: 'LEVEL_DATABASE_NOT_OPEN', message: 'Database failed to open', cause: { message: 'Corruption: bad block' } }, '/x/db');
  assert.equal(other, 'Cannot open the database in /x/db: Corruption: bad block');
});
