/**
 * Executes one tool call: checks it (tool-call-check.ts, placeholder form),
 * substitutes `${VAR}` values only now, runs the tool with a bounded time,
 * takes the screenshot, and records the call. Stored records, events and
 * messages keep placeholders: anything that came back is redacted.
 */
import type { BrowserSession } from '../../kernel/contracts/browser-driver';
import type { ToolDefinition, ToolResult } from './tool-contract';
import type { KernelSettings } from '../../kernel/config';
import type { FlowDownload, FlowMetadata, TokenUsage, ToolCallInput, ToolCallOutcome, ToolCallRecord, ToolCallSource } from '../../kernel/flows/flow-types';
import { findPlaceholders, substitute } from '../redaction/env-placeholders';
import { checkToolCall } from './tool-call-check';
import { bounded } from '../async/bounded';
import { selectorTrialsOf } from '../selector-trials/selector-trials';
import { isSecretNotAllowed, SECRET_NOT_ALLOWED, SecretNotAllowedError, type CarriedSecretOrigins, type FlowSecretOrigins } from '../origins/secret-origins';
import { originOf } from '../origins/origin-patterns';
import type { SecretOrigins } from './tool-contract';
import { takeCallDownloads } from '../downloads/call-downloads';
import { maskCredentials } from '../redaction/credential-masking';

/** Where a call's record goes (the flow's FlowRecorder: storage first, then the events). */
export interface ToolCallRecorder {
  putToolCall(call: ToolCallRecord, phase: 'started' | 'finished'): Promise<void>;
  /** The finished call, with the files it downloaded (already kept). */
  finishToolCall(call: ToolCallRecord, downloads?: FlowDownload[]): Promise<void>;
}

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
  /** Where each of the flow's env values may go. */
  secrets: FlowSecretOrigins;
  recorder: ToolCallRecorder;
  settings: KernelSettings;
  signal: AbortSignal;
  /** Env values and registered secrets out of a text, in any spelling. */
  redact(text: string): string;
  /** Env values out of every string of a result (data, selectors, messages). */
  redactDeep<T>(value: T): T;
  /** Takes a screenshot and stores its file; its id goes into the call's record. */
  screenshot(): Promise<string | null>;
  /** The flow's structured result so far (ToolContext.resultData). */
  resultData?: unknown;
}

class ToolInputError extends Error {}

/** Upper bound of one call: a tool that ignores its own timeouts cannot hang the flow. */
function guardMs(settings: KernelSettings): number {
  return Math.max(settings.flows.actionTimeoutMs, settings.flows.navigationTimeoutMs) * 2 + 60_000;
}

function runBounded(tool: ToolDefinition, run: ToolCallRun, params: Record<string, unknown>, carried: CarriedSecretOrigins | null): Promise<ToolResult> {
  const { settings, signal } = run;
  const limit = guardMs(settings);
  const ctx = {
    session: run.session, flow: run.flow, uploadDir: settings.flows.uploadDir, actionTimeoutMs: settings.flows.actionTimeoutMs, signal, redact: run.redact,
    secrets: secretOrigins(carried, run), resultData: run.resultData,
  };
  return bounded(tool.run(ctx, params), { signal, timeoutMs: limit, onTimeout: () => new Error(`${tool.name} did not finish within ${limit} ms`) });
}

/** The tool context's helper over the call's carried values (ToolContext.secrets). */
function secretOrigins(carried: CarriedSecretOrigins | null, run: ToolCallRun): SecretOrigins {
  const pageWhere = () => `the page's origin ${originOf(safeUrl(run.session) ?? 'about:blank')}`;
  return {
    carried: carried?.names ?? [],
    allows: (url) => carried?.allows(url) ?? true,
    check: (url, where) => carried?.checkUrl(url, where),
    checkPage: (where) => carried?.checkUrl(safeUrl(run.session) ?? 'about:blank', where ?? pageWhere()),
  };
}

/**
 * The one tool-call check (tool-call-check.ts), then where the call's env
 * values would go (docs/security.md), then the values substituted: only
 * now, for this run. A tool acting on the page (the default) is checked
 * against the active page's origin here; element tools are checked by the
 * driver against the element's frame, `self` tools check their own
 * destinations.
 */
async function prepare(run: ToolCallRun): Promise<{ tool: ToolDefinition; params: Record<string, unknown>; carried: CarriedSecretOrigins | null }> {
  const checked = await checkToolCall(run.tools, run.flow.envVars, run.input);
  if (!checked.ok) throw new ToolInputError(checked.problem);
  const names = findPlaceholders(run.input.parameters);
  for (const name of names) {
    if (!run.envValues.has(name)) throw new ToolInputError(`parameters: environment variable ${name} no longer exists`);
  }
  const carried = run.secrets.carried(names);
  if (carried) {
    const scope = checked.tool.secretsGoTo ?? 'page';
    const url = safeUrl(run.session) ?? 'about:blank';
    if (scope === 'page') carried.checkUrl(url, `the page's origin ${originOf(url)} (${run.input.name} acts on the page)`);
    if (scope === 'element' && !run.session.carrySecrets) {
      throw new SecretNotAllowedError(carried.names[0]!, 'origins this browser driver can check', `an element whose origin this driver cannot tell`);
    }
  }
  return { tool: checked.tool, params: substitute(checked.params, run.envValues), carried };
}

/**
 * Runs and records one call. `endFlow` is set when a control tool ends the
 * flow (its `data` redacted); `structured` when the call's (redacted)
 * `outcome.data` is the flow's structured result.
 */
export async function runToolCall(run: ToolCallRun): Promise<{ record: ToolCallRecord; endFlow: ToolResult['endFlow'] | null; failover: ToolResult['failover']; structured: boolean }> {
  const record: ToolCallRecord = {
    id: run.id, name: run.input.name, parameters: run.input.parameters, source: run.source,
    rationale: run.rationale, tokenUsage: run.tokenUsage ?? null, costUsd: run.costUsd ?? null, outcome: null, screenshotImageId: null,
    pageUrl: redactUrl(run), videoOffsetMs: run.session.videoPositionMs?.() ?? null, startedAt: Date.now(), completedAt: null,
  };
  await run.recorder.putToolCall(record, 'started');
  let outcome: ToolCallOutcome;
  let endFlow: ToolResult['endFlow'] | null = null;
  let failover: ToolResult['failover'] = null;
  let structured = false;
  // A trace groups the call's actions under a title (renamed as the generated test's step when served).
  await run.session.beginStep?.(stepTitle(run.input), run.id)?.catch(() => undefined);
  try {
    const { tool, params, carried } = await prepare(run);
    let result: ToolResult;
    run.session.carrySecrets?.(carried);
    try {
      result = await runBounded(tool, run, params, carried);
    } finally {
      run.session.carrySecrets?.(null);
    }
    endFlow = result.endFlow ? run.redactDeep(result.endFlow) : null;
    structured = result.structured === true;
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
      ...(result.fieldSelectors ? { fieldSelectors: result.fieldSelectors } : {}),
      ...selectorTrialsOf(result),
      ...(result.box ? { box: result.box } : {}),
    });
  } catch (err) {
    if (run.signal.aborted && !(err instanceof ToolInputError)) {
      outcome = { success: false, message: 'Interrupted: the flow was cancelled or its browser closed', data: null, selectors: null };
    } else {
      const code = isSecretNotAllowed(err) ? { code: SECRET_NOT_ALLOWED } : {};
      outcome = run.redactDeep({ success: false, ...code, message: run.redact((err as Error)?.message ?? String(err)), data: null, selectors: null, ...selectorTrialsOf(err) });
    }
  }
  await run.session.endStep?.()?.catch(() => undefined);
  const activity = run.signal.aborted ? null : await takeActivity(run);
  const screenshotImageId = run.signal.aborted ? null : await run.screenshot();
  // After the screenshot: a download a click started has had that long to arrive; one in progress is waited for (bounded).
  const downloads = run.signal.aborted ? null : await takeCallDownloads(run.session, run.id, run.settings.flows.navigationTimeoutMs, run.redact);
  if (downloads?.reported.length) outcome = { ...outcome, message: outcome.message + downloads.note, downloads: downloads.reported };
  const finished: ToolCallRecord = { ...record, outcome, screenshotImageId, pageUrl: redactUrl(run) ?? record.pageUrl, ...activity, completedAt: Date.now() };
  await run.recorder.finishToolCall(finished, downloads?.kept ?? []);
  return { record: finished, endFlow: outcome.success ? endFlow : null, failover: outcome.success ? failover : null, structured: outcome.success && structured };
}

/** The provisional title of a call's trace group: the tool and its parameters as requested (placeholders, never values). */
function stepTitle(input: ToolCallInput): string {
  const params = JSON.stringify(input.parameters ?? {});
  return cut(`${input.name} ${params === '{}' ? '' : params}`.trim(), 120);
}

/** How long reading the page's activity may hold a step up (it is a read of what the driver already collected). */
const ACTIVITY_TIMEOUT_MS = 5_000;

/**
 * The page's console messages and failed requests since the previous call,
 * redacted: env values back to `${NAME}`, registered secrets masked, and
 * credentials in URLs (`?token=`, `user:pass@`) masked as in every read.
 * Empty lists where the driver cannot see them; null when reading failed.
 */
async function takeActivity(run: ToolCallRun): Promise<Pick<ToolCallRecord, 'console' | 'network' | 'activityDropped'> | null> {
  if (!run.session.takeActivity) return { console: [], network: [] };
  try {
    const a = await bounded(run.session.takeActivity(), { signal: run.signal, timeoutMs: ACTIVITY_TIMEOUT_MS, onTimeout: () => new Error('reading the page activity timed out') });
    const redacted = run.redactDeep(maskCredentials({ console: a.console, network: a.network }).value);
    const dropped = a.dropped.console + a.dropped.network > 0 ? { activityDropped: a.dropped } : {};
    return { console: redacted.console, network: redacted.network, ...dropped };
  } catch {
    return null;
  }
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
