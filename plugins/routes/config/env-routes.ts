/**
 * /api/env: the environment variable store (values are returned; they are
 * hidden only from logs) and where each value may be used. A `kind: "totp"`
 * variable's secret is shown only by GET /api/env/{key}: `****` in the
 * listing and in the answer to its POST.
 */
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import { HIDDEN_SECRET, type ConfigStore } from './config-store';
import * as v from 'valibot';
import { EnvBody, EnvListQuery, EnvMap, EnvParams, EnvVar, MaskedEnvMap } from './schemas';

/** What every value reads as in a masked listing: nothing of the value, not even its length. */
const MASKED_VALUE = '****';

const tags = ['configuration'];

export function envRoutes(store: ConfigStore): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/env', secretsInClear: true, summary: 'All environment variables as a key-value map (`masked=true`: `{key: {value: "****", kind, allowedOrigins}}`)', tags,
      query: EnvListQuery,
      responses: { 200: { description: 'Key -> value; with masked=true, key -> { value: "****", kind, allowedOrigins }', schema: v.union([EnvMap, MaskedEnvMap]) } },
      handler: async ({ query }) => {
        if (!query.masked) return { json: await store.listEnv() };
        const [origins, kinds] = await Promise.all([store.listEnvOrigins(), store.listEnvKinds()]);
        // The kind too, so a client replacing a value keeps it (a TOTP secret stays a TOTP secret).
        return { json: Object.fromEntries(Object.keys(await store.listEnv()).map((key) => [key, { value: MASKED_VALUE, kind: kinds[key] ?? 'plain', allowedOrigins: origins[key] ?? null }])) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/env/:key', secretsInClear: true, summary: 'One environment variable', tags,
      params: EnvParams,
      responses: {
        200: { description: 'The variable', schema: EnvVar },
        404: { description: 'ENV_VAR_NOT_FOUND' },
      },
      handler: async ({ params }) => ({ json: { key: params.key, ...(await store.getEnv(params.key)) } }),
    }),
    defineRoute({
      method: 'POST', path: '/api/env/:key', summary: 'Create or replace an environment variable and where it may be used (`allowedOrigins`)', tags,
      params: EnvParams,
      body: EnvBody,
      responses: { 200: { description: 'The stored variable (a `totp` secret answered as `****`)', schema: EnvVar }, 400: { description: 'INVALID_REQUEST naming the field (a `totp` value that is no base32 secret or otpauth://totp/ URI: `value`)' } },
      handler: async ({ params, body }) => {
        const allowedOrigins = body.allowedOrigins ?? null;
        await store.putEnv(params.key, body.value, allowedOrigins, body.kind);
        return { json: { key: params.key, value: body.kind === 'totp' ? HIDDEN_SECRET : body.value, kind: body.kind, allowedOrigins } };
      },
    }),
    defineRoute({
      method: 'DELETE', path: '/api/env/:key', summary: 'Delete an environment variable', tags,
      params: EnvParams,
      responses: {
        204: { description: 'Deleted' },
        404: { description: 'ENV_VAR_NOT_FOUND' },
      },
      handler: async ({ params }) => {
        await store.deleteEnv(params.key);
        return { status: 204 };
      },
    }),
  ];
}
