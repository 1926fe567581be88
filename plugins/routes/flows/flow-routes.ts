/** The flow endpoints of the spec plus run control and events (API contract). */
import * as v from 'valibot';
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { BrowserDriver } from '../../../kernel/contracts/browser-driver';
import type { Flows } from '../../../kernel/contracts/flows';
import type { Storage } from '../../../kernel/contracts/storage';
import type { FlowEvents } from '../../../kernel/contracts/flow-events';
import {
  CodeQuery, DownloadParams, ElementAtDoc, ElementAtQuery, FlowIdParams, ImageParams, ListQuery, ObservationDoc, ObservationQuery, ProjectBody,
  RenameBody, RerunQuery, RunModeBody, SelectorTestBody, SelectorTestDoc, ToolCallBody, ToolCallParams,
} from './schemas';
import { flowForOutput, flowOutputView, toolCallForOutput } from './flow-output';
import type { FlowMetadata } from '../../../kernel/flows/flow-types';
import { fileResponse } from './file-response';
import { readFile } from 'node:fs/promises';
import { streamEvents } from './event-stream';
import type { SubscriberLimits } from './subscriber-limits';
import type { FlowExports } from './flow-exports';
import type { FlowFiles } from './flow-files';
import type { FlowChanges } from './flow-changes';
import { createFlowSchema } from '../../../lib/validation/create-flow-schema';
import { FlowDownloadSchema, FlowMetadataSchema, FlowPageSchema, ToolCallRecordSchema } from '../../../lib/validation/flow-record-schema';

const ERR = { description: 'Error `{code, message}`' };
const META = { description: 'Flow metadata', schema: FlowMetadataSchema };
const tags = ['flows'];

/** The services the routes use: the plugin's declared deps. */
export interface FlowRoutesDeps {
  readonly flows: Flows;
  readonly events: FlowEvents;
  readonly storage: Storage;
  readonly drivers: BrowserDriver[];
  readonly exports: FlowExports;
  readonly files: FlowFiles;
  readonly changes: FlowChanges;
}

export function flowRoutes(deps: FlowRoutesDeps, subscribers: SubscriberLimits): RouteDefinition[] {
  const flows = () => deps.flows;
  const control = (path: string, summary: string, act: (id: string) => Promise<FlowMetadata>): RouteDefinition => defineRoute({
    method: 'POST', path: `/api/flows/:flowId/${path}`, summary, tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
    responses: { 200: META, 404: ERR, 409: ERR },
    handler: async ({ params }) => ({ json: flowForOutput(await act(params.flowId)) }),
  });
  return [
    defineRoute({
      method: 'GET', path: '/api/flows', summary: 'List flows, newest first, paginated', tags, query: ListQuery,
      responses: { 200: { description: 'A page of flows', schema: FlowPageSchema }, 400: ERR },
      async handler({ query }) {
        const page = await flows().list(query);
        return { json: { ...page, flows: page.flows.map(flowForOutput) } };
      },
    }),
    defineRoute({
      method: 'POST', path: '/api/flows', summary: 'Create and start a flow', tags,
      body: createFlowSchema(deps.drivers),
      responses: { 201: META, 400: ERR, 404: ERR },
      async handler({ body }) {
        // Validated once, by the HTTP layer against the schema above.
        const flow = await flows().create(body);
        return { status: 201, json: flowForOutput(flow), headers: { location: `/api/flows/${flow.id}` } };
      },
    }),
    defineRoute({
      method: 'POST', path: '/api/flows/project', summary: 'Zip a runnable Playwright test project of several flows', tags, body: ProjectBody,
      responses: { 200: { description: 'Zip archive', contentType: 'application/zip' }, 400: ERR, 404: ERR, 409: ERR },
      async handler({ body }) {
        const zip = await deps.exports.project(body.flowIds, body.options);
        return { body: zip, contentType: 'application/zip', headers: { 'content-disposition': 'attachment; filename="browserflow-tests.zip"' } };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId', summary: 'Get one flow', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: META, 404: ERR },
      handler: async ({ params }) => ({ json: flowForOutput(await flows().get(params.flowId)) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/api/flows/:flowId', summary: 'Delete a finished flow and all its data', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 204: { description: 'Deleted' }, 404: ERR, 409: ERR },
      async handler({ params }) {
        await flows().delete(params.flowId);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'POST', path: '/api/flows/:flowId/rename', summary: 'Rename a finished flow', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', body: RenameBody,
      responses: { 200: META, 400: ERR, 404: ERR, 409: ERR },
      async handler({ params, body }) {
        const flow = await flows().rename(params.flowId, body.name);
        return { json: flowForOutput(flow) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/rerun', summary: 'A DETERMINISTIC CreateFlow replaying the flow', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', query: RerunQuery,
      responses: { 200: { description: 'CreateFlow' }, 404: ERR, 409: ERR },
      async handler({ params, query }) {
        const body = await deps.exports.rerun(params.flowId, query);
        return { json: flowOutputView(await flows().get(params.flowId)).redact(body) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/code', summary: 'A Playwright Test script replaying the flow', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', query: CodeQuery,
      responses: { 200: { description: 'JavaScript', contentType: 'text/javascript' }, 404: ERR, 409: ERR },
      async handler({ params, query }) {
        const code = await deps.exports.code(params.flowId, query);
        return { body: code, contentType: 'text/javascript; charset=utf-8' };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/images/:imageId', summary: 'One screenshot (PNG)', tags, params: ImageParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'PNG', contentType: 'image/png' }, 404: ERR },
      async handler({ params, headers }) {
        return fileResponse(await deps.files.imagePath(params.flowId, params.imageId), 'image/png', headers.range);
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/video', summary: 'The flow\'s video (WebM), Range supported; waits while it is being finished after the flow', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'WebM', contentType: 'video/webm' }, 206: { description: 'Partial WebM', contentType: 'video/webm' }, 404: ERR, 416: ERR },
      async handler({ params, headers }) {
        return fileResponse(await deps.files.videoPath(params.flowId), 'video/webm', headers.range);
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/downloads', summary: 'The files the flow\'s pages downloaded and the service kept', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'Downloads, in the order they finished', schema: v.array(FlowDownloadSchema) }, 404: ERR },
      handler: async ({ params }) => ({ json: await deps.files.downloads(params.flowId) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/downloads/:downloadId', summary: 'One downloaded file, byte for byte (Range supported)', tags, params: DownloadParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'The file as the page served it', contentType: 'application/octet-stream' }, 206: { description: 'Part of it' }, 404: ERR, 416: ERR },
      async handler({ params, headers }) {
        const { download, path } = await deps.files.download(params.flowId, params.downloadId);
        // Always saved, never shown by the service's own origin: a downloaded page must not run as the UI.
        const ascii = download.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
        return fileResponse(path, download.mimeType, headers.range, {
          'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(download.fileName)}`,
          'content-security-policy': 'sandbox',
        });
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/har', summary: 'The flow\'s HAR 1.2 (CreateFlow network.har), redacted: env values, cookies and credential headers', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'HAR 1.2 (JSON)', contentType: 'application/json' }, 404: { description: 'FLOW_NOT_FOUND, or HAR_NOT_FOUND saying why' } },
      async handler({ params }) {
        const path = await deps.files.recording(params.flowId, 'har');
        return fileResponse(path, 'application/json', undefined, { 'content-disposition': `attachment; filename="flow-${params.flowId}.har"` });
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/trace', summary: 'The flow\'s Playwright trace (CreateFlow trace), redacted; opens in `npx playwright show-trace`', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'Trace zip: each tool call a group named as the generated test\'s step, with the model\'s rationale and token use attached', contentType: 'application/zip' }, 404: { description: 'FLOW_NOT_FOUND, or TRACE_NOT_FOUND saying why' } },
      async handler({ params }) {
        const path = await deps.files.recording(params.flowId, 'trace');
        const zip = await deps.exports.trace(params.flowId, await readFile(path));
        return { body: zip, contentType: 'application/zip', headers: { 'content-disposition': `attachment; filename="flow-${params.flowId}-trace.zip"` } };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/tool-calls', summary: 'Every tool call of the flow, in execution order', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'Tool calls', schema: v.array(ToolCallRecordSchema) }, 404: ERR },
      async handler({ params }) {
        const calls = await flows().toolCalls(params.flowId);
        const view = flowOutputView(await flows().get(params.flowId));
        return { json: calls.map((call) => toolCallForOutput(call, view)) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/tool-calls/:toolCallId', summary: 'One tool call', tags, params: ToolCallParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'Tool call', schema: ToolCallRecordSchema }, 404: ERR },
      async handler({ params }) {
        const call = await deps.files.toolCall(params.flowId, params.toolCallId);
        return { json: toolCallForOutput(call, flowOutputView(await flows().get(params.flowId))) };
      },
    }),
    defineRoute({
      method: 'POST', path: '/api/flows/:flowId/tool-calls', summary: 'INSTRUCT: queue the next tool call', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', body: ToolCallBody,
      responses: { 202: { description: '`{toolCallId, flow}`' }, 400: ERR, 404: ERR, 409: ERR },
      async handler({ params, body }) {
        const queued = await flows().submitToolCall(params.flowId, body);
        return { status: 202, json: { ...queued, flow: flowForOutput(queued.flow) } };
      },
    }),
    control('pause', 'Pause after the current action', (id) => flows().pause(id)),
    control('resume', 'Resume a paused flow', (id) => flows().resume(id)),
    control('cancel', 'Cancel a live flow (FAILED, CANCELLED)', (id) => flows().cancel(id)),
    defineRoute({
      method: 'POST', path: '/api/flows/:flowId/run-mode', summary: 'Switch a live flow between INSTRUCT and AUTONOMOUS', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', body: RunModeBody,
      responses: { 200: META, 400: ERR, 404: ERR, 409: ERR },
      handler: async ({ params, body }) => ({ json: flowForOutput(await flows().setRunMode(params.flowId, body.runMode, body.gptConfigName)) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/observation', summary: 'The compact observation of a live flow\'s page (what the agent sees), redacted', tags,
      params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', query: ObservationQuery,
      responses: { 200: { description: 'Observation', schema: ObservationDoc }, 404: ERR, 409: ERR },
      handler: async ({ params, query }) => ({ json: await flows().observe(params.flowId, { screenshot: query.screenshot }) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/element-at', summary: 'The element at a point of a live flow\'s page: described, with the selectors an action on it would record (point and act)', tags,
      params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', query: ElementAtQuery,
      responses: { 200: { description: '`{x, y, element}`; element null when nothing is there', schema: ElementAtDoc }, 400: ERR, 404: ERR, 409: ERR },
      handler: async ({ params, query }) => ({ json: { x: query.x, y: query.y, element: await flows().elementAt(params.flowId, query.x, query.y) } }),
    }),
    defineRoute({
      method: 'POST', path: '/api/flows/:flowId/selector-test', summary: 'How many elements a selector matches on a live flow\'s page now, each described', tags,
      params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND', body: SelectorTestBody,
      responses: { 200: { description: '`{selector, count, elements}`', schema: SelectorTestDoc }, 400: ERR, 404: ERR, 409: ERR },
      handler: async ({ params, body }) => ({ json: { selector: body.selector, ...(await flows().testSelector(params.flowId, body.selector)) } }),
    }),
    defineRoute({
      method: 'GET', path: '/api/flows/:flowId/events', summary: 'Server-Sent Events of the flow (history first)', tags, params: FlowIdParams, paramsErrorCode: 'FLOW_NOT_FOUND',
      responses: { 200: { description: 'text/event-stream: state, toolCall, screenshot, tokenUsage, done, and live `frame` pictures (never replayed, at most 2/s)', contentType: 'text/event-stream' }, 404: ERR, 429: { description: 'TOO_MANY_SUBSCRIBERS: too many open event streams for this flow or in all' } },
      async handler(req) {
        const flow = await flows().get(req.params.flowId);
        return streamEvents(req, flow, deps.events, deps.storage, subscribers);
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/events', summary: 'Server-Sent Events of every flow\'s changes (live only): created, state, progress, renamed, deleted', tags,
      responses: { 200: { description: 'text/event-stream: `created`, `state` (with state, nextState, runMode), `progress`, `renamed`, `deleted`, each with flowId and at; beside them the changes other plugins feed (`run`, `heal`, `suite`: docs/runs.md); no history, no names or URLs', contentType: 'text/event-stream' }, 429: { description: 'TOO_MANY_SUBSCRIBERS: too many open event streams' } },
      handler: async (req) => deps.changes.stream(req, subscribers),
    }),
  ];
}
