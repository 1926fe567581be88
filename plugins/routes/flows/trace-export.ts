/**
 * The trace of a flow as GET /api/flows/{id}/trace hands it out: the
 * stored zip (already redacted when the browser closed) with each tool
 * call's group named as the generated test names its step (the codegen
 * plugin's titles; control and query calls keep the tool's name), and, on
 * the calls a model chose, its rationale and token use attached (from the
 * records, redacted like them). Opens in `npx playwright show-trace`.
 */
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';
import { readZipEntries, TRACE_STEP_LOCATION, writeZip } from '../../../lib/recordings/trace-zip';

interface TraceEvent {
  type?: string;
  callId?: string;
  method?: string;
  title?: string;
  stack?: Array<{ file?: string }>;
  attachments?: Array<{ name: string; contentType: string; base64: string }>;
  [k: string]: unknown;
}

/** Attachments of a tool call's group: the model's rationale and token use (LLM calls), else none. */
function attachmentsOf(call: ToolCallRecord): TraceEvent['attachments'] {
  const out: NonNullable<TraceEvent['attachments']> = [];
  if (call.rationale) out.push({ name: 'rationale', contentType: 'text/plain', base64: Buffer.from(call.rationale).toString('base64') });
  if (call.tokenUsage) {
    const usage = { ...call.tokenUsage, ...(call.costUsd != null ? { costUsd: call.costUsd } : {}) };
    out.push({ name: 'token usage', contentType: 'application/json', base64: Buffer.from(JSON.stringify(usage, null, 2)).toString('base64') });
  }
  return out;
}

/** The zip with its groups renamed (`titles`: tool call id -> step title) and the model's notes attached. */
export async function traceForDownload(zip: Buffer, titles: ReadonlyMap<string, string>, calls: ToolCallRecord[]): Promise<Buffer> {
  const byId = new Map(calls.map((c) => [c.id, c]));
  const entries = await readZipEntries(zip);
  const out: Array<[string, Buffer]> = [];
  for (const [name, bytes] of entries) {
    if (!name.endsWith('.trace')) {
      out.push([name, bytes]);
      continue;
    }
    const groups = new Map<string, ToolCallRecord>();
    const lines = bytes.toString('utf8').split('\n').map((line) => {
      if (!line.trim()) return line;
      let event: TraceEvent;
      try {
        event = JSON.parse(line) as TraceEvent;
      } catch {
        return line;
      }
      const file = event.stack?.[0]?.file;
      if (event.type === 'before' && event.method === 'tracingGroup' && event.callId && file?.startsWith(TRACE_STEP_LOCATION)) {
        const call = byId.get(file.slice(TRACE_STEP_LOCATION.length));
        if (!call) return line;
        groups.set(event.callId, call);
        // The group's own location said which call it was; it names no source file a viewer could open.
        return JSON.stringify({ ...event, title: titles.get(call.id) ?? event.title, stack: [] });
      }
      const call = event.type === 'after' && event.callId ? groups.get(event.callId) : undefined;
      if (call) {
        const attachments = attachmentsOf(call);
        if (attachments?.length) return JSON.stringify({ ...event, attachments: [...(event.attachments ?? []), ...attachments] });
      }
      return line;
    });
    out.push([name, Buffer.from(lines.join('\n'), 'utf8')]);
  }
  return writeZip(out);
}
