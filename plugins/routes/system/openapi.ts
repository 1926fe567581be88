/**
 * Builds the OpenAPI 3.1 document from the route definitions themselves
 * (the schemas that validate requests), so it cannot drift from the code.
 */
import * as v from 'valibot';
import type { RouteDefinition, RouteResponseDoc } from '../../../lib/http/route-contract';
import { isOptionalEntry, objectEntries, toJsonSchemaObject } from './json-schema';
import { ErrorBodySchema, FlowMetadataSchema, ToolCallRecordSchema } from '../../../lib/validation/flow-record-schema';
import { HealRecordSchema, RunRecordSchema, SuiteSchema } from '../../../lib/qa/run-record-schema';
import { ProfileSummarySchema } from '../../../lib/profiles/profile-summary-schema';

type Json = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/Error' };

/**
 * Records answered by many routes, documented once as components and referenced
 * (lib/validation/flow-record-schema.ts, lib/qa/run-record-schema.ts, lib/profiles/profile-summary-schema.ts).
 */
const COMPONENTS: Record<string, v.GenericSchema> = {
  Flow: FlowMetadataSchema, ToolCall: ToolCallRecordSchema, Run: RunRecordSchema, Suite: SuiteSchema, Heal: HealRecordSchema, ProfileSummary: ProfileSummarySchema,
};
const REFS = new Map<unknown, string>(Object.entries(COMPONENTS).map(([name, schema]) => [schema, `#/components/schemas/${name}`]));

/** Error answers every route may give, besides the ones it documents itself. */
const COMMON_ERRORS: Record<string, string> = {
  403: 'FORBIDDEN_HOST: the Host or Origin header is not local; DRIVEN_BROWSER_REFUSED: a browser the service drives',
  500: 'INTERNAL_ERROR: a bug; the message never holds a stack trace or a secret',
};

/** `:name` -> `{name}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The whole document. */
export function buildOpenApiDocument(routes: RouteDefinition[], version: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    if (route.openapi === false) continue;
    const path = toOpenApiPath(route.path);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
    for (const t of route.tags ?? []) tags.add(t);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'browserflow',
      version,
      description: 'Local REST service that runs browser automation flows. Only requests whose Host is local are answered; '
        + 'requests with a foreign Origin are refused (403 FORBIDDEN_HOST). A known path with a wrong method answers 405 '
        + 'METHOD_NOT_ALLOWED with an `allow` header; an unknown path 404 NOT_FOUND. Bodies over the limit answer 413.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: {
        Error: errorSchema(),
        ...Object.fromEntries(Object.entries(COMPONENTS).map(([name, schema]) => [name, toJsonSchemaObject(schema, 'draft-2020-12', REFS)])),
      },
    },
  };
}

/** The error body (lib/validation/flow-record-schema.ts), its keys in the order the document has always had. */
function errorSchema(): Json {
  const { type, required, properties } = toJsonSchemaObject(ErrorBodySchema, 'draft-2020-12');
  return { type, required, properties };
}

function operation(route: RouteDefinition): Json {
  const op: Json = {
    operationId: operationId(route),
    summary: route.summary,
  };
  if (route.tags?.length) op.tags = route.tags;
  const parameters = [...pathParameters(route), ...queryParameters(route)];
  if (parameters.length) op.parameters = parameters;
  if (route.body) {
    op.requestBody = {
      required: !v.safeParse(route.body, undefined).success,
      content: { 'application/json': { schema: toJsonSchemaObject(route.body, 'draft-2020-12') } },
    };
  }
  const responses: Record<string, Json> = {};
  for (const [status, doc] of Object.entries(route.responses)) responses[status] = response(Number(status), doc);
  const validates = route.body || route.query || route.params || /:/.test(route.path);
  if (validates && !responses[400]) responses[400] = errorResponse('INVALID_REQUEST: malformed body, query or path parameter');
  if (route.body && !responses[413]) responses[413] = errorResponse('PAYLOAD_TOO_LARGE: body over the limit (1 MiB by default)');
  if (route.secretsInClear && !responses[403]) {
    responses[403] = errorResponse('FORBIDDEN_HOST: the Host or Origin header is not local; BROWSER_READ_REFUSED: the request comes from a browser '
      + '(Sec-Fetch-Site/Sec-Fetch-Dest, or a Mozilla/ User-Agent) without the header X-Browserflow-Client; DRIVEN_BROWSER_REFUSED: a browser the service drives');
  }
  for (const [status, text] of Object.entries(COMMON_ERRORS)) if (!responses[status]) responses[status] = errorResponse(text);
  op.responses = responses;
  return op;
}

function response(status: number, doc: RouteResponseDoc): Json {
  if (doc.schema) {
    const ref = REFS.get(doc.schema);
    const schema = ref ? { $ref: ref } : toJsonSchemaObject(doc.schema, 'draft-2020-12', REFS);
    return { description: doc.description, content: { 'application/json': { schema } } };
  }
  if (doc.contentType) return { description: doc.description, content: { [doc.contentType]: { schema: { type: 'string', format: 'binary' } } } };
  if (status >= 400) return errorResponse(doc.description);
  return { description: doc.description };
}

function errorResponse(description: string): Json {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
}

function pathParameters(route: RouteDefinition): Json[] {
  const entries = objectEntries(route.params) ?? {};
  return [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: entries[name!] ? toJsonSchemaObject(entries[name!]!, 'draft-2020-12') : { type: 'string' },
  }));
}

function queryParameters(route: RouteDefinition): Json[] {
  const entries = objectEntries(route.query);
  if (!entries) return [];
  return Object.entries(entries).map(([name, schema]) => {
    const param: Json = { name, in: 'query', required: !isOptionalEntry(schema), schema: toJsonSchemaObject(schema, 'draft-2020-12') };
    const description = v.getDescription(schema);
    if (description) param.description = description;
    return param;
  });
}

function operationId(route: RouteDefinition): string {
  const words = route.path.split('/').filter((s) => s && s !== 'api')
    .map((s) => (s.startsWith(':') ? `by-${s.slice(1)}` : s))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}
