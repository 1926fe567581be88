/**
 * A run as JUnit XML, the shape CI servers read (Jenkins, GitLab, GitHub
 * test reporters): one `<testsuite>` for the run, one `<testcase>` per
 * flow. A `failed` flow has a `<failure>` with the failure code as its
 * type and every failed attempt's message; a flaky or healed flow passes
 * with `flaky`/`healed` properties (as Playwright reports a flaky test);
 * a flow the cancelled run never finished is `<skipped>`. Pure.
 */
import type { RunRecord, RunResult } from '../../../lib/qa/run-types';

/** XML text: the five entities escaped and characters XML 1.0 cannot hold dropped. */
export function xmlEscape(text: string): string {
  return text.replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const attr = (name: string, value: string | number) => ` ${name}="${xmlEscape(String(value))}"`;
const property = (name: string, value: string | number | boolean) => `<property${attr('name', name)}${attr('value', String(value))}/>`;

function flowTime(result: RunResult): number {
  return result.attempts.reduce((sum, a) => sum + (a.durationMs ?? 0), 0);
}

function testcase(result: RunResult, classname: string): string {
  const props = [
    property('flowId', result.flowId),
    property('verdict', result.verdict ?? 'none'),
    property('flaky', result.verdict === 'flaky'),
    property('healed', result.attempts.some((a) => a.healed)),
    property('attempts', result.attempts.length),
    ...result.attempts.map((a, i) => property(`attempt.${i + 1}`, `${a.state}${a.flowId ? ` ${a.flowId}` : ''}${a.failure ? ` ${a.failure.code}` : ''}`)),
  ];
  let outcome = '';
  const failed = result.attempts.filter((a) => a.failure);
  if (result.verdict === 'failed') {
    const first = failed[0]?.failure ?? { code: 'FAILED', message: 'failed' };
    const detail = failed.map((a) => `attempt ${result.attempts.indexOf(a) + 1}${a.flowId ? ` (flow ${a.flowId})` : ''}: ${a.failure!.code}: ${a.failure!.message}`).join('\n');
    outcome = `<failure${attr('message', `${first.code}: ${first.message}`)}${attr('type', first.code)}>${xmlEscape(detail)}</failure>`;
  } else if (result.verdict === null) {
    outcome = `<skipped${attr('message', 'not run to its end: the run was cancelled')}/>`;
  }
  const out = result.attempts.map((a, i) => `attempt ${i + 1}: ${a.state}${a.durationMs !== null ? ` in ${seconds(a.durationMs)} s` : ''}${a.healed ? ', healed' : ''}${a.failure ? `, ${a.failure.code}: ${a.failure.message}` : ''}`).join('\n');
  return `    <testcase${attr('name', result.name)}${attr('classname', classname)}${attr('time', seconds(flowTime(result)))}>
      <properties>${props.join('')}</properties>
      ${outcome}<system-out>${xmlEscape(out)}</system-out>
    </testcase>`;
}

/** The JUnit XML of a run. */
export function junitXml(run: RunRecord): string {
  const classname = run.suite ? `browserflow.${run.suite}` : 'browserflow';
  const name = run.suite ? `browserflow suite ${run.suite}` : `browserflow run ${run.id}`;
  const tests = run.results.length;
  const failures = run.results.filter((r) => r.verdict === 'failed').length;
  const skipped = run.results.filter((r) => r.verdict === null).length;
  const time = seconds((run.completedAt ?? Date.now()) - run.createdAt);
  const counts = `${attr('tests', tests)}${attr('failures', failures)}${attr('errors', 0)}${attr('skipped', skipped)}${attr('time', time)}`;
  const suiteProps = [
    property('runId', run.id), property('state', run.state), property('trigger', run.trigger), property('repeat', run.repeat),
    property('flaky', run.counts.flaky), property('healed', run.counts.healed),
    ...(run.suite ? [property('suite', run.suite)] : []), ...(run.baseUrl ? [property('baseUrl', run.baseUrl)] : []),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites${attr('name', 'browserflow')}${counts}>
  <testsuite${attr('name', name)}${attr('id', run.id)}${counts}${attr('timestamp', new Date(run.createdAt).toISOString().replace(/\.\d{3}Z$/, ''))}>
    <properties>${suiteProps.join('')}</properties>
${run.results.map((r) => testcase(r, classname)).join('\n')}
  </testsuite>
</testsuites>
`;
}
