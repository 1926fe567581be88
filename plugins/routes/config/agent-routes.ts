/** /api/agents: which GPT configuration each agent uses. */
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { ConfigStore } from './config-store';
import { AgentAssignment, AgentBody, AgentMap, AgentParams } from './schemas';

const tags = ['configuration'];

export function agentRoutes(store: ConfigStore): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/agents', summary: 'Every agent with its assigned GPT configuration (or null)', tags,
      responses: { 200: { description: 'Agent name -> GPT configuration name or null; flow-runner first', schema: AgentMap } },
      handler: async () => ({ json: await store.listAgents() }),
    }),
    defineRoute({
      method: 'GET', path: '/api/agents/:name', summary: 'The GPT configuration assigned to one agent', tags,
      params: AgentParams,
      responses: {
        200: { description: 'The assignment', schema: AgentAssignment },
        404: { description: 'AGENT_NOT_FOUND' },
      },
      handler: async ({ params }) => ({ json: { name: params.name, gptConfigName: await store.getAgent(params.name) } }),
    }),
    defineRoute({
      method: 'POST', path: '/api/agents/:name', summary: 'Assign a GPT configuration to an agent (null removes the assignment)', tags,
      params: AgentParams,
      body: AgentBody,
      responses: {
        200: { description: 'The assignment', schema: AgentAssignment },
        404: { description: 'AGENT_NOT_FOUND, or GPT_CONFIG_NOT_FOUND when the named configuration does not exist' },
      },
      handler: async ({ params, body }) => {
        await store.assignAgent(params.name, body.gptConfigName);
        return { json: { name: params.name, gptConfigName: body.gptConfigName } };
      },
    }),
  ];
}
