/**
 * `extract`: structured data out of the page. Each field of `schema` is read
 * from its own element (the usual candidates, failover and fingerprints,
 * through `extractText`), converted to the property's type
 * (lib/json-schema/text-value.ts: a number out of "$42.50", an integer out
 * of "In stock: 7"), and the object is validated against the schema. It is
 * the call's `data` and the flow's `result.data`; what each field was read
 * from is recorded (`outcome.fieldSelectors`), so reruns and generated tests
 * read the same elements without a model.
 */
import * as v from 'valibot';
import type { ToolContext, ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import type { Failover } from '../../../lib/page-actions/page-actions';
import { checkObjectSchema } from '../../../lib/json-schema/schema-check';
import { validateJsonSchemaAsync } from '../../../lib/json-schema/json-schema';
import { textToValue } from '../../../lib/json-schema/text-value';
import { SelectorParam } from './params';

/** The most text one field keeps, in characters (read with room for redaction to see a secret whole). */
export const MAX_FIELD_CHARS = 2_000;
const REDACT_SLACK = 256;

type Target = string | string[];
type Schema = Record<string, unknown>;
export interface ExtractParams {
  schema?: Schema;
  fields: Record<string, { selector: Target }>;
  instruction?: string;
}

const FieldName = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must be at most 100 characters'));

/** Each field a property of the schema, each required property a field: the first problem, or null. */
export function checkFields(schema: Schema, fields: Record<string, unknown>): string | null {
  const properties = schema.properties as Record<string, unknown>;
  for (const name of Object.keys(fields)) {
    if (!Object.hasOwn(properties, name)) return `fields.${name}: is not a property of the schema (${Object.keys(properties).join(', ')})`;
  }
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (!Object.hasOwn(fields, name)) return `fields: the schema requires "${name}", which has no field`;
  }
  return null;
}

/**
 * The candidates to read a field from again: a data element is found by
 * where it is, never by what it says, since that is the data that changes
 * (a `text="In stock: 7"` or a heading named after the product fails on the
 * next product). So candidates quoting the text read are left out, and so
 * is the fingerprint, which weighs the element's name and text (and cannot
 * tell apart the unnamed `<p>`s of one container). Reads fail over by order.
 * When nothing else is left, all are kept.
 */
export function dataSelectors(selectors: string[], text: string): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const quoted = (s: string) => flat.length > 0 && (s.includes(flat) || s.includes(JSON.stringify(flat).slice(1, -1)) || s.includes(flat.slice(0, 30)));
  const kept = selectors.filter((s) => !s.startsWith('fingerprint=') && !quoted(s));
  return kept.length ? kept : selectors.filter((s) => !s.startsWith('fingerprint='));
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export const extractTool: ToolDefinition<ExtractParams> = {
  name: 'extract', kind: 'query',
  description: 'Read structured data: each field of the JSON Schema `schema` from its own element (fields: {name: {selector}}), converted to the property type and validated. `schema` defaults to the flow\'s resultSchema. The object becomes the flow\'s result data.',
  inputSchema: v.strictObject({
    schema: v.optional(v.record(v.string(), v.unknown(), 'expected a JSON Schema object')),
    fields: v.pipe(
      v.record(FieldName, v.strictObject({ selector: SelectorParam }), 'expected an object of {selector} per field'),
      v.check((f) => Object.keys(f).length > 0, 'needs at least one field'),
      v.check((f) => Object.keys(f).length <= 50, 'at most 50 fields'),
    ),
    instruction: v.optional(v.pipe(v.string(), v.maxLength(2000, 'must be at most 2000 characters'))),
  }),
  async checkParams(p) {
    if (!p.schema) return null; // the flow's resultSchema, checked when the call runs
    return checkObjectSchema(p.schema, 'schema') ?? checkFields(p.schema, p.fields);
  },
  async run(ctx: ToolContext, p: ExtractParams) {
    const schema = p.schema ?? ctx.flow.resultSchema ?? null;
    if (!schema) throw new Error('schema: is required, since the flow has no resultSchema to read into');
    const problem = checkObjectSchema(schema, p.schema ? 'schema' : 'resultSchema') ?? checkFields(schema, p.fields);
    if (problem) throw new Error(problem);
    const properties = schema.properties as Record<string, Schema>;
    const data: Record<string, unknown> = {};
    const fieldSelectors: Record<string, string[]> = {};
    let failover: Failover | null = null;
    for (const [name, field] of Object.entries(p.fields)) {
      let read;
      try {
        read = await ctx.session.extractText(field.selector, { maxChars: MAX_FIELD_CHARS + REDACT_SLACK });
      } catch (err) {
        throw new Error(`fields.${name}: ${(err as Error).message}`);
      }
      // Redacted before it is cut or converted: a secret the page shows never becomes data.
      const text = cut(ctx.redact ? ctx.redact(read.text) : read.text, MAX_FIELD_CHARS);
      data[name] = textToValue(text, properties[name] ?? {}, `fields.${name}`);
      if (read.element) {
        fieldSelectors[name] = dataSelectors(read.element.selectors, read.text);
        failover ??= read.element.failover ?? null;
      }
    }
    const invalid = await validateJsonSchemaAsync(schema, data, 'data');
    if (invalid) throw new Error(`${invalid} (read: ${cut(JSON.stringify(data), 300)})`);
    const names = Object.keys(data);
    return {
      message: `Extracted ${names.length} field${names.length === 1 ? '' : 's'}: ${cut(JSON.stringify(data), 300)}`,
      data, fieldSelectors, structured: true, failover,
    };
  },
};
