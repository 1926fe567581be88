/**
 * lib/selector-trials and lib/page-scripts/selectors/candidate-trials: the
 * order of `selectorsTried`, how a tool result or a thrown error carries the
 * trials to the record (and nothing else does), and the reasons of a pass by
 * agreement, including the one where no element agreed clearly enough.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchedReason, orderTrials, selectorTrialsOf, withTrials } from '../../../lib/selector-trials/selector-trials';
import { agreementReasons } from '../../../lib/page-scripts/selectors/candidate-trials';

test('trials: the others in candidate order, then the one used; all with reasons when none was used', () => {
  const selectors = ['a', 'b', 'c', 'd'];
  assert.deepEqual(orderTrials(selectors, ['matched 2 elements', 'matched 0 elements', null, null], 0), [
    { selector: 'b', error: 'matched 0 elements' },
    { selector: 'a', error: null },
  ]);
  assert.deepEqual(orderTrials(selectors, ['x', 'y', 'z', 'w'], -1).map((t) => t.error), ['x', 'y', 'z', 'w']);
  assert.equal(matchedReason(1), 'matched 1 element');
  assert.equal(matchedReason(3), 'matched 3 elements');
});

test('a result or an error carries its trials; anything else carries none', () => {
  const trials = { selectorUsed: null, selectorsTried: [{ selector: '#a', error: 'matched 0 elements' }] };
  const err = withTrials(new Error('No element matches any of: #a'), trials);
  assert.deepEqual(selectorTrialsOf(err), trials);
  assert.equal(err.message, 'No element matches any of: #a');
  assert.deepEqual(selectorTrialsOf({ message: 'Clicked #a', selectorUsed: '#a', selectorsTried: [{ selector: '#a', error: null }] }),
    { selectorUsed: '#a', selectorsTried: [{ selector: '#a', error: null }] });
  for (const other of [new Error('boom'), null, undefined, 'text', { selectorUsed: 3, selectorsTried: 'no' }]) {
    assert.deepEqual(selectorTrialsOf(other), { selectorUsed: null, selectorsTried: null });
  }
});

test('agreement reasons: before the pick each candidate says why; none agreeing gives every reason', () => {
  const none = { count: 0, agreements: [], uids: [] };
  const other = { count: 1, agreements: [0.31], uids: [7] };
  const lookAlike = { count: 1, agreements: [0.8], uids: [8] };
  const shared = { count: 3, agreements: [0.2, 0.97, 0.4], uids: [1, 9, 2] };
  const picked = { count: 1, agreements: [0.97], uids: [9] };
  const reasons = agreementReasons([none, other, lookAlike, shared, null, picked, picked], { index: 5, nth: 0 }, [null, null, null, null, 'syntax not supported by this driver', null, null]);
  assert.deepEqual(reasons, [
    'matched 0 elements',
    'disagrees with the recorded element (agreement 0.31)',
    'matched another element (agreement 0.80)',
    'matched 3 elements',
    'syntax not supported by this driver',
    null,
    null,
  ]);
  assert.deepEqual(agreementReasons([{ count: 0, agreements: [], uids: [], error: 'navigation' }, lookAlike], null, [null, null]), [
    'navigation',
    'ambiguous: another element agrees about as well (agreement 0.80)',
  ]);
});
