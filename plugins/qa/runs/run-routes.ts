/** /api/runs: start, list, read, cancel; the JUnit and HTML reports; the run's heal proposals. */
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { Storage } from '../../../kernel/contracts/storage';
import type { RunStore } from '../../../lib/qa/run-store';
import type { RunService } from './run-service';
import { RunIdParams, RunListQuery, StartRunBody } from './schemas';
import { HealPageSchema, RunPageSchema, RunRecordSchema } from '../../../lib/qa/run-record-schema';
import { junitXml } from './junit-report';
import { htmlReport } from './html-report';
import { loadReportData } from './report-data';

const ERR = { description: 'Error `{code, message}`' };
const tags = ['runs'];

export function runRoutes(runs: () => RunService, storage: () => Storage, store: () => RunStore): RouteDefinition[] {
  const one = { params: RunIdParams, paramsErrorCode: 'NOT_FOUND' as const };
  return [
    defineRoute({
      method: 'POST', path: '/api/runs', summary: 'Start a run: replay a suite, flow ids or tagged flows (repeat times each) and give each flow a verdict', tags, body: StartRunBody,
      responses: { 201: { description: 'The run (RUNNING)', schema: RunRecordSchema }, 400: ERR, 404: ERR, 409: ERR },
      async handler({ body }) {
        const { trigger = 'api', ...request } = body;
        const run = await runs().start(request, trigger);
        return { status: 201, json: run, headers: { location: `/api/runs/${run.id}` } };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/runs', summary: 'List runs, newest first, paginated', tags, query: RunListQuery,
      responses: { 200: { description: 'A page of runs', schema: RunPageSchema }, 400: ERR },
      handler: async ({ query }) => ({ json: await runs().list(query) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/runs/:runId', summary: 'One run: state, verdicts, attempts', tags, ...one,
      responses: { 200: { description: 'The run', schema: RunRecordSchema }, 404: ERR },
      handler: async ({ params }) => ({ json: await runs().get(params.runId) }),
    }),
    defineRoute({
      method: 'POST', path: '/api/runs/:runId/cancel', summary: 'Cancel a RUNNING run (queued attempts skipped, live ones cancelled)', tags, ...one,
      responses: { 200: { description: 'The run (CANCELLED)', schema: RunRecordSchema }, 404: ERR, 409: ERR },
      handler: async ({ params }) => ({ json: await runs().cancel(params.runId) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/runs/:runId/junit.xml', summary: 'The run as JUnit XML (one testsuite, one testcase per flow)', tags, ...one,
      responses: { 200: { description: 'JUnit XML', contentType: 'application/xml' }, 404: ERR },
      async handler({ params }) {
        const run = await runs().get(params.runId);
        return { body: junitXml(run), contentType: 'application/xml; charset=utf-8', headers: { 'content-disposition': `inline; filename="browserflow-run-${run.id}.xml"` } };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/runs/:runId/report.html', summary: 'The run as one self-contained HTML report (verdict matrix, failures with screenshots, heals before/after)', tags, ...one,
      responses: { 200: { description: 'HTML', contentType: 'text/html' }, 404: ERR },
      async handler({ params }) {
        const run = await runs().get(params.runId);
        const html = htmlReport(await loadReportData(run, storage(), store()));
        // The report embeds no script; this keeps it so even if a flow's name were hostile.
        return { body: html, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': "default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'" } };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/runs/:runId/heals', summary: 'The heal proposals a run raised, newest first', tags, ...one,
      responses: { 200: { description: 'Heal proposals', schema: HealPageSchema }, 404: ERR },
      async handler({ params }) {
        const run = await runs().get(params.runId);
        return { json: await runs().heals({ runId: run.id, limit: 100 }) };
      },
    }),
  ];
}
