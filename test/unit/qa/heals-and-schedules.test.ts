/** What an accepted heal records, and suite schedules read by croner (lib/qa/schedule.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acceptedSelectors } from '../../../plugins/qa/runs/heal-decisions';
import { elementOf } from '../../../plugins/qa/runs/heal-proposals';
import { checkSchedule, nextSlot } from '../../../lib/qa/schedule';
import { ApiError } from '../../../kernel/errors';

const fp = (name: string) => `fingerprint=${JSON.stringify({ tag: 'button', role: 'button', name, text: '', attributes: {}, id: '', classes: [], ancestry: [], context: '', position: [0, 1] })}`;

test('an accepted heal: the matching locator first, the fresh candidates, one fingerprint (the fresh one) last', () => {
  const before = { selector: 'role=button[name="Sign in"]', selectors: ['role=button[name="Sign in"]', '#sign-in', fp('Sign in')], element: null, screenshot: null };
  const after = { selector: '#sign-in', selectors: ['role=button[name="Sign-in"]', '#sign-in', fp('Sign-in')], element: null, screenshot: null };
  assert.deepEqual(acceptedSelectors({ before, after }), ['#sign-in', 'role=button[name="Sign-in"]', fp('Sign-in')]);
  // Found by the fingerprint alone: the fresh recording leads; without a fresh fingerprint the old one stays.
  assert.deepEqual(acceptedSelectors({ before, after: { ...after, selector: fp('Sign in'), selectors: ['#new'] } }), ['#new', fp('Sign in')]);
  assert.equal(elementOf(before.selectors), 'button "Sign in"');
  assert.equal(elementOf(['#x']), null);
  assert.equal(elementOf(['fingerprint={bad']), null);
});

const code = (fn: () => void) => {
  try { fn(); } catch (err) { return err instanceof ApiError ? `${err.code} ${err.message}` : String(err); }
  return 'ok';
};

test('schedules: five fields, a time zone; malformed or never firing is 400 naming the field', () => {
  assert.equal(code(() => checkSchedule({ cron: '*/5 * * * *', timezone: null })), 'ok');
  assert.equal(code(() => checkSchedule({ cron: '0 3 * * 1-5', timezone: 'America/New_York' })), 'ok');
  assert.match(code(() => checkSchedule({ cron: '* * * *', timezone: null })), /^INVALID_REQUEST schedule: /);
  assert.match(code(() => checkSchedule({ cron: '0 * * * * *', timezone: null })), /^INVALID_REQUEST schedule: /, 'six fields (seconds) are refused');
  assert.match(code(() => checkSchedule({ cron: 'every day', timezone: null })), /^INVALID_REQUEST schedule: /);
  assert.match(code(() => checkSchedule({ cron: '* * * * *', timezone: 'Mars/Olympus' })), /^INVALID_REQUEST timezone: /);
  assert.match(code(() => checkSchedule({ cron: '0 0 30 2 *', timezone: null })), /^INVALID_REQUEST schedule: "0 0 30 2 \*" never fires/);
});

test('the next slot is strictly after the given time, in the schedule\'s time zone', () => {
  const from = Date.UTC(2025, 0, 1, 10, 0, 0);
  assert.equal(nextSlot({ cron: '* * * * *', timezone: null }, from), from + 60_000);
  assert.equal(nextSlot({ cron: '0 3 * * *', timezone: 'UTC' }, from), Date.UTC(2025, 0, 2, 3, 0, 0));
  assert.equal(nextSlot({ cron: '0 3 * * *', timezone: 'Asia/Tokyo' }, from), Date.UTC(2025, 0, 1, 18, 0, 0));
  assert.equal(nextSlot({ cron: 'nonsense', timezone: null }, from), null);
});
