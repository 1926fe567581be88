/**
 * Verdicts and run states, from attempts alone (pure): a flow's verdict
 * once none of its attempts is waiting or live, and the run's state once
 * every flow has one.
 */
import type { RunAttempt, RunCounts, RunRecord, RunResult, RunState, Verdict } from '../../../lib/qa/run-types';

/** Whether an attempt has not ended yet. */
export const isPending = (a: RunAttempt): boolean => a.state === 'QUEUED' || a.state === 'RUNNING';

/**
 * The verdict of one flow's attempts; null while one has not ended, or when
 * none ran to an end of its own (skipped, or cancelled with its run).
 */
export function verdictOf(attempts: RunAttempt[], runCancelled: boolean): Verdict | null {
  if (attempts.some(isPending)) return null;
  const ended = attempts.filter((a) => a.state === 'SUCCESS' || (a.state === 'FAILED' && !(runCancelled && a.failure?.code === 'CANCELLED')));
  if (ended.length === 0) return null;
  const passed = ended.filter((a) => a.state === 'SUCCESS');
  if (passed.length === ended.length) return passed.some((a) => a.healed) ? 'healed' : 'passed';
  return passed.length === 0 ? 'failed' : 'flaky';
}

/** Counts of the verdicts given so far. */
export function countsOf(results: RunResult[]): RunCounts {
  const counts: RunCounts = { flows: results.length, passed: 0, healed: 0, flaky: 0, failed: 0 };
  for (const r of results) if (r.verdict) counts[r.verdict]++;
  return counts;
}

/**
 * The run with its verdicts and counts brought up to date and, once no
 * attempt is waiting or live, its final state: FAILED when some flow
 * failed, else PASSED (a flaky flow passed at least once: it shows in the
 * verdicts and reports, as Playwright reports a flaky test, without failing
 * the run). A cancelled run stays CANCELLED.
 */
export function settle(run: RunRecord, now: number): RunRecord {
  const cancelled = run.state === 'CANCELLED';
  const results = run.results.map((r) => ({ ...r, verdict: verdictOf(r.attempts, cancelled) }));
  const pending = results.some((r) => r.attempts.some(isPending));
  let state: RunState = run.state;
  if (!cancelled && !pending) state = results.some((r) => r.verdict === 'failed') ? 'FAILED' : 'PASSED';
  const completedAt = run.completedAt ?? (state !== 'RUNNING' && !pending ? now : null);
  return { ...run, state, results, counts: countsOf(results), completedAt };
}
