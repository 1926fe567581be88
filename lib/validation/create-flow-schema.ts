/**
 * The one CreateFlow schema and type (POST /api/flows, and what
 * GET /api/flows/{id}/rerun answers), built from the loaded drivers'
 * `browser.using` schemas. The HTTP layer validates the body with it, once;
 * the kernel's create-flow.ts then checks what needs storage or the tools.
 */
import * as v from 'valibot';
import type { BrowserDriver } from '../../kernel/contracts/browser-driver';
import { RUN_MODES } from '../../kernel/flows/flow-types';
import { NameSchema, TagsSchema } from './validation';
import { OriginPatternsSchema } from '../origins/origin-patterns';

export const ENV_KEY_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TOOL_NAME_RE = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;

/** Browser profile names (`profile`, `saveProfileAs`, /api/profiles/{name}): they also name a file of generated projects. */
export const PROFILE_NAME_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const ProfileNameSchema = v.pipe(
  v.string('expected a profile name'),
  v.regex(PROFILE_NAME_RE, 'must be 1..100 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit'),
  v.description('Browser profile name: 1..100 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit'),
);

const Glob = v.pipe(v.string('expected a URL glob'), v.minLength(1, 'must not be empty'), v.maxLength(2048, 'must be at most 2048 characters'));

/** CreateFlow `network`: rules applied to every request of the flow's pages and frames, and whether to record a HAR. */
export const NetworkSchema = v.strictObject({
  rules: v.optional(v.pipe(v.array(v.variant('action', [
    v.strictObject({ url: Glob, action: v.literal('block') }),
    v.strictObject({
      url: Glob, action: v.literal('fulfill'),
      status: v.optional(v.pipe(v.number('expected an HTTP status'), v.integer('expected an HTTP status'), v.minValue(100, 'must be from 100 to 599'), v.maxValue(599, 'must be from 100 to 599')), 200),
      contentType: v.optional(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters')), 'text/plain'),
      body: v.optional(v.pipe(v.string(), v.maxBytes(256 * 1024, 'must be at most 262144 bytes')), ''),
    }),
  ], 'expected action "block" or "fulfill"')), v.maxLength(100, 'at most 100 rules')), []),
  har: v.optional(v.boolean('expected true or false'), false),
});

/** The CreateFlow request body schema for the given drivers. */
export function createFlowSchema(drivers: BrowserDriver[]) {
  const usingSchema = drivers.length
    ? v.variant('type', drivers.map((d) => d.usingSchema) as unknown as [v.StrictObjectSchema<any, any>])
    : v.never('no browser driver is loaded');
  return v.strictObject({
    name: NameSchema,
    targetWebsite: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(4096, 'must be at most 4096 characters')),
    overallObjective: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(20_000, 'must be at most 20000 characters')))),
    initialRunMode: v.picklist(RUN_MODES, `expected one of ${RUN_MODES.join(', ')}`),
    browser: v.optional(v.strictObject({ using: usingSchema })),
    envVars: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters'), v.regex(ENV_KEY_RE, 'must match ^[A-Za-z_][A-Za-z0-9_]*$'))), v.maxLength(200, 'at most 200 names')), []),
    toolCallsOnStart: v.optional(v.pipe(v.array(v.strictObject({
      name: v.pipe(v.string(), v.maxLength(64, 'must be at most 64 characters')),
      parameters: v.optional(v.record(v.string(), v.unknown(), 'expected an object'), {}),
    })), v.maxLength(1000, 'at most 1000 tool calls')), []),
    customTools: v.optional(v.pipe(v.array(v.strictObject({
      name: v.pipe(v.string(), v.regex(TOOL_NAME_RE, 'must match ^[a-zA-Z][a-zA-Z0-9_]{0,63}$')),
      description: v.pipe(v.string(), v.maxLength(2000, 'must be at most 2000 characters')),
      inputSchema: v.record(v.string(), v.unknown(), 'expected a JSON Schema object'),
      javascript: v.pipe(v.string(), v.maxLength(100_000, 'must be at most 100000 characters')),
    })), v.maxLength(50, 'at most 50 custom tools')), []),
    maxToolCalls: v.optional(v.pipe(v.number('expected an integer'), v.integer('expected an integer'), v.minValue(1, 'must be at least 1'), v.maxValue(1000, 'must be at most 1000'))),
    gptConfigNameOverride: v.optional(v.nullable(NameSchema)),
    tags: v.optional(TagsSchema),
    // Where the flow's browser may go: top-level and frame navigations elsewhere are blocked (docs/security.md).
    allowedOrigins: v.optional(v.nullable(OriginPatternsSchema)),
    /** Start with this browser profile's cookies and local storage (GET /api/profiles). */
    profile: v.optional(v.nullable(ProfileNameSchema)),
    /** When the flow ends SUCCESS, save its cookies and local storage as this profile (replacing one of that name). */
    saveProfileAs: v.optional(v.nullable(ProfileNameSchema)),
    /** Block or mock requests (`rules`) and record a HAR (`har`); the driver must support what is asked. */
    network: v.optional(v.nullable(NetworkSchema)),
    /** Record a Playwright trace (GET /api/flows/{id}/trace); Playwright drivers only. */
    trace: v.optional(v.boolean('expected true or false')),
    /** JSON Schema of the flow's structured result (`result.data`); checked for form by create-flow.ts. */
    resultSchema: v.optional(v.nullable(v.record(v.string(), v.unknown(), 'expected a JSON Schema object'))),
  });
}

/** A validated CreateFlow body (POST /api/flows; also what GET /api/flows/{id}/rerun answers). */
export type CreateFlow = v.InferOutput<ReturnType<typeof createFlowSchema>>;
