/**
 * Checks answers of the real service against the one declaration of the
 * records (lib/validation/flow-record-schema.ts; runs, suites and heals in
 * lib/qa/run-record-schema.ts; profile summaries in
 * lib/profiles/profile-summary-schema.ts): each is valid for its
 * schema and holds no field the schema does not name, at any depth, so the
 * declaration (and the OpenAPI document, the MCP and UI types derived from
 * it) stays complete as fields are added.
 */
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { ErrorBodySchema, FlowMetadataSchema, FlowPageSchema, ToolCallRecordSchema } from '../../lib/validation/flow-record-schema';
import type { RunningService } from './service';

type AnySchema = v.GenericSchema & { type: string; wrapped?: AnySchema; item?: AnySchema; entries?: Record<string, AnySchema>; options?: AnySchema[] };

/** The paths (`flow.result.healed[0].x`) of fields in `value` that `schema` does not declare. */
export function undeclaredFields(schema: v.GenericSchema, value: unknown, path = '$'): string[] {
  const s = schema as AnySchema;
  if (value === null || value === undefined) return [];
  switch (s.type) {
    case 'optional': case 'nullable': case 'nullish': case 'exact_optional':
      return undeclaredFields(s.wrapped!, value, path);
    case 'array':
      return Array.isArray(value) ? value.flatMap((x, i) => undeclaredFields(s.item!, x, `${path}[${i}]`)) : [];
    case 'object': case 'strict_object': case 'loose_object': {
      if (typeof value !== 'object') return [];
      const out: string[] = [];
      for (const [key, x] of Object.entries(value)) {
        const entry = s.entries![key];
        if (entry) out.push(...undeclaredFields(entry, x, `${path}.${key}`));
        else if (s.type !== 'loose_object') out.push(`${path}.${key}`);
      }
      return out;
    }
    case 'variant': case 'union': {
      const option = s.options!.find((o) => v.is(o, value));
      return option ? undeclaredFields(option, value, path) : [];
    }
    default:
      return [];
  }
}

/** Asserts `value` is valid for `schema` and declares every field it holds. */
export function assertRecordShape(schema: v.GenericSchema, value: unknown, what: string): void {
  const parsed = v.safeParse(schema, value);
  assert.ok(parsed.success, `${what} does not match its schema: ${parsed.issues?.map((i) => `${v.getDotPath(i) ?? '$'}: ${i.message}`).join('; ')}`);
  assert.deepEqual(undeclaredFields(schema, value, what), [], `${what} holds fields its schema does not declare`);
}

/** GET /api/flows/{id}, its tool calls, the list page holding it and a 404's error body, each checked against its schema. */
export async function assertServedRecords(svc: RunningService, flowId: string): Promise<void> {
  const flow = await svc.request('GET', `/api/flows/${flowId}`);
  assert.equal(flow.status, 200);
  assertRecordShape(FlowMetadataSchema, flow.body, `flow ${flowId}`);
  const calls = await svc.request('GET', `/api/flows/${flowId}/tool-calls`);
  assert.equal(calls.status, 200);
  for (const [i, call] of (calls.body as unknown[]).entries()) assertRecordShape(ToolCallRecordSchema, call, `tool call ${i} of ${flowId}`);
  const page = await svc.request('GET', '/api/flows?limit=5');
  assertRecordShape(FlowPageSchema, page.body, 'GET /api/flows');
  const missing = await svc.request('GET', `/api/flows/${flowId}/tool-calls/no-such-call`);
  assert.equal(missing.status, 404);
  assertRecordShape(ErrorBodySchema, missing.body, 'a 404 answer');
}
