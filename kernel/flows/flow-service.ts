/**
 * Flow use cases behind the HTTP routes: create, query, delete, rename,
 * media, tool calls, exports (rerun, code, project) and run control. Run
 * control itself is delegated to the FlowRunner, which owns live flows.
 */
import { existsSync, statSync } from 'node:fs';
import type { DependencyContainer } from 'tsyringe';
import type * as v from 'valibot';
import { ApiError } from '../errors';
import {
  BROWSER_DRIVERS, CODEGEN_EMITTERS, FLOW_EVENTS, FLOW_RUNNER, SETTINGS, STORAGE, TOOLS,
  resolve, resolveAll,
} from '../tokens';
import type { Storage } from '../contracts/storage';
import type { CodegenFlow, CodegenOptions } from '../contracts/codegen-emitter';
import { isTerminal, UUID_RE_CHECK, type FlowMetadata, type FlowPage, type FlowQuery, type ToolCallRecord } from './flow-types';
import { buildFlow, createFlowSchema } from './create-flow';
import { ToolRegistry } from './tool-registry';
import { buildRerun, type CreateFlowBody } from './rerun';
import { selectsByIdOnly } from './selector-kinds';

export class FlowService {
  private schema?: v.GenericSchema;
  private registry?: ToolRegistry;

  constructor(private readonly container: DependencyContainer) {}

  private get storage(): Storage { return resolve(this.container, STORAGE); }
  private get runner() { return resolve(this.container, FLOW_RUNNER); }

  /** Built-in tools of every tool plugin. */
  get tools(): ToolRegistry {
    this.registry ??= new ToolRegistry(resolveAll(this.container, TOOLS));
    return this.registry;
  }

  /** Validates, stores (state UNSTARTED) and queues a new flow. */
  async create(body: unknown): Promise<FlowMetadata> {
    const drivers = resolveAll(this.container, BROWSER_DRIVERS);
    this.schema ??= createFlowSchema(drivers);
    const flow = await buildFlow(body, { storage: this.storage, drivers, tools: this.tools, settings: resolve(this.container, SETTINGS) }, this.schema);
    await this.storage.flows.create(flow);
    this.runner.enqueue(flow.id);
    return flow;
  }

  /** The flow, or 404 FLOW_NOT_FOUND (also for ids that are not UUIDs). */
  async get(id: string): Promise<FlowMetadata> {
    const flow = UUID_RE_CHECK(id) ? await this.storage.flows.get(id) : undefined;
    if (!flow) throw new ApiError('FLOW_NOT_FOUND', `Flow ${JSON.stringify(id.slice(0, 100))} does not exist`);
    return flow;
  }

  list(query: FlowQuery): Promise<FlowPage> {
    return this.storage.flows.list(query);
  }

  private async getFinished(id: string, action: string): Promise<FlowMetadata> {
    const flow = await this.get(id);
    if (!isTerminal(flow.state)) {
      throw new ApiError('FLOW_STILL_RUNNING', `Flow ${id} is ${flow.state}; ${action} needs a finished flow (SUCCESS or FAILED). Cancel it first with POST /api/flows/${id}/cancel.`);
    }
    return flow;
  }

  /** Deletes a finished flow: record, tool calls, screenshots and video. */
  async delete(id: string): Promise<void> {
    await this.getFinished(id, 'delete');
    await this.storage.flows.delete(id);
    await this.storage.artifacts.deleteFlow(id);
    resolve(this.container, FLOW_EVENTS).forget(id);
  }

  async rename(id: string, name: string): Promise<FlowMetadata> {
    await this.getFinished(id, 'rename');
    const updated = await this.storage.flows.update(id, (f) => ({ ...f, name }));
    if (!updated) throw new ApiError('FLOW_NOT_FOUND', `Flow ${id} does not exist`);
    return updated;
  }

  async toolCalls(id: string): Promise<ToolCallRecord[]> {
    await this.get(id);
    return this.storage.toolCalls.list(id);
  }

  async toolCall(id: string, toolCallId: string): Promise<ToolCallRecord> {
    await this.get(id);
    const call = await this.storage.toolCalls.get(id, toolCallId);
    if (!call) throw new ApiError('TOOL_CALL_NOT_FOUND', `Tool call ${JSON.stringify(toolCallId.slice(0, 100))} does not exist in flow ${id}`);
    return call;
  }

  /** Absolute path of a screenshot. */
  async imagePath(id: string, imageId: string): Promise<string> {
    await this.get(id);
    const path = /^[A-Za-z0-9_-]{1,100}$/.test(imageId) ? await this.storage.artifacts.imagePath(id, imageId) : undefined;
    if (!path) throw new ApiError('IMAGE_NOT_FOUND', `Image ${JSON.stringify(imageId.slice(0, 100))} does not exist in flow ${id}`);
    return path;
  }

  /** Absolute path of the finished video; 404 while it is missing or still being written. */
  async videoPath(id: string): Promise<string> {
    const flow = await this.get(id);
    const path = await this.storage.artifacts.videoPath(id);
    if (!flow.hasVideo || !existsSync(path) || statSync(path).size === 0) {
      throw new ApiError('VIDEO_NOT_FOUND', `Flow ${id} has no video${isTerminal(flow.state) ? '' : ' yet (it is written when the flow ends)'}`);
    }
    return path;
  }

  private async codegenFlow(flow: FlowMetadata): Promise<CodegenFlow> {
    const tools = this.tools.forFlow(flow.customTools);
    const calls = (await this.storage.toolCalls.list(flow.id))
      .filter((c) => c.outcome?.success && tools.get(c.name)?.kind !== 'control');
    return { flow, toolCalls: calls, tools };
  }

  async rerun(id: string, options: { areElementIdsVolatile: boolean; disableSelectorFailover: boolean }): Promise<CreateFlowBody> {
    const flow = await this.getFinished(id, 'rerun');
    const calls = await this.storage.toolCalls.list(id);
    return buildRerun(flow, calls, this.tools.forFlow(flow.customTools), options, selectsByIdOnly);
  }

  async code(id: string, options: CodegenOptions): Promise<string> {
    const flow = await this.getFinished(id, 'code generation');
    const emitter = resolveAll(this.container, CODEGEN_EMITTERS).find((e) => e.kind === 'script' && e.emitScript);
    if (!emitter?.emitScript) throw new ApiError('NOT_FOUND', 'No code generator plugin is loaded');
    return emitter.emitScript(await this.codegenFlow(flow), options);
  }

  async project(ids: string[], options: CodegenOptions): Promise<Buffer> {
    const flows: CodegenFlow[] = [];
    for (const id of ids) flows.push(await this.codegenFlow(await this.getFinished(id, 'project export')));
    const emitter = resolveAll(this.container, CODEGEN_EMITTERS).find((e) => e.kind === 'project' && e.emitProject);
    if (!emitter?.emitProject) throw new ApiError('NOT_FOUND', 'No project generator plugin is loaded');
    return emitter.emitProject(flows, options);
  }
}
