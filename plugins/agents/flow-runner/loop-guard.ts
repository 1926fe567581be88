/**
 * Stops paying for loops. A model that keeps sending the same failing call
 * (an unknown field, a ref that does not exist) reads the failure in its
 * history and, too often, sends it again, every attempt a full request. So:
 * after REPEATS_BEFORE_HINT identical failures in a row the next request
 * says plainly what is wrong and what a valid call of that tool looks like;
 * after `settings.llm.maxConsecutiveFailures` failed calls of the model in a
 * row, with no success between, the flow ends FAILED `AGENT_STUCK` with the
 * repeated error, before another request is paid for.
 */
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { FlowFailure } from '../../../lib/failure-codes/failure-codes';
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';
import { modelToolSchema } from './model-tool-schema';

/** Identical failures in a row after which the next request carries a hint. */
export const REPEATS_BEFORE_HINT = 2;
/** How the executor words a call refused before it ran (lib/tool-calls/tool-call-check.ts): `name: ...`, `parameters...`. */
const INVALID_CALL = /^(name|parameters)\b/;

const failed = (r: ToolCallRecord | undefined): r is ToolCallRecord => r?.outcome?.success === false;
const sameCall = (a: ToolCallRecord, b: ToolCallRecord): boolean =>
  a.name === b.name && JSON.stringify(a.parameters) === JSON.stringify(b.parameters) && a.outcome?.message === b.outcome?.message;
const shown = (r: ToolCallRecord): string => `${r.name} ${cut(JSON.stringify(r.parameters ?? {}))}`;
const cut = (s: string, max = 300): string => (s.length > max ? `${s.slice(0, max)}…` : s);

/** The model's failed calls at the end of the history, with no success (or call of another source) after the first. */
export function trailingFailures(history: readonly ToolCallRecord[]): ToolCallRecord[] {
  let i = history.length;
  while (i > 0 && history[i - 1]!.source === 'LLM' && failed(history[i - 1])) i--;
  return history.slice(i);
}

/** Throws AGENT_STUCK when the model's last `max` calls all failed. */
export function checkNotStuck(history: readonly ToolCallRecord[], max: number): void {
  const failures = trailingFailures(history);
  if (failures.length < max) return;
  const last = failures.at(-1)!;
  const repeated = failures.slice(-max).every((r) => sameCall(r, last));
  throw new FlowFailure('AGENT_STUCK', `The model's last ${failures.length} tool calls failed without progress${repeated ? ', all the same' : ''}; `
    + `the last: ${shown(last)} -> ${cut(last.outcome?.message ?? 'failed')}`);
}

/** A placeholder value for a JSON Schema: what the model should put there. */
function example(schema: Record<string, unknown> | undefined): unknown {
  if (!schema) return '<value>';
  if (Array.isArray(schema.enum)) return schema.enum[0];
  switch (schema.type) {
    case 'integer': case 'number': return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean': return true;
    case 'array': return [example(schema.items as Record<string, unknown> | undefined)];
    case 'object': return {};
    default: return '<text>';
  }
}

/** `click {"selector":"<text>"}` (required parameters) and which optional ones exist. */
export function validCallExample(tool: ToolDefinition): string {
  const schema = modelToolSchema(tool);
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const args = Object.fromEntries(required.map((name) => [name, example(properties[name])]));
  const optional = Object.keys(properties).filter((name) => !required.includes(name));
  const allowed = Object.keys(properties).length ? `only these parameters exist: ${Object.keys(properties).join(', ')}` : 'it takes no parameters';
  return `${tool.name} ${JSON.stringify(args)} (${allowed}${optional.length ? `; optional: ${optional.join(', ')}` : ''})`;
}

/**
 * The hint for the next request when the last REPEATS_BEFORE_HINT calls
 * were the same call failing the same way, else null.
 */
export function repeatedFailureHint(history: readonly ToolCallRecord[], tools: ReadonlyMap<string, ToolDefinition>): string | null {
  const failures = trailingFailures(history).slice(-REPEATS_BEFORE_HINT);
  if (failures.length < REPEATS_BEFORE_HINT) return null;
  const last = failures.at(-1)!;
  if (!failures.every((r) => sameCall(r, last))) return null;
  const tool = tools.get(last.name);
  let fix: string;
  if (!tool) fix = `There is no tool named "${last.name}": call one of the tools you are offered.`;
  else if (INVALID_CALL.test(last.outcome?.message ?? '')) fix = `A valid call looks like: ${validCallExample(tool)}.`;
  else fix = `The call itself is valid, but ${last.name} cannot do it on this page: use a ref from the current page, another element or another action.`;
  return `STOP: your last ${failures.length} calls were the same call and failed the same way: ${shown(last)} -> ${cut(last.outcome?.message ?? 'failed')}. `
    + `Sending it again fails again. ${fix} Fix the call or choose another action.`;
}
