/**
 * The bodies webhooks receive, in the Standard Webhooks shape
 * `{ type, timestamp, data }`. They carry ids, states, names and failure
 * codes, never a flow's parameters or browser settings (which can hold
 * credentials); a receiver reads the rest through the API.
 */
import type { FlowMetadata } from '../../../kernel/flows/flow-types';
import type { HealRecord, RunRecord, WebhookEvent } from '../../../lib/qa/run-types';

export interface Payload {
  type: WebhookEvent;
  /** ISO 8601. */
  timestamp: string;
  data: Record<string, unknown>;
}

const envelope = (type: WebhookEvent, data: Record<string, unknown>): Payload => ({ type, timestamp: new Date().toISOString(), data });

export function runFinished(run: RunRecord, serverUrl: string | null): Payload {
  return envelope('run.finished', {
    runId: run.id, state: run.state, trigger: run.trigger, suite: run.suite, counts: run.counts,
    createdAt: run.createdAt, completedAt: run.completedAt,
    results: run.results.map((r) => ({ flowId: r.flowId, name: r.name, verdict: r.verdict, failure: r.attempts.find((a) => a.failure)?.failure ?? null })),
    ...(serverUrl ? { reportUrl: `${serverUrl}/api/runs/${run.id}/report.html`, junitUrl: `${serverUrl}/api/runs/${run.id}/junit.xml` } : {}),
  });
}

export function flowFinished(flow: FlowMetadata): Payload {
  return envelope('flow.finished', {
    flowId: flow.id, name: flow.name, state: flow.state, runMode: flow.runMode,
    error: flow.result?.error ?? null, healedSteps: flow.result?.healed?.length ?? 0,
    startedAt: flow.startedAt, completedAt: flow.completedAt,
  });
}

export function healProposed(heal: HealRecord): Payload {
  return envelope('heal.proposed', {
    healId: heal.id, runId: heal.runId, flowId: heal.flowId, flowName: heal.flowName, step: heal.step, tool: heal.tool,
    recorded: heal.before.selector, matched: heal.after.selector, agreement: heal.agreement,
  });
}
