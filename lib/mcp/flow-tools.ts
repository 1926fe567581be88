/**
 * The tools that start, end and read flows: flow_start (an INSTRUCT flow
 * this session drives), flow_finish, flow_status and flows_list.
 */
import * as v from 'valibot';
import { describeCall, describeFlow, withObservation } from './answers';
import { act, browserTool } from './browser-tools';
import { hasEnded, type ApiFlow } from './api-types';
import { FlowIdArg, defineTool, errorResult, text, type McpTool } from './tool-kit';
import { waitForFlow } from './wait';

/** How many of the latest tool calls flow_status shows. */
const STATUS_CALLS = 10;

const FlowStart = v.strictObject({
  targetWebsite: v.pipe(v.string(), v.minLength(1), v.maxLength(8_000), v.description('The http(s) URL the browser opens first')),
  name: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200), v.description('A name for the flow (and the generated test); default: the site\'s host'))),
  browser: v.optional(v.pipe(v.record(v.string(), v.unknown()), v.description('As in the REST API\'s CreateFlow, e.g. {"using": {"type": "device", "deviceName": "iPhone 15"}}; default a headless desktop Chromium'))),
  envVars: v.optional(v.pipe(v.array(v.string()), v.maxLength(100), v.description('Names of stored env vars the flow may use as ${NAME} in tool parameters (their values never appear in answers)'))),
  customTools: v.optional(v.pipe(v.array(v.record(v.string(), v.unknown())), v.maxLength(50), v.description('The flow\'s own tools, as in CreateFlow: [{name, description, inputSchema, javascript}] (javascript: the body of an async function receiving params, run in the page). Each becomes a tool of this session.'))),
  maxToolCalls: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000), v.description('Most tool calls the flow may make (default 50)'))),
  allowedOrigins: v.optional(v.pipe(v.array(v.string()), v.maxLength(50), v.description('Where the browser may go, as in CreateFlow: origins like https://acme.com, https://*.acme.com; navigations elsewhere are blocked'))),
  screenshot: v.optional(v.pipe(v.boolean(), v.description('Also answer a PNG screenshot of the first page'))),
});

const FlowFinish = v.strictObject({
  flowId: v.optional(FlowIdArg),
  success: v.pipe(v.boolean(), v.description('Whether the objective was achieved')),
  summary: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000), v.description('What was achieved, or why it cannot be')),
});

const FlowStatus = v.strictObject({ flowId: v.optional(FlowIdArg) });

const FlowsList = v.strictObject({
  state: v.optional(v.pipe(v.picklist(['RUNNING', 'SUCCESS', 'FAILED'], 'expected RUNNING, SUCCESS or FAILED'), v.description('RUNNING = every live state'))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100), v.description('Default 20'))),
  pageToken: v.optional(v.pipe(v.string(), v.maxLength(1000), v.description('nextPageToken of the previous page'))),
});

/** A default flow name: the site's host. */
function defaultName(url: string): string {
  try {
    return `MCP: ${new URL(url).host}`.slice(0, 200);
  } catch {
    return 'MCP flow';
  }
}

const isReady = (f: ApiFlow) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION' || hasEnded(f);

/** flow_start, flow_finish, flow_status, flows_list. */
export function flowTools(): McpTool[] {
  return [
    defineTool({
      name: 'flow_start',
      description: 'Open a browser on targetWebsite in a new recorded flow that this session drives with the browser tools. Answers the flow id and the page as a compact list of elements ([N] refs). Every action is recorded with robust selectors: flow_finish, then flow_test turns the session into a Playwright test.',
      schema: FlowStart,
      annotations: { openWorldHint: true },
      async run(args, ctx) {
        const created = await ctx.api.createFlow({
          name: args.name ?? defaultName(args.targetWebsite), targetWebsite: args.targetWebsite, initialRunMode: 'INSTRUCT',
          ...(args.browser ? { browser: args.browser } : {}), ...(args.envVars ? { envVars: args.envVars } : {}),
          ...(args.maxToolCalls ? { maxToolCalls: args.maxToolCalls } : {}), ...(args.customTools ? { customTools: args.customTools } : {}),
          ...(args.allowedOrigins ? { allowedOrigins: args.allowedOrigins } : {}),
        });
        ctx.flows.add(created.id, true);
        const custom = created.customTools.map(browserTool).filter((t): t is McpTool => t !== null);
        if (custom.length) await ctx.addTools(custom);
        const flow = await waitForFlow(ctx.api, created.id, isReady, ctx.signal);
        if (hasEnded(flow)) {
          ctx.flows.markEnded(flow.id);
          return errorResult(`The flow could not start: ${describeFlow(flow)}`);
        }
        return withObservation(ctx.api, flow, `flowId: ${flow.id}`, args.screenshot ?? false);
      },
    }),
    defineTool({
      name: 'flow_finish',
      description: 'End a flow of this session: success true when the objective was achieved (then flow_test gives its Playwright test), false with the reason otherwise. Closes its browser.',
      schema: FlowFinish,
      async run(args, ctx) {
        const flowId = await ctx.flows.target(args.flowId);
        const [name, parameters] = args.success ? ['markObjectiveComplete', { summary: args.summary }] : ['markObjectiveNotCompletable', { reason: args.summary }];
        await act(ctx.api, flowId, name, parameters, false, ctx.signal, () => undefined);
        const flow = await waitForFlow(ctx.api, flowId, hasEnded, ctx.signal);
        ctx.flows.markEnded(flowId);
        return { content: [text(`${describeFlow(flow)}${flow.state === 'SUCCESS' ? `\nflow_test {"flowId": "${flowId}"} answers its Playwright test.` : ''}`)] };
      },
    }),
    defineTool({
      name: 'flow_status',
      description: 'State, progress and result of a flow (any flow; default: this session\'s live flow), with its latest tool calls.',
      schema: FlowStatus,
      annotations: { readOnlyHint: true },
      async run(args, ctx) {
        const flowId = args.flowId ?? await ctx.flows.target(undefined);
        const [flow, calls] = await Promise.all([ctx.api.flow(flowId), ctx.api.toolCalls(flowId)]);
        if (hasEnded(flow)) ctx.flows.markEnded(flowId);
        const shown = calls.slice(-STATUS_CALLS);
        const lines = [describeFlow(flow), `target ${flow.targetWebsite}`];
        if (calls.length > shown.length) lines.push(`(${calls.length - shown.length} earlier calls left out)`);
        for (const call of shown) lines.push(describeCall(call).split('\n')[0]!);
        return { content: [text(lines.join('\n'))] };
      },
    }),
    defineTool({
      name: 'flows_list',
      description: 'The flows of the service, newest first: id, name, state, progress.',
      schema: FlowsList,
      annotations: { readOnlyHint: true },
      async run(args, ctx) {
        const page = await ctx.api.flows({ state: args.state, limit: args.limit ?? 20, pageToken: args.pageToken });
        const lines = page.flows.map((f) => `${describeFlow(f)}${ctx.flows.owns(f.id) ? ' [this session]' : ''}`);
        if (!lines.length) lines.push('No flows.');
        if (page.nextPageToken) lines.push(`nextPageToken: ${page.nextPageToken}`);
        return { content: [text(lines.join('\n'))] };
      },
    }),
  ];
}
