/**
 * Executes one tool call: checks it (tool-call-check.ts, placeholder form),
 * substitutes `${VAR}` values only now, runs the tool with a bounded time,
 * takes the screenshot, and records the call. Stored records, events and
 * messages keep placeholders: anything that came back is redacted.
 */
import type { BrowserSession } from '../contracts/browser-driver';
import type { ToolDefinition, ToolResult } from '../contracts/tool';
import type { KernelSettings } from '../config';
import type { FlowRecorder } from './flow-recorder';
import type { FlowMetadata, TokenUsage, ToolCallInput, ToolCallOutcome, ToolCallRecord, ToolCallSource } from './flow-types';
import { findPlaceholders, substitute } from '../../lib/redaction/env-placeholders';
import { checkToolCall } from './tool-call-check';
import { bounded } from '../../lib/async/bounded';
import { selectorTrialsOf } from '../../lib/selector-trials/selector-trials';

export interface ToolCallRun {
  id: string;
  input: ToolCallInput;
  source: ToolCallSource;
  rationale: string | null;
  /** Tokens of the model call that chose this call (LLM calls), and their price (null without prices). */
  tokenUsage?: TokenUsage | null;
  costUsd?: number | null;
  flow: FlowMetadata;
  session: BrowserSession;
  tools: Map<string, ToolDefinition>;
  envValues: ReadonlyMap<string, string>;
  recorder: FlowRecorder;
  settings: KernelSettings;
  signal: AbortSignal;
  /** Env values and registered secrets out of a text, in any spelling. */
  redact(text: string): string;
  /** Env values out of every string of a result (data, selectors, messages). */
  redactDeep<T>(value: T): T;
  /** Takes a screenshot and stores its file; its id goes into the call's record. */
  screenshot(): Promise<string | null>;
}

class ToolInputError extends Error {}

/** Upper bound of one call: a tool that ignores its own timeouts cannot hang the flow. */
function guardMs(settings: KernelSettings): number {
  return Math.max(settings.flows.actionTimeoutMs, settings.flows.navigationTimeoutMs) * 2 + 60_000;
}

function runBounded(tool: ToolDefinition, run: ToolCallRun, params: Record<string, unknown>): Promise<ToolResult> {
  const { settings, signal } = run;
  const limit = guardMs(settings);
  const ctx = { session: run.session, flow: run.flow, uploadDir: settings.flows.uploadDir, actionTimeoutMs: settings.flows.actionTimeoutMs, signal, redact: run.redact };
  return bounded(tool.run(ctx, params), { signal, timeoutMs: limit, onTimeout: () => new Error(`${tool.name} did not finish within ${limit} ms`) });
}

/** The one tool-call check (tool-call-check.ts), then the env values substituted: only now, for this run. */
async function prepare(run: ToolCallRun): Promise<{ tool: ToolDefinition; params: Record<string, unknown> }> {
  const checked = await checkToolCall(run.tools, run.flow.envVars, run.input);
  if (!checked.ok) throw new ToolInputError(checked.problem);
  for (const name of findPlaceholders(run.input.parameters)) {
    if (!run.envValues.has(name)) throw new ToolInputError(`parameters: environment variable ${name} no longer exists`);
  }
  return { tool: checked.tool, params: substitute(checked.params, run.envValues) };
}

/** Runs and records one call. `endFlow` is set when a control tool ends the flow. */
export async function runToolCall(run: ToolCallRun): Promise<{ record: ToolCallRecord; endFlow: ToolResult['endFlow'] | null; failover: ToolResult['failover'] }> {
  const record: ToolCallRecord = {
    id: run.id, name: run.input.name, parameters: run.input.parameters, source: run.source,
    rationale: run.rationale, tokenUsage: run.tokenUsage ?? null, costUsd: run.costUsd ?? null, outcome: null, screenshotImageId: null,
    pageUrl: redactUrl(run), videoOffsetMs: run.session.videoPositionMs?.() ?? null, startedAt: Date.now(), completedAt: null,
  };
  await run.recorder.putToolCall(record, 'started');
  let outcome: ToolCallOutcome;
  let endFlow: ToolResult['endFlow'] | null = null;
  let failover: ToolResult['failover'] = null;
  try {
    const { tool, params } = await prepare(run);
    const result = await runBounded(tool, run, params);
    endFlow = result.endFlow ?? null;
    failover = result.failover ? run.redactDeep(result.failover) : null;
    const dialogs = run.session.takeDialogs();
    // Redacted before the message is cut: a cut secret could no longer be recognised whole.
    const dialogNote = dialogs.length
      ? ` (dialog${dialogs.length > 1 ? 's' : ''}: ${dialogs.map((d) => `${d.type} "${cut(run.redact(d.message), 80)}" ${d.accepted ? 'accepted' : 'dismissed'}`).join('; ')})`
      : '';
    outcome = run.redactDeep({
      success: true,
      message: result.message + dialogNote,
      data: result.data === undefined ? null : result.data,
      selectors: result.selectors ?? null,
      ...selectorTrialsOf(result),
    });
  } catch (err) {
    if (run.signal.aborted && !(err instanceof ToolInputError)) {
      outcome = { success: false, message: 'Interrupted: the flow was cancelled or its browser closed', data: null, selectors: null };
    } else {
      outcome = run.redactDeep({ success: false, message: run.redact((err as Error)?.message ?? String(err)), data: null, selectors: null, ...selectorTrialsOf(err) });
    }
  }
  const screenshotImageId = run.signal.aborted ? null : await run.screenshot();
  const finished: ToolCallRecord = { ...record, outcome, screenshotImageId, pageUrl: redactUrl(run) ?? record.pageUrl, completedAt: Date.now() };
  await run.recorder.finishToolCall(finished);
  return { record: finished, endFlow: outcome.success ? endFlow : null, failover: outcome.success ? failover : null };
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function redactUrl(run: ToolCallRun): string | null {
  const url = safeUrl(run.session);
  return url === null ? null : run.redact(url);
}

function safeUrl(session: BrowserSession): string | null {
  try {
    const url = session.currentUrl();
    return url || null;
  } catch {
    return null;
  }
}
