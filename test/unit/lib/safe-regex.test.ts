import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  RegexBusyError, RegexTimeoutError, isKnownSlowPattern, testRegex, testRegexSync as testRegexSyncOnce, testRegexesSync as testRegexesSyncOnce,
} from '../../../lib/safe-regex/safe-regex';
import { validateJsonSchema, validateJsonSchemaAsync } from '../../../lib/json-schema/json-schema';

// Each test uses its own hostile pattern: a pattern that overran is remembered process-wide.
// Sound patterns get generous limits (LONG): the machine running the tests may be busy.
const LONG = 5000;

/**
 * A busy answer (no worker ready: they are being replaced after an overrun, later on a loaded machine)
 * means "try again", as callers are told: the checks retry it, up to 10 s.
 */
function untilReady<T>(check: () => T, busy: (value: T) => boolean): T {
  const deadline = Date.now() + 10_000;
  for (;;) {
    let value: T;
    try {
      value = check();
    } catch (err) {
      if (!(err instanceof RegexBusyError) || Date.now() > deadline) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
      continue;
    }
    if (!busy(value) || Date.now() > deadline) return value;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}
const testRegexSync = (...args: Parameters<typeof testRegexSyncOnce>) => untilReady(() => testRegexSyncOnce(...args), () => false);
const testRegexesSync = (...args: Parameters<typeof testRegexesSyncOnce>) =>
  untilReady(() => testRegexesSyncOnce(...args), (out) => out.some((o) => o.status === 'busy'));

test('testRegexSync answers like RegExp.test, and throws SyntaxError for a pattern that does not compile', () => {
  assert.equal(testRegexSync('^a+$', 'u', 'aaa', LONG), true);
  assert.equal(testRegexSync('^a+$', 'u', 'aab', LONG), false);
  assert.equal(testRegexSync('WELCOME', 'i', 'welcome', LONG), true);
  assert.equal(testRegexSync('a', 'g', 'a', LONG), true, 'a global flag does not carry lastIndex from one call to the next');
  assert.equal(testRegexSync('a', 'g', 'a', LONG), true);
  assert.throws(() => testRegexSync('(', 'u', 'x', LONG), SyntaxError);
});

test('testRegexSync: an exponential pattern is cut at its time limit, remembered, and the next checks still work', () => {
  const t0 = performance.now();
  assert.throws(() => testRegexSync('^(b+)+$', 'u', `${'b'.repeat(40)}!`, 30), (err: unknown) => err instanceof RegexTimeoutError && /took longer than 30 ms/.test(err.message));
  assert.ok(performance.now() - t0 < 2000, 'bounded by the limit, not by the pattern');
  assert.equal(isKnownSlowPattern('^(b+)+$', 'u'), true);
  const t1 = performance.now();
  assert.throws(() => testRegexSync('^(b+)+$', 'u', 'bbb', 30), RegexTimeoutError);
  assert.ok(performance.now() - t1 < 50, 'a known slow pattern is refused without running');
  assert.equal(testRegexSync('^b+$', 'u', 'bbb', LONG), true, 'a fresh worker took over');
});

test('testRegexesSync: one batch, one outcome per check; an overrun marks the culprit and skips the rest', () => {
  assert.deepEqual(testRegexesSync([
    { pattern: 'x', flags: '', input: 'x' }, { pattern: 'y', flags: '', input: 'x' }, { pattern: '[', flags: '', input: 'x' },
  ], LONG).map((o) => o.status), ['match', 'noMatch', 'invalid']);
  const out = testRegexesSync([
    { pattern: 'x', flags: '', input: 'x' }, { pattern: '^(c+)+$', flags: '', input: `${'c'.repeat(40)}!` }, { pattern: 'z', flags: '', input: 'z' },
  ], 30);
  assert.deepEqual(out.map((o) => o.status), ['skipped', 'timeout', 'skipped']);
});

test('testRegex (async): the event loop keeps running while a hostile pattern runs, then it rejects', async () => {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const t0 = performance.now();
  await assert.rejects(testRegex('^(d+)+$', '', `${'d'.repeat(40)}!`, 200), RegexTimeoutError);
  clearInterval(timer);
  const took = performance.now() - t0;
  // Generous upper bound: a loaded machine schedules the worker late; a hang would never end.
  assert.ok(took >= 150 && took < 15_000, `took ${took.toFixed(0)} ms`);
  // A blocked loop would run no timer before the check ends (counts depend on the machine: at least a few).
  assert.ok(ticks >= 2, `${ticks} timer ticks ran meanwhile`);
  await assert.rejects(testRegex('^(d+)+$', '', 'd'), RegexTimeoutError, 'remembered');
  assert.deepEqual(await Promise.all([testRegex('/welcome', '', 'http://x/welcome.html', LONG), testRegex('^$', '', 'x', LONG), testRegex('W', 'i', 'w', LONG)]), [true, false, true]);
  await assert.rejects(testRegex('(', '', 'x', LONG), SyntaxError);
});

test('validateJsonSchema: a hostile pattern fails its field within the budget; patterns in arrays and anyOf are all checked', () => {
  const t0 = performance.now();
  const problem = validateJsonSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(e+)+$' } } }, { s: `${'e'.repeat(40)}!` });
  assert.match(problem ?? '', /^s: pattern \^\(e\+\)\+\$ took longer than 20 ms to check/);
  assert.ok(performance.now() - t0 < 2000);
  const schema = { type: 'array', items: { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { type: 'string', pattern: '^[a-z]+$' }] } };
  assert.equal(validateJsonSchema(schema, ['123', 'abc', '9'], '', LONG), null);
  assert.equal(validateJsonSchema(schema, ['123', 'ABC'], '', LONG), '[1]: matches none of the allowed shapes');
  const many = Array.from({ length: 2000 }, (_, i) => `v${i}`);
  const t1 = performance.now();
  assert.equal(validateJsonSchema({ type: 'array', items: { type: 'string', pattern: '^v[0-9]+$' } }, many, '', LONG), null);
  assert.ok(performance.now() - t1 < 3000, '2000 checks in one batch');
});

test('validateJsonSchemaAsync: same answers, the event loop free while a hostile pattern runs', async () => {
  assert.equal(await validateJsonSchemaAsync({ type: 'string', pattern: '^[a-z]+$' }, 'abc'), null);
  assert.equal(await validateJsonSchemaAsync({ type: 'object', properties: { s: { type: 'string', pattern: '^[a-z]+$' } } }, { s: 'A' }), 's: must match ^[a-z]+$');
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const problem = await validateJsonSchemaAsync({ type: 'object', properties: { s: { type: 'string', pattern: '^(f+)+$' } } }, { s: `${'f'.repeat(40)}!` }, '', 200);
  clearInterval(timer);
  assert.match(problem ?? '', /^s: pattern \^\(f\+\)\+\$ took longer than 200 ms to check/);
  // A blocked loop would run no timer before the check ends (counts depend on the machine: at least a few).
  assert.ok(ticks >= 2, `${ticks} timer ticks ran meanwhile`);
});
