/**
 * Accepting or rejecting a heal proposal. Accepting rewrites the source
 * step's recorded candidates (`outcome.selectors`, which its rerun and
 * generated code replay first to last): the locator that matched first,
 * then the rest recorded for the element found now, its fresh fingerprint
 * last; bumps the flow's `revision` and keeps the previous candidates in
 * `selectorRevisions`. Other open proposals of the same step are then
 * rejected as outdated (they apply to the revision before). Refused (409
 * HEAL_NOT_OPEN) when the proposal was decided, or the step's candidates
 * changed since it was proposed.
 */
import type { Flows } from '../../../kernel/contracts/flows';
import type { Storage } from '../../../kernel/contracts/storage';
import { apiError } from '../../../kernel/errors';
import { isFingerprintCandidate } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import type { RunStore } from '../../../lib/qa/run-store';
import type { HealRecord } from '../../../lib/qa/run-types';

export interface HealDecisionDeps {
  flows: Flows;
  storage: Storage;
  store: RunStore;
  /** A proposal was decided. */
  decided(heal: HealRecord): void;
}

/** The candidates an accepted heal records: the matching locator first, the element's fresh candidates, one fingerprint (fresh, else the old) last. */
export function acceptedSelectors(heal: Pick<HealRecord, 'before' | 'after'>): string[] {
  const fresh = heal.after.selectors.filter((s) => !isFingerprintCandidate(s));
  const fingerprint = heal.after.selectors.find(isFingerprintCandidate) ?? heal.before.selectors.find(isFingerprintCandidate);
  const first = isFingerprintCandidate(heal.after.selector) ? [] : [heal.after.selector];
  return [...new Set([...first, ...fresh, ...(fingerprint ? [fingerprint] : [])])];
}

async function openHeal(store: RunStore, id: string): Promise<HealRecord> {
  const heal = await store.heals.get(id);
  if (!heal) throw apiError('NOT_FOUND', { what: 'heal proposal', id });
  if (heal.state !== 'open') throw apiError('HEAL_NOT_OPEN', { healId: id, why: `it was already ${heal.state}` });
  return heal;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export async function acceptHeal(deps: HealDecisionDeps, id: string): Promise<HealRecord> {
  const heal = await openHeal(deps.store, id);
  const flow = await deps.flows.getFinished(heal.flowId, 'accepting a heal');
  const call = await deps.storage.toolCalls.get(heal.flowId, heal.toolCallId);
  const current = call?.outcome?.selectors ?? [];
  if (!call?.outcome || !sameList(current, heal.before.selectors)) {
    throw apiError('HEAL_NOT_OPEN', { healId: id, why: `step ${heal.step} of flow ${heal.flowId} changed since the proposal (revision ${flow.revision ?? 1}); reject it and let the next run propose again` });
  }
  const selectors = acceptedSelectors(heal);
  if (selectors.length === 0) throw apiError('HEAL_NOT_OPEN', { healId: id, why: 'it has no locator to record' });
  // The step first: a crash between the two writes leaves the new candidates with the old revision number, never the reverse.
  await deps.storage.toolCalls.put(heal.flowId, { ...call, outcome: { ...call.outcome, selectors } });
  const now = Date.now();
  await deps.storage.flows.update(heal.flowId, (f) => {
    const revision = (f.revision ?? 1) + 1;
    return { ...f, revision, selectorRevisions: [...(f.selectorRevisions ?? []), { revision, at: now, healId: id, toolCallId: heal.toolCallId, previous: current }] };
  });
  const accepted = await deps.store.heals.update(id, (h) => ({ ...h, state: 'accepted', decidedAt: now }));
  deps.decided(accepted!);
  // The step's other open proposals applied to the candidates just replaced.
  const others = (await deps.store.heals.list({ flowId: heal.flowId, state: 'open', limit: 1000 })).heals.filter((h) => h.toolCallId === heal.toolCallId && h.id !== id);
  for (const other of others) {
    const outdated = await deps.store.heals.update(other.id, (h) => (h.state === 'open' ? { ...h, state: 'rejected', decidedAt: now, details: { ...h.details, outdatedBy: id } } : h));
    if (outdated) deps.decided(outdated);
  }
  return accepted!;
}

export async function rejectHeal(deps: HealDecisionDeps, id: string): Promise<HealRecord> {
  await openHeal(deps.store, id);
  const rejected = await deps.store.heals.update(id, (h) => (h.state === 'open' ? { ...h, state: 'rejected', decidedAt: Date.now() } : h));
  if (rejected?.state !== 'rejected') throw apiError('HEAL_NOT_OPEN', { healId: id, why: `it was already ${rejected?.state}` });
  deps.decided(rejected);
  return rejected;
}
