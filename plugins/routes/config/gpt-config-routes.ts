/** /api/gpt-configs: list, read, upsert and delete GPT configurations. */
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { ConfigStore } from './config-store';
import { gptConfigBodySchema } from './gpt-config-body';
import { ConnectionTestAnswer, GptConfigList, GptConfigParams, MaskedGptConfig } from './schemas';

const tags = ['configuration'];

export function gptConfigRoutes(store: ConfigStore): RouteDefinition[] {
  const body = gptConfigBodySchema([...store.providers.values()]);
  return [
    defineRoute({
      method: 'GET', path: '/api/gpt-configs', secretsInClear: true, summary: 'List every GPT configuration, secrets masked', tags,
      responses: { 200: { description: 'Name -> configuration', schema: GptConfigList } },
      handler: async () => ({ json: await store.listGptConfigs() }),
    }),
    defineRoute({
      method: 'GET', path: '/api/gpt-configs/:name', secretsInClear: true, summary: 'Get one GPT configuration, secrets masked', tags,
      params: GptConfigParams,
      responses: {
        200: { description: 'The configuration', schema: MaskedGptConfig },
        404: { description: 'GPT_CONFIG_NOT_FOUND' },
      },
      handler: async ({ params }) => ({ json: await store.getGptConfig(params.name) }),
    }),
    defineRoute({
      method: 'POST', path: '/api/gpt-configs/:name', summary: 'Create or replace a GPT configuration', tags,
      params: GptConfigParams,
      body,
      responses: { 200: { description: 'The stored configuration, secrets masked', schema: MaskedGptConfig } },
      handler: async ({ params, body }) => ({ json: await store.putGptConfig(params.name, body) }),
    }),
    defineRoute({
      method: 'POST', path: '/api/gpt-configs/:name/test',
      summary: 'Test a GPT configuration with one minimal model call (10 s at most); 200 either way, with the error code a flow would get', tags,
      params: GptConfigParams,
      responses: {
        200: { description: 'How the call went', schema: ConnectionTestAnswer },
        404: { description: 'GPT_CONFIG_NOT_FOUND' },
      },
      handler: async ({ params }) => ({ json: await store.testGptConfig(params.name) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/api/gpt-configs/:name', summary: 'Delete a GPT configuration (agent assignments naming it are cleared)', tags,
      params: GptConfigParams,
      responses: {
        204: { description: 'Deleted' },
        404: { description: 'GPT_CONFIG_NOT_FOUND' },
      },
      handler: async ({ params }) => {
        await store.deleteGptConfig(params.name);
        return { status: 204 };
      },
    }),
  ];
}
