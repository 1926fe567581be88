/** /api/env: the environment variable store (values are returned; they are hidden only from logs). */
import type { RouteDefinition } from '../../../lib/http/route-contract';
import type { ConfigStore } from './config-store';
import { EnvBody, EnvListQuery, EnvMap, EnvParams, EnvVar } from './schemas';

/** What every value reads as in a masked listing: nothing of the value, not even its length. */
const MASKED_VALUE = '****';

const tags = ['configuration'];

export function envRoutes(store: ConfigStore): RouteDefinition[] {
  return [
    {
      method: 'GET', path: '/api/env', secretsInClear: true, summary: 'All environment variables as a key-value map (`masked=true`: every value is `****`)', tags,
      query: EnvListQuery,
      responses: { 200: { description: 'Key -> value', schema: EnvMap } },
      handler: async ({ query }) => {
        const all = await store.listEnv();
        return { json: query.masked ? Object.fromEntries(Object.keys(all).map((key) => [key, MASKED_VALUE])) : all };
      },
    },
    {
      method: 'GET', path: '/api/env/:key', secretsInClear: true, summary: 'One environment variable', tags,
      params: EnvParams,
      responses: {
        200: { description: 'The variable', schema: EnvVar },
        404: { description: 'ENV_VAR_NOT_FOUND' },
      },
      handler: async ({ params }) => ({ json: { key: params.key, value: await store.getEnv(params.key) } }),
    },
    {
      method: 'POST', path: '/api/env/:key', summary: 'Create or replace an environment variable', tags,
      params: EnvParams,
      body: EnvBody,
      responses: { 200: { description: 'The stored variable', schema: EnvVar } },
      handler: async ({ params, body }) => {
        await store.putEnv(params.key, body.value);
        return { json: { key: params.key, value: body.value } };
      },
    },
    {
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
    },
  ];
}
