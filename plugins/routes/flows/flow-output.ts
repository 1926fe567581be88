/**
 * The one view of a flow that leaves the service (GET flow, the list, run
 * control answers, `/rerun`, SSE `done`, the CLI): browser settings with
 * every credential masked (lib/redaction/credential-masking.ts), and those literal
 * values redacted wherever else they might show (an error message quoting
 * an endpoint, a tool call's message). The stored record keeps them, since
 * the browser needs them to start; `${NAME}` placeholders stay as they are.
 */
import { maskCredentials, redactLiterals } from '../../../lib/redaction/credential-masking';
import type { FlowMetadata, ToolCallRecord } from '../../../kernel/flows/flow-types';

/** What reads of one flow apply to everything they answer about it. */
export interface FlowOutputView {
  /** The flow as answered. */
  flow: FlowMetadata;
  /** Literal credentials of its browser settings (empty for most flows). */
  secrets: readonly string[];
  /** Any other value about this flow (a tool call, a rerun body) with those credentials masked. */
  redact<T>(value: T): T;
}

/** The output view of a flow (cheap when the settings hold no credential: the record itself is answered). */
export function flowOutputView(flow: FlowMetadata): FlowOutputView {
  const masked = maskCredentials(flow.browser?.using);
  if (!masked.changed) {
    return { flow, secrets: [], redact: (value) => value };
  }
  const secrets = masked.secrets;
  const { browser: _browser, ...rest } = flow;
  const out = { ...redactLiterals(rest, secrets), browser: { ...flow.browser, using: masked.value } } as FlowMetadata;
  // Key order as stored, so an answer looks the same with or without credentials.
  const ordered = Object.fromEntries(Object.keys(flow).map((k) => [k, (out as unknown as Record<string, unknown>)[k]])) as unknown as FlowMetadata;
  return {
    flow: ordered,
    secrets,
    redact<T>(value: T): T {
      return redactLiterals(maskBrowserOf(value), secrets);
    },
  };
}

/** The flow as answered by every read: credentials in `browser.using` masked. */
export function flowForOutput(flow: FlowMetadata): FlowMetadata {
  return flowOutputView(flow).flow;
}

/** A tool call as answered for a flow whose view is `view`. */
export function toolCallForOutput(call: ToolCallRecord, view: FlowOutputView): ToolCallRecord {
  return view.secrets.length ? view.redact(call) : call;
}

/** A value that carries browser settings (`{ browser: { using } }`, e.g. a rerun body) with them masked. */
function maskBrowserOf<T>(value: T): T {
  const using = (value as { browser?: { using?: unknown } } | null)?.browser?.using;
  if (using === undefined) return value;
  const v = value as unknown as { browser: Record<string, unknown> };
  return { ...v, browser: { ...v.browser, using: maskCredentials(using).value } } as unknown as T;
}
