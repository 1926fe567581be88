/**
 * The tools that turn flows into tests and check them: flow_test (the
 * Playwright test of a finished flow), flow_project (a zipped project of
 * several, as an MCP resource and a file in the data dir when the server
 * knows it) and flow_run (a DETERMINISTIC flow run to its end).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { describeCall, describeFlow } from './answers';
import { hasEnded } from './api-types';
import { FlowIdArg, LanguageArg, defineTool, errorResult, text, type McpTool } from './tool-kit';
import { waitForFlow } from './wait';

const FlowTest = v.strictObject({ flowId: FlowIdArg, language: v.optional(LanguageArg) });

const FlowProject = v.strictObject({
  flowIds: v.pipe(v.array(FlowIdArg), v.minLength(1, 'needs at least one flow id'), v.maxLength(100, 'at most 100 flows'), v.description('Finished flows, one spec file each')),
  language: v.optional(LanguageArg),
});

const FlowRun = v.strictObject({
  flow: v.pipe(v.record(v.string(), v.unknown()), v.description('A CreateFlow body with initialRunMode DETERMINISTIC (the default here) and its toolCallsOnStart, as GET /api/flows/{id}/rerun answers it')),
});

/** flow_test, flow_project, flow_run. */
export function exportTools(): McpTool[] {
  return [
    defineTool({
      name: 'flow_test',
      description: 'The Playwright Test file replaying a finished flow: every successful action with its recorded selectors and failover, ${NAME} read from process.env, the origin from BASE_URL. Run it with npx playwright test.',
      schema: FlowTest,
      annotations: { readOnlyHint: true },
      async run(args, ctx) {
        return { content: [text(await ctx.api.code(args.flowId, { language: args.language }))] };
      },
    }),
    defineTool({
      name: 'flow_project',
      description: 'A runnable Playwright Test project (zip: package.json, config, one spec per flow, helpers, README) of finished flows, as an embedded resource, and written to a file when the server runs beside the data dir.',
      schema: FlowProject,
      annotations: { readOnlyHint: true },
      async run(args, ctx) {
        const zip = await ctx.api.project(args.flowIds, { language: args.language });
        const name = `browserflow-tests-${randomUUID()}.zip`;
        const content: Array<{ type: 'text'; text: string } | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } }> = [];
        if (ctx.projectDir) {
          await mkdir(ctx.projectDir, { recursive: true, mode: 0o700 });
          const file = join(ctx.projectDir, name);
          await writeFile(file, zip, { mode: 0o600 });
          content.push(text(`Project written to ${file} (${zip.length} bytes): unzip, npm install, npx playwright test.`));
        } else {
          content.push(text(`Project ${name} (${zip.length} bytes), in the resource below: unzip, npm install, npx playwright test.`));
        }
        content.push({ type: 'resource', resource: { uri: `browserflow://projects/${name}`, mimeType: 'application/zip', blob: zip.toString('base64') } });
        return { content };
      },
    }),
    defineTool({
      name: 'flow_run',
      description: 'Run a DETERMINISTIC flow (its toolCallsOnStart, in order, stopping at the first failure) to its end and answer its result and each call\'s outcome: how to check that a recorded flow still passes.',
      schema: FlowRun,
      annotations: { openWorldHint: true },
      async run(args, ctx) {
        const mode = args.flow.initialRunMode ?? 'DETERMINISTIC';
        if (mode !== 'DETERMINISTIC') return errorResult('Invalid arguments: flow.initialRunMode: flow_run runs DETERMINISTIC flows only (use flow_start to drive one yourself)');
        const created = await ctx.api.createFlow({ ...args.flow, initialRunMode: 'DETERMINISTIC' });
        ctx.flows.add(created.id, false);
        let reported = -1;
        const flow = await waitForFlow(ctx.api, created.id, (f) => {
          const done = f.progress.toolCallsCompleted + f.progress.toolCallsFailed;
          if (done !== reported) {
            reported = done;
            void ctx.progress(done, f.maxToolCalls, `${done} tool calls done`).catch(() => undefined);
          }
          return hasEnded(f);
        }, ctx.signal);
        ctx.flows.markEnded(flow.id);
        const calls = await ctx.api.toolCalls(flow.id);
        const lines = [describeFlow(flow), ...calls.map((c) => describeCall(c).split('\n')[0]!)];
        // A failing flow is an answer, not a failure of the tool: the text says FAILED and where.
        return { content: [text(lines.join('\n'))] };
      },
    }),
  ];
}
