/**
 * Builds the rerun CreateFlow of a finished flow (GET /api/flows/{id}/rerun):
 * the flow's successful actions as DETERMINISTIC `toolCallsOnStart` (for a
 * FAILED flow, then the call that failed it: `failingCall`), with
 * every element parameter replaced by the selectors recorded when the call
 * ran. Pure: no I/O, inputs are never mutated.
 *
 * The codegen emitters reuse `replayCandidates` so that a rerun and a
 * generated test target elements the same way.
 */
import { ApiError } from '../../kernel/errors';
import type { ToolDefinition } from '../tool-calls/tool-contract';
import type { FlowMetadata, ToolCallInput, ToolCallRecord } from '../../kernel/flows/flow-types';
import type { CreateFlow } from '../validation/create-flow-schema';

/** What rerun and codegen need to know about a tool. */
export type ReplayToolInfo = Pick<ToolDefinition, 'name' | 'kind' | 'elementParams'>;

/** Query options of GET /api/flows/{id}/rerun. */
export interface RerunOptions {
  /** Drop candidates that select by element id only (the ids change between page loads). */
  areElementIdsVolatile: boolean;
  /** Keep only the first (most specific) candidate, as a plain string. */
  disableSelectorFailover: boolean;
  /** Leave out the call that failed a FAILED flow (the rerun then replays what passed only). Default false. */
  onlySuccessful?: boolean;
}

/**
 * The error codes with which a flow ends because of its last tool call's
 * failure: a DETERMINISTIC call failing (TOOL_CALL_FAILED), or the model's
 * last calls all failing (AGENT_STUCK). Other endings (cancelled, the site
 * down, a model error, the call budget spent) were not caused by a call.
 */
const FAILED_BY_A_CALL = new Set(['TOOL_CALL_FAILED', 'AGENT_STUCK']);

/**
 * The call that failed a FAILED flow: its last call, when it failed and its
 * failure ended the flow (FAILED_BY_A_CALL), is not a control tool and can
 * be replayed (an element named only by an observation ref, with nothing
 * recorded, cannot: then null). Earlier failed calls, which the flow
 * recovered from, are never it.
 */
export function failingCall(flow: Pick<FlowMetadata, 'state' | 'result'>, calls: ToolCallRecord[], tools: Map<string, ReplayToolInfo>): ToolCallRecord | null {
  if (flow.state !== 'FAILED' || !FAILED_BY_A_CALL.has(flow.result?.error?.code ?? '')) return null;
  const last = calls.at(-1);
  if (!last || last.outcome?.success !== false || tools.get(last.name)?.kind === 'control') return null;
  try {
    replayCandidates(last, tools.get(last.name));
  } catch {
    return null;
  }
  return last;
}

const isRef = (selector: string): boolean => /^ref=/i.test(selector.trim());

/** Successful calls of tools that are not control tools, in execution order. */
export function replayableCalls(calls: ToolCallRecord[], tools: Map<string, ReplayToolInfo>): ToolCallRecord[] {
  return calls.filter((c) => c.outcome?.success === true && tools.get(c.name)?.kind !== 'control');
}

/**
 * The element parameters of a call that are present in its parameters, each
 * with the candidates to replay it with, best first:
 * - the recorded `outcome.selectors` when the call has exactly one element
 *   parameter (the outcome records one element, so it cannot be attributed
 *   when a tool targets several) and they are non-empty;
 * - else what was requested, without `ref=` candidates (a ref names an
 *   element of one observation and means nothing later). When nothing but
 *   refs was requested the call cannot be replayed: ApiError INVALID_REQUEST.
 */
export function replayCandidates(call: ToolCallRecord, tool: ReplayToolInfo | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const present = (tool?.elementParams ?? []).filter((p) => call.parameters[p] !== undefined && call.parameters[p] !== null);
  const recorded = (call.outcome?.selectors ?? []).filter((s) => typeof s === 'string' && s.length > 0 && !isRef(s));
  for (const param of present) {
    if (present.length === 1 && recorded.length > 0) {
      out.set(param, [...recorded]);
      continue;
    }
    const value = call.parameters[param];
    const requested = (Array.isArray(value) ? value : [value]).filter((s): s is string => typeof s === 'string' && s.length > 0);
    const usable = requested.filter((s) => !isRef(s));
    if (usable.length === 0) {
      throw new ApiError(
        'INVALID_REQUEST',
        `Tool call ${call.id} (${call.name}) cannot be replayed: its "${param}" was ${requested.length ? `an observation ref (${requested.join(', ')})` : 'empty'} and no selectors were recorded for the element it acted on.`,
      );
    }
    out.set(param, usable);
  }
  return out;
}

/**
 * The per-field targets of a call that reads one element per field
 * (`extract`: `parameters.fields[name].selector`), each with its replay
 * candidates: the recorded `outcome.fieldSelectors[name]` when non-empty,
 * else what was requested without `ref=`; a field that was only a ref and
 * recorded nothing cannot be replayed (ApiError INVALID_REQUEST). Empty for
 * any other call.
 */
export function replayFieldCandidates(call: ToolCallRecord): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const fields = call.parameters.fields;
  if (!fields || typeof fields !== 'object' || Array.isArray(fields)) return out;
  const recorded = call.outcome?.fieldSelectors ?? {};
  for (const [name, field] of Object.entries(fields as Record<string, { selector?: unknown }>)) {
    const own = (recorded[name] ?? []).filter((s) => typeof s === 'string' && s.length > 0 && !isRef(s));
    if (own.length) {
      out.set(name, own);
      continue;
    }
    const value = field?.selector;
    const requested = (Array.isArray(value) ? value : [value]).filter((s): s is string => typeof s === 'string' && s.length > 0);
    const usable = requested.filter((s) => !isRef(s));
    if (!usable.length) {
      throw new ApiError('INVALID_REQUEST', `Tool call ${call.id} (${call.name}) cannot be replayed: its field "${name}" was ${requested.length ? `an observation ref (${requested.join(', ')})` : 'empty'} and no selectors were recorded for the element it read.`);
    }
    out.set(name, usable);
  }
  return out;
}

/**
 * Applies the rerun options to a candidate list: volatile ids dropped (unless
 * that leaves nothing), then failover kept (array) or disabled (first only, a string).
 */
export function applySelectorOptions(candidates: string[], options: RerunOptions, isIdOnly: (selector: string) => boolean): string | string[] {
  let list = candidates;
  if (options.areElementIdsVolatile) {
    const stable = list.filter((s) => !isIdOnly(s));
    if (stable.length > 0) list = stable;
  }
  return options.disableSelectorFailover ? list[0] : [...list];
}

/**
 * The CreateFlow that reruns `flow` deterministically. `calls` is the flow's
 * tool-call history in execution order; `tools` holds built-ins and the
 * flow's custom tools by name; `isIdOnly` tells whether a selector selects by
 * element id only (`#id`, `[id=...]`, `//*[@id=...]`), injected so the
 * selector grammar lives in one place.
 *
 * The GPT configuration override is left out: a DETERMINISTIC flow needs no
 * model, and naming one that has since been deleted would make the create fail.
 */
export function buildRerun(
  flow: FlowMetadata,
  calls: ToolCallRecord[],
  tools: Map<string, ReplayToolInfo>,
  options: RerunOptions,
  isIdOnly: (selector: string) => boolean,
): CreateFlow {
  // A FAILED flow's rerun ends with the call that failed it, so it fails where the flow failed (unless onlySuccessful).
  const failed = options.onlySuccessful ? null : failingCall(flow, calls, tools);
  const replayed = [...replayableCalls(calls, tools), ...(failed ? [failed] : [])];
  const toolCallsOnStart = replayed.map((call): ToolCallInput => {
    const parameters = structuredClone(call.parameters);
    for (const [param, candidates] of replayCandidates(call, tools.get(call.name))) {
      const applied = applySelectorOptions(candidates, options, isIdOnly);
      // A plain string that was requested and replays as itself keeps its shape.
      const unchanged = Array.isArray(applied) && applied.length === 1 && applied[0] === call.parameters[param];
      parameters[param] = unchanged ? applied[0] : applied;
    }
    const fields = replayFieldCandidates(call);
    if (fields.size) {
      const own = parameters.fields as Record<string, Record<string, unknown>>;
      for (const [name, candidates] of fields) own[name] = { ...own[name], selector: applySelectorOptions(candidates, options, isIdOnly) };
    }
    return { name: call.name, parameters };
  });
  const body: CreateFlow = {
    name: flow.name,
    targetWebsite: flow.targetWebsite,
    initialRunMode: 'DETERMINISTIC',
    browser: structuredClone(flow.browser),
    envVars: [...flow.envVars],
    toolCallsOnStart,
    customTools: structuredClone(flow.customTools),
    maxToolCalls: Math.max(flow.maxToolCalls, toolCallsOnStart.length),
  };
  // Kept so the rerun can be switched to AUTONOMOUS later with its goal intact.
  if (flow.overallObjective) body.overallObjective = flow.overallObjective;
  // Where the browser may go is part of what the flow is: the rerun is held to it too.
  if (flow.allowedOrigins?.length) body.allowedOrigins = [...flow.allowedOrigins];
  // The same network rules, HAR and trace.
  if (flow.network) body.network = structuredClone(flow.network);
  if (flow.trace) body.trace = true;
  // It starts signed in as it did, and saves its profile again.
  if (flow.profile) body.profile = flow.profile;
  if (flow.saveProfileAs) body.saveProfileAs = flow.saveProfileAs;
  // Its extracts read into it when they name no schema of their own, and its result is held to it.
  if (flow.resultSchema) body.resultSchema = structuredClone(flow.resultSchema);
  return body;
}
