/** /api/suites: named selections of flows with run options and an optional schedule. */
import * as v from 'valibot';
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { RunStore } from '../../../lib/qa/run-store';
import type { RunService } from './run-service';
import { SuiteBody, SuiteParams } from './schemas';
import { SuiteSchema } from '../../../lib/qa/run-record-schema';
import { getSuite, suiteFromBody, suiteView } from './suites';

const ERR = { description: 'Error `{code, message}`' };
const tags = ['suites'];

export function suiteRoutes(store: () => RunStore, runs: () => RunService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/suites', summary: 'Every suite, by name, with its next scheduled run', tags,
      responses: { 200: { description: 'Suites', schema: v.array(SuiteSchema) } },
      async handler() {
        const now = Date.now();
        const all = await store().suites.entries();
        return { json: await Promise.all(all.map(([, s]) => suiteView(store(), s, now))) };
      },
    }),
    defineRoute({
      method: 'POST', path: '/api/suites/:name', summary: 'Create or replace a suite', tags, params: SuiteParams, body: SuiteBody,
      responses: { 200: { description: 'The suite (replaced)', schema: SuiteSchema }, 201: { description: 'The suite (created)', schema: SuiteSchema }, 400: ERR },
      async handler({ params, body }) {
        const previous = await store().suites.get(params.name);
        const suite = suiteFromBody(params.name, body, previous);
        await store().suites.put(suite.name, suite);
        runs().suiteChanged(suite.name, 'saved');
        return { status: previous ? 200 : 201, json: await suiteView(store(), suite) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/suites/:name', summary: 'One suite, with `nextRunAt` when scheduled and its latest run', tags, params: SuiteParams, paramsErrorCode: 'NOT_FOUND',
      responses: { 200: { description: 'The suite', schema: SuiteSchema }, 404: ERR },
      handler: async ({ params }) => ({ json: await suiteView(store(), await getSuite(store(), params.name)) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/api/suites/:name', summary: 'Delete a suite (its runs stay)', tags, params: SuiteParams, paramsErrorCode: 'NOT_FOUND',
      responses: { 204: { description: 'Deleted' }, 404: ERR },
      async handler({ params }) {
        await getSuite(store(), params.name);
        await store().suites.delete(params.name);
        await store().scheduleMarks.delete(params.name);
        runs().suiteChanged(params.name, 'deleted');
        return { status: 204 };
      },
    }),
  ];
}
