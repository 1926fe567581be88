/** Verdicts and run states from attempts (plugins/qa/runs/verdict.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { settle, verdictOf } from '../../../plugins/qa/runs/verdict';
import type { RunAttempt, RunRecord } from '../../../lib/qa/run-types';

const a = (state: RunAttempt['state'], extra: Partial<RunAttempt> = {}): RunAttempt => ({
  flowId: state === 'QUEUED' ? null : 'f', state, durationMs: null, healed: false, failure: state === 'FAILED' ? { code: 'TOOL_CALL_FAILED', message: 'x' } : null, heals: [], ...extra,
});

test('verdicts: passed, healed, flaky, failed; none while an attempt is pending', () => {
  assert.equal(verdictOf([a('SUCCESS'), a('SUCCESS')], false), 'passed');
  assert.equal(verdictOf([a('SUCCESS'), a('SUCCESS', { healed: true })], false), 'healed');
  assert.equal(verdictOf([a('SUCCESS'), a('FAILED')], false), 'flaky');
  assert.equal(verdictOf([a('FAILED', { healed: true }), a('SUCCESS')], false), 'flaky');
  assert.equal(verdictOf([a('FAILED'), a('FAILED')], false), 'failed');
  assert.equal(verdictOf([a('SUCCESS'), a('RUNNING')], false), null);
  assert.equal(verdictOf([a('QUEUED')], false), null);
});

test('a cancelled run: skipped attempts and those cancelled with it give no verdict; the others count', () => {
  const cancelled = a('FAILED', { failure: { code: 'CANCELLED', message: 'Cancelled by the user' } });
  assert.equal(verdictOf([a('SKIPPED'), a('SKIPPED')], true), null);
  assert.equal(verdictOf([cancelled, a('SKIPPED')], true), null);
  assert.equal(verdictOf([a('SUCCESS'), cancelled], true), 'passed');
  assert.equal(verdictOf([a('SUCCESS'), cancelled], false), 'flaky', 'outside a cancelled run a cancelled attempt failed');
});

test('settle: FAILED when a flow failed, PASSED otherwise (flaky too), completedAt once nothing is pending', () => {
  const run = (attempts: RunAttempt[][], state: RunRecord['state'] = 'RUNNING'): RunRecord => ({
    id: 'r', state, trigger: 'api', suite: null, selection: { flowIds: [], tags: [] }, repeat: 2, concurrency: 1, baseUrl: null, createdAt: 1, completedAt: null,
    counts: { flows: attempts.length, passed: 0, healed: 0, flaky: 0, failed: 0 },
    results: attempts.map((list, i) => ({ flowId: `s${i}`, name: `f${i}`, verdict: null, attempts: list })),
  });
  const pending = settle(run([[a('SUCCESS'), a('RUNNING')]]), 5);
  assert.equal(pending.state, 'RUNNING');
  assert.equal(pending.completedAt, null);
  const failed = settle(run([[a('SUCCESS'), a('SUCCESS')], [a('FAILED'), a('FAILED')]]), 5);
  assert.equal(failed.state, 'FAILED');
  assert.equal(failed.completedAt, 5);
  assert.deepEqual(failed.counts, { flows: 2, passed: 1, healed: 0, flaky: 0, failed: 1 });
  const flaky = settle(run([[a('SUCCESS'), a('FAILED')], [a('SUCCESS', { healed: true }), a('SUCCESS')]]), 5);
  assert.equal(flaky.state, 'PASSED');
  assert.deepEqual(flaky.counts, { flows: 2, passed: 0, healed: 1, flaky: 1, failed: 0 });
  assert.equal(settle(run([[a('SKIPPED')]], 'CANCELLED'), 5).state, 'CANCELLED');
});
