/**
 * GET /api/flows/{flowId}/observation: the page of a live flow as the
 * AUTONOMOUS agent sees it (the same compact observation, budget and env
 * redaction), optionally with a PNG screenshot. What an MCP client or any
 * other driver of an INSTRUCT flow reads between its actions.
 */
import * as v from 'valibot';
import type { DependencyContainer } from 'tsyringe';
import type { RouteDefinition } from '../../../kernel/contracts/route';
import { FLOW_RUNNER, FLOW_SERVICE, resolve } from '../../../kernel/tokens';
import { QueryBoolean } from '../../../kernel/validation';
import { FlowIdParams } from './schemas';

const ObservationQuery = v.strictObject({ screenshot: v.optional(QueryBoolean, false) });

const ObservationDoc = v.object({
  url: v.pipe(v.string(), v.description('The page URL, env values redacted')),
  title: v.string(),
  observation: v.pipe(v.string(), v.description('One line per interactive or text-bearing element (`[12] button "Save"`), within the agent\'s token budget')),
  screenshot: v.optional(v.pipe(v.string(), v.description('Base64 PNG of the viewport, with ?screenshot=true'))),
});

/** The observation route. */
export function observationRoute(c: DependencyContainer): RouteDefinition {
  return {
    method: 'GET', path: '/api/flows/:flowId/observation', summary: 'The live page as the agent sees it (compact observation)', tags: ['flows'],
    params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', query: ObservationQuery,
    responses: {
      200: { description: '`{url, title, observation, screenshot?}`', schema: ObservationDoc },
      400: { description: 'Error `{code, message}`' },
      404: { description: 'FLOW_NOT_FOUND' },
      409: { description: 'FLOW_NOT_ACTIVE: no browser is live for this flow' },
    },
    async handler({ params, query }) {
      await resolve(c, FLOW_SERVICE).get(params.flowId);
      return { json: await resolve(c, FLOW_RUNNER).observe(params.flowId, (query as v.InferOutput<typeof ObservationQuery>).screenshot) };
    },
  };
}
