/**
 * Heal proposals: a step of an attempt that failed over to a later selector
 * candidate (the flow's `result.healed`) becomes a proposal to review,
 * naming the source flow's step, the locator recorded there and the one
 * that matched now, the element before and after (from their
 * fingerprints) and both screenshots. Within a run, attempts healing the
 * same step the same way share one proposal; a way of healing a step that
 * a reviewer rejected is not proposed again for the same revision.
 *
 * The attempt's step `i` is the source's `i`-th replayed call: an attempt
 * replays exactly the source's replayable calls, in order, and a
 * DETERMINISTIC flow stops at its first failed call.
 */
import { randomUUID } from 'node:crypto';
import type { Storage } from '../../../kernel/contracts/storage';
import type { FlowMetadata, HealedStep, ToolCallRecord } from '../../../kernel/flows/flow-types';
import type { ToolRegistry } from '../../../lib/custom-tools/tool-registry';
import { replayableCalls } from '../../../lib/export/rerun';
import { describeFingerprint } from '../../../lib/page-scripts/selectors/fingerprint.js';
import { isFingerprintCandidate, parseFingerprintCandidate } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import type { RunStore } from '../../../lib/qa/run-store';
import type { HealRecord, HealSide, RunRecord } from '../../../lib/qa/run-types';

/** The fields of a healed step every flow reports; the rest (`kind`, names...) travel in `details`. */
const KNOWN = new Set(['step', 'tool', 'recorded', 'used', 'agreement']);

/** `button "Sign in"` of the fingerprint among `selectors`, or null. */
export function elementOf(selectors: readonly string[]): string | null {
  const fp = selectors.find(isFingerprintCandidate);
  if (!fp) return null;
  try {
    return describeFingerprint(parseFingerprintCandidate(fp));
  } catch {
    return null;
  }
}

function side(selector: string, call: ToolCallRecord | undefined, flowId: string): HealSide {
  const selectors = (call?.outcome?.selectors ?? []).filter((s) => typeof s === 'string');
  return {
    selector,
    selectors,
    element: elementOf(selectors),
    screenshot: call?.screenshotImageId ? { flowId, imageId: call.screenshotImageId } : null,
  };
}

export interface HealProposalDeps {
  storage: Storage;
  store: RunStore;
  tools: ToolRegistry;
  /** A proposal was raised. */
  proposed(heal: HealRecord): void;
}

/** Raises (or confirms) the proposals of an attempt's healed steps; returns their ids. */
export async function proposeHeals(deps: HealProposalDeps, run: RunRecord, sourceFlowId: string, attempt: FlowMetadata): Promise<string[]> {
  const healed = (attempt.result?.healed ?? []) as Array<HealedStep & Record<string, unknown>>;
  if (healed.length === 0) return [];
  const source = await deps.storage.flows.get(sourceFlowId);
  if (!source) return [];
  const sourceCalls = replayableCalls(await deps.storage.toolCalls.list(sourceFlowId), deps.tools.forFlow(source.customTools));
  const attemptCalls = await deps.storage.toolCalls.list(attempt.id);
  const revision = source.revision ?? 1;
  const ofRun = (await deps.store.heals.list({ runId: run.id, limit: 1000 })).heals;
  const ofFlow = (await deps.store.heals.list({ flowId: sourceFlowId, state: 'rejected', limit: 1000 })).heals;
  const ids: string[] = [];
  for (const step of healed) {
    const sourceCall = sourceCalls[step.step];
    if (!sourceCall || typeof step.used !== 'string') continue;
    const same = (h: HealRecord) => h.flowId === sourceFlowId && h.toolCallId === sourceCall.id && h.after.selector === step.used && h.revision === revision;
    if (ofFlow.some(same)) continue;
    const known = ofRun.find((h) => h.state === 'open' && same(h));
    if (known) {
      const updated = await deps.store.heals.update(known.id, (h) => ({ ...h, attempts: h.attempts + 1 }));
      if (updated) ids.push(updated.id);
      continue;
    }
    const details = Object.fromEntries(Object.entries(step).filter(([k]) => !KNOWN.has(k)));
    const heal: HealRecord = {
      id: randomUUID(), state: 'open', runId: run.id,
      flowId: sourceFlowId, flowName: source.name, step: step.step, toolCallId: sourceCall.id, tool: step.tool,
      attemptFlowId: attempt.id, attempts: 1,
      before: side(typeof step.recorded === 'string' ? step.recorded : (sourceCall.outcome?.selectors?.[0] ?? ''), sourceCall, sourceFlowId),
      after: side(step.used, attemptCalls[step.step], attempt.id),
      agreement: typeof step.agreement === 'number' ? step.agreement : null,
      details, revision, createdAt: Date.now(), decidedAt: null,
    };
    await deps.store.heals.create(heal);
    ofRun.push(heal);
    ids.push(heal.id);
    deps.proposed(heal);
  }
  return ids;
}
