/**
 * PUT /api/flows/{id}/tags: replaces a finished flow's tags (a live flow's
 * record has one writer, its actor: 409 FLOW_STILL_RUNNING). Answers the
 * flow's id and tags (the flow itself is read with GET /api/flows/{id}).
 */
import * as v from 'valibot';
import type { RouteDefinition } from '../../../lib/http/route-contract';
import type { Flows } from '../../../kernel/contracts/flows';
import type { Storage } from '../../../kernel/contracts/storage';
import { apiError } from '../../../kernel/errors';
import type { RunService } from './run-service';
import { FlowIdParams, TagsBody } from './schemas';

const ERR = { description: 'Error `{code, message}`' };

export function tagRoutes(flows: () => Flows, storage: () => Storage, runs: () => RunService): RouteDefinition[] {
  return [{
    method: 'PUT', path: '/api/flows/:flowId/tags', summary: 'Replace the tags of a finished flow (runs select flows by tag)', tags: ['flows'],
    params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', body: TagsBody,
    responses: { 200: { description: '`{id, tags}`', schema: v.object({ id: v.string(), tags: v.array(v.string()) }) }, 400: ERR, 404: ERR, 409: ERR },
    async handler({ params, body }) {
      await flows().getFinished(params.flowId, 'changing its tags');
      const updated = await storage().flows.update(params.flowId, (f) => ({ ...f, tags: body.tags }));
      if (!updated) throw apiError('FLOW_NOT_FOUND', { flowId: params.flowId });
      runs().tellFlow({ type: 'tagged', flowId: updated.id });
      return { json: { id: updated.id, tags: updated.tags ?? [] } };
    },
  }];
}
