/** /api/heals: the proposals to review, and their accept and reject. */
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { RunService } from './run-service';
import { HealIdParams, HealListQuery } from './schemas';
import { HealPageSchema, HealRecordSchema } from '../../../lib/qa/run-record-schema';

const ERR = { description: 'Error `{code, message}`' };
const tags = ['heals'];

export function healRoutes(runs: () => RunService): RouteDefinition[] {
  const one = { params: HealIdParams, paramsErrorCode: 'NOT_FOUND' as const };
  const HEAL = { description: 'The heal proposal', schema: HealRecordSchema };
  return [
    defineRoute({
      method: 'GET', path: '/api/heals', summary: 'Heal proposals, newest first (`state=open`: the ones to review)', tags, query: HealListQuery,
      responses: { 200: { description: 'A page of heal proposals', schema: HealPageSchema }, 400: ERR },
      handler: async ({ query }) => ({ json: await runs().heals(query) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/heals/:healId', summary: 'One heal proposal', tags, ...one,
      responses: { 200: HEAL, 404: ERR },
      handler: async ({ params }) => ({ json: await runs().heal(params.healId) }),
    }),
    defineRoute({
      method: 'POST', path: '/api/heals/:healId/accept', summary: 'Accept: the healed locator becomes the source step\'s first (new flow revision)', tags, ...one,
      responses: { 200: HEAL, 404: ERR, 409: ERR },
      handler: async ({ params }) => ({ json: await runs().accept(params.healId) }),
    }),
    defineRoute({
      method: 'POST', path: '/api/heals/:healId/reject', summary: 'Reject: the source flow stays as it is; the same heal is not proposed again for this revision', tags, ...one,
      responses: { 200: HEAL, 404: ERR, 409: ERR },
      handler: async ({ params }) => ({ json: await runs().reject(params.healId) }),
    }),
  ];
}
