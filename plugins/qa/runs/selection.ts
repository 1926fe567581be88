/**
 * Which flows a run replays and with which options: a suite's (the
 * request's own fields win), flow ids (each must exist and have passed:
 * a run replays flows that passed), and tags (every flow that passed and
 * carries one of them, oldest first). Answers 400 naming the field when
 * nothing can run.
 */
import type { Flows } from '../../../kernel/contracts/flows';
import { ApiError, invalidRequest, apiError } from '../../../kernel/errors';
import { isTerminal, type FlowMetadata } from '../../../kernel/flows/flow-types';
import type { StartRun } from '../../../lib/qa/runs-contract';
import type { RunStore } from '../../../lib/qa/run-store';
import { normaliseBaseUrl } from './base-url';

/** A run's flows and options, ready to store. */
export interface Selection {
  suite: string | null;
  flows: Array<Pick<FlowMetadata, 'id' | 'name'>>;
  flowIds: string[];
  tags: string[];
  repeat: number;
  concurrency: number;
  baseUrl: string | null;
}

export interface SelectionLimits {
  /** Flows one run may select at most. */
  maxFlows: number;
  /** Concurrency when neither the request nor the suite gives one. */
  defaultConcurrency: number;
}

export async function selectFlows(request: StartRun, flows: Flows, store: RunStore, limits: SelectionLimits): Promise<Selection> {
  let suite = null;
  if (request.suite !== undefined) {
    suite = (await store.suites.get(request.suite)) ?? null;
    if (!suite) throw apiError('NOT_FOUND', { field: 'suite', what: 'suite', id: request.suite, hint: `create it with POST /api/suites/${request.suite}` });
  }
  const flowIds = request.flowIds ?? suite?.flowIds ?? [];
  const tags = request.tags ?? suite?.tags ?? [];
  if (flowIds.length === 0 && tags.length === 0) {
    throw invalidRequest(suite ? `suite: suite "${suite.name}" names no flowIds and no tags` : 'a run needs a suite, flowIds or tags');
  }
  const chosen = new Map<string, Pick<FlowMetadata, 'id' | 'name'>>();
  const where = suite && request.flowIds === undefined ? `suite "${suite.name}" flowIds` : 'flowIds';
  for (const [i, id] of flowIds.entries()) {
    let flow: FlowMetadata;
    try {
      flow = await flows.get(id);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'FLOW_NOT_FOUND') throw apiError('FLOW_NOT_FOUND', { flowId: id, field: `${where}[${i}]` });
      throw err;
    }
    if (!isTerminal(flow.state)) throw apiError('FLOW_STILL_RUNNING', { flowId: id, state: flow.state, action: 'a run', field: `${where}[${i}]` });
    if (flow.state !== 'SUCCESS') throw invalidRequest(`${where}[${i}]: flow ${id} FAILED (${flow.result?.error?.code ?? 'no result'}); a run replays flows that passed`);
    chosen.set(flow.id, { id: flow.id, name: flow.name });
  }
  for (const tag of tags) {
    const tagged: FlowMetadata[] = [];
    let pageToken: string | undefined;
    do {
      const page = await flows.list({ tag, state: 'SUCCESS', limit: 100, pageToken });
      tagged.push(...page.flows);
      pageToken = page.nextPageToken ?? undefined;
      if (tagged.length > limits.maxFlows) break;
    } while (pageToken);
    for (const flow of tagged.reverse()) if (!chosen.has(flow.id)) chosen.set(flow.id, { id: flow.id, name: flow.name });
  }
  if (chosen.size === 0) {
    throw invalidRequest(`tags: no flow that passed carries ${tags.length === 1 ? `the tag "${tags[0]}"` : `any of the tags ${tags.map((t) => `"${t}"`).join(', ')}`}`);
  }
  if (chosen.size > limits.maxFlows) throw invalidRequest(`${flowIds.length ? 'flowIds' : 'tags'}: the run would replay ${chosen.size} flows; at most ${limits.maxFlows}`);
  let baseUrl = request.baseUrl ?? suite?.baseUrl ?? null;
  if (baseUrl !== null) {
    try {
      baseUrl = normaliseBaseUrl(baseUrl);
    } catch (err) {
      throw invalidRequest(`baseUrl: ${(err as Error).message}`);
    }
  }
  return {
    suite: suite?.name ?? null,
    flows: [...chosen.values()],
    flowIds, tags,
    repeat: request.repeat ?? suite?.repeat ?? 1,
    concurrency: request.concurrency ?? suite?.concurrency ?? limits.defaultConcurrency,
    baseUrl,
  };
}
