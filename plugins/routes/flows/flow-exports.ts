/**
 * The exports of finished flows (rerun body, test script, test project):
 * derived from stored records by lib/export and the loaded codegen plugin,
 * so they need nothing from the flow lifecycle but a finished flow.
 */
import type { Flows } from '../../../kernel/contracts/flows';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { apiError } from '../../../kernel/errors';
import { isTerminal, type FlowMetadata } from '../../../kernel/flows/flow-types';
import { traceForDownload } from './trace-export';
import { ToolRegistry } from '../../../lib/custom-tools/tool-registry';
import type { CodegenEmitter, CodegenFlow, CodegenOptions } from '../../../lib/export/codegen-emitter';
import { buildRerun, replayableCalls, type RerunOptions } from '../../../lib/export/rerun';
import { selectsByIdOnly } from '../../../lib/export/selector-kinds';
import { type CreateFlow } from '../../../lib/validation/create-flow-schema';

export class FlowExports {
  private readonly tools: ToolRegistry;

  constructor(private readonly flows: Flows, tools: ToolDefinition[][], private readonly emitters: CodegenEmitter[]) {
    this.tools = new ToolRegistry(tools);
  }

  /** The DETERMINISTIC CreateFlow replaying a finished flow. */
  async rerun(id: string, options: RerunOptions): Promise<CreateFlow> {
    const flow = await this.flows.getFinished(id, 'rerun');
    return buildRerun(flow, await this.flows.toolCalls(id), this.tools.forFlow(flow.customTools), options, selectsByIdOnly);
  }

  /** A Playwright Test script replaying a finished flow. */
  async code(id: string, options: CodegenOptions): Promise<string> {
    const flow = await this.flows.getFinished(id, 'code generation');
    const emitter = this.emitters.find((e) => e.kind === 'script' && e.emitScript);
    if (!emitter?.emitScript) throw apiError('NOT_FOUND', { what: 'code generator plugin is loaded' });
    return emitter.emitScript(await this.codegenFlow(flow), options);
  }

  /** A zipped test project of several finished flows. */
  async project(ids: string[], options: CodegenOptions): Promise<Buffer> {
    const flows: CodegenFlow[] = [];
    const chosen: FlowMetadata[] = [];
    for (const id of ids) chosen.push(await this.flows.getFinished(id, 'project export'));
    // A flow that started from a browser profile needs the flow that saved it, as a setup: added when it still exists.
    const have = new Set(ids);
    for (const flow of [...chosen]) {
      const source = flow.profile ? flow.profileFromFlowId : null;
      if (!source || have.has(source)) continue;
      have.add(source);
      const saver = await this.flows.getFinished(source, 'project export').catch(() => null);
      if (saver && saver.saveProfileAs === flow.profile && saver.state === 'SUCCESS') chosen.unshift(saver);
    }
    for (const flow of chosen) flows.push(await this.codegenFlow(flow));
    const emitter = this.emitters.find((e) => e.kind === 'project' && e.emitProject);
    if (!emitter?.emitProject) throw apiError('NOT_FOUND', { what: 'project generator plugin is loaded' });
    return emitter.emitProject(flows, options);
  }

  /** The flow's trace zip as handed out: groups named as the generated test's steps, the model's notes attached (trace-export.ts). */
  async trace(id: string, zip: Buffer): Promise<Buffer> {
    const flow = await this.flows.get(id);
    const calls = await this.flows.toolCalls(id);
    const emitter = this.emitters.find((e) => e.stepTitles);
    let titles = new Map<string, string>();
    if (emitter?.stepTitles && isTerminal(flow.state)) {
      try {
        titles = emitter.stepTitles(await this.codegenFlow(flow), { runInHeadedMode: false, slowMotionDelay: 0, disableSelfHealingTests: false, testScriptVariant: 'plain' });
      } catch {
        // A call that cannot become code keeps its group's own title.
      }
    }
    return traceForDownload(zip, titles, calls);
  }

  private async codegenFlow(flow: FlowMetadata): Promise<CodegenFlow> {
    const tools = this.tools.forFlow(flow.customTools);
    const calls = await this.flows.toolCalls(flow.id);
    const last = calls.at(-1);
    const failedStep = flow.state === 'FAILED' && last?.outcome?.success === false ? { step: calls.length, tool: last.name } : null;
    return { flow, toolCalls: replayableCalls(calls, tools), tools, failedStep };
  }
}
