#!/usr/bin/env -S npx tsx
/**
 * Writes the web UI's types of the API records (plugins/ui/public/lib/api-records.d.ts)
 * from their one declaration, the valibot schemas of
 * lib/validation/flow-record-schema.ts (flows, tool calls, the error body),
 * lib/qa/run-record-schema.ts (runs, suites, heals) and
 * lib/profiles/profile-summary-schema.ts (browser profiles) and
 * lib/tool-calls/tool-info-schema.ts (GET /api/tools): valibot -> JSON Schema (the converter
 * the OpenAPI document uses) -> TypeScript declarations with the schemas'
 * descriptions as JSDoc. The UI is static ES modules checked by
 * `tsc -p tsconfig.ui.json`, which cannot import the service's TypeScript,
 * hence a generated file.
 *
 * `npm run generate:api-types` rewrites the file;
 * test/unit/architecture/generated-api-types.test.ts fails while it is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import * as records from '../lib/validation/flow-record-schema';
import * as qa from '../lib/qa/run-record-schema';
import { ProfileSummarySchema } from '../lib/profiles/profile-summary-schema';
import { ToolInfoSchema } from '../lib/tool-calls/tool-info-schema';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The generated file, relative to the repository root. */
export const API_RECORDS_FILE = 'plugins/ui/public/lib/api-records.d.ts';

/** The declarations written, by the names the UI uses, in order. */
const NAMED: Array<[string, v.GenericSchema]> = [
  ['Flow', records.FlowMetadataSchema],
  ['FlowPage', records.FlowPageSchema],
  ['RunMode', records.RunModeSchema],
  ['FlowState', records.FlowStateSchema],
  ['BrowserConfig', records.BrowserConfigSchema],
  ['CustomTool', records.CustomToolSchema],
  ['ToolCallInput', records.ToolCallInputSchema],
  ['NetworkRule', records.NetworkRuleSchema],
  ['TokenUsage', records.TokenUsageSchema],
  ['FlowResult', records.FlowResultSchema],
  ['HealedStep', records.HealedStepSchema],
  ['SelectorRevision', records.SelectorRevisionSchema],
  ['FlowDownload', records.FlowDownloadSchema],
  ['ToolCall', records.ToolCallRecordSchema],
  ['ToolCallOutcome', records.ToolCallOutcomeSchema],
  ['Box', records.ElementBoxSchema],
  ['ConsoleEntry', records.ConsoleEntrySchema],
  ['NetworkEntry', records.NetworkEntrySchema],
  ['ErrorBody', records.ErrorBodySchema],
  ['RunState', qa.RunStateSchema],
  ['RunTrigger', qa.RunTriggerSchema],
  ['Verdict', qa.VerdictSchema],
  ['AttemptState', qa.AttemptStateSchema],
  ['RunFailure', qa.RunFailureSchema],
  ['RunAttempt', qa.RunAttemptSchema],
  ['RunResult', qa.RunResultSchema],
  ['RunCounts', qa.RunCountsSchema],
  ['Run', qa.RunRecordSchema],
  ['RunPage', qa.RunPageSchema],
  ['Suite', qa.SuiteSchema],
  ['HealState', qa.HealStateSchema],
  ['ImageRef', qa.ImageRefSchema],
  ['HealSide', qa.HealSideSchema],
  ['Heal', qa.HealRecordSchema],
  ['HealPage', qa.HealPageSchema],
  ['ProfileSummary', ProfileSummarySchema],
  ['Tool', ToolInfoSchema],
];

type Json = { [k: string]: any };

/** The TypeScript of a JSON Schema (the subset valibot's converter emits), `indent` deep. */
function typeOf(s: Json, indent: string): string {
  if (s.$ref) return String(s.$ref).split('/').pop()!;
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((x: unknown) => JSON.stringify(x)).join(' | ');
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map((a: Json) => wrap(typeOf(a, indent))).join(' | ');
  switch (s.type) {
    case 'string': return 'string';
    case 'number': case 'integer': return 'number';
    case 'boolean': return 'boolean';
    case 'null': return 'null';
    case 'array': return `${wrap(typeOf(s.items ?? {}, indent))}[]`;
    case 'object': return objectType(s, indent);
    default: return 'unknown';
  }
}

/** A union inside an array or another union gets parentheses. */
const wrap = (t: string) => (t.includes(' | ') && !t.startsWith('{') ? `(${t})` : t);

function objectType(s: Json, indent: string): string {
  const props: Json = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const inner = `${indent}  `;
  const lines: string[] = [];
  for (const [name, schema] of Object.entries(props)) {
    if (schema.description) lines.push(`${inner}/** ${String(schema.description).replace(/\*\//g, '*\\/')} */`);
    lines.push(`${inner}${name}${required.has(name) ? '' : '?'}: ${typeOf(schema, inner)};`);
  }
  // A record (`v.record`) carries additionalProperties; valibot's looseObject converts like its object.
  const extra = s.additionalProperties && typeof s.additionalProperties === 'object' ? typeOf(s.additionalProperties, inner) : 'unknown';
  if (!lines.length) return `Record<string, ${extra}>`;
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** The whole generated file. */
export function renderApiRecordTypes(): string {
  const refs = new Map<unknown, string>(NAMED.map(([name, schema]) => [schema, `#/${name}`]));
  const out = [
    '// GENERATED by `npm run generate:api-types` from lib/validation/flow-record-schema.ts, lib/qa/run-record-schema.ts, lib/profiles/profile-summary-schema.ts and lib/tool-calls/tool-info-schema.ts: do not edit (test/unit/architecture/generated-api-types.test.ts fails when stale).',
    '// The API records as the web UI reads them (docs/api.md). Types only: for `tsc --checkJs`, never served.',
    '',
  ];
  for (const [name, schema] of NAMED) {
    const json = toJsonSchema(schema, {
      errorMode: 'ignore', target: 'draft-2020-12',
      overrideSchema: ({ valibotSchema }) => (valibotSchema !== schema && refs.has(valibotSchema) ? { $ref: refs.get(valibotSchema)! } : undefined),
    }) as Json;
    let type = typeOf(json, '');
    // browser.using is open: each driver adds its own fields.
    if (schema === records.BrowserConfigSchema) type = type.replace(/\n}$/, '\n  [field: string]: unknown;\n}');
    out.push(json.type === 'object' ? `export interface ${name} ${type}` : `export type ${name} = ${type};`, '');
  }
  return out.join('\n');
}

/** Whether the file on disk is what the schemas give. */
export function apiRecordTypesAreCurrent(): boolean {
  return readFileSync(join(ROOT, API_RECORDS_FILE), 'utf8') === renderApiRecordTypes();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(join(ROOT, API_RECORDS_FILE), renderApiRecordTypes());
  console.log(`generate:api-types: wrote ${API_RECORDS_FILE}`);
}
