/**
 * The Flows facade (token FLOWS): what the routes call. Queries and the
 * changes of finished flows (rename, delete) use storage; commands to live
 * flows are sent to the flow's actor through the scheduler. It emits the
 * record changes it makes (`created`, `renamed`, `deleted`) on FLOW_EVENTS,
 * so every caller (routes, runs, MCP through the API) is seen alike. `createFlows`
 * wires it from the container once, when FLOWS is first resolved.
 */
import type { DependencyContainer } from 'tsyringe';
import type { Flows } from '../contracts/flows';
import type { Lifecycle } from '../contracts/lifecycle';
import { apiError } from '../errors';
import { AUTONOMOUS_AGENT, BROWSER_DRIVERS, FLOW_EVENTS, LOGGER, SETTINGS, STORAGE, TOOLS, isProvided, resolve, resolveAll } from '../tokens';
import { UUID_RE } from '../../lib/validation/validation';
import { buildFlow } from './create-flow';
import type { FlowActor, FlowActorDeps, FlowAnswer, FlowCommand } from './flow-actor';
import { FlowScheduler } from './flow-scheduler';
import { isTerminal, type FlowMetadata, type FlowPage, type FlowQuery, type RunMode, type ToolCallInput, type ToolCallRecord } from './flow-types';
import { ToolRegistry } from '../../lib/custom-tools/tool-registry';
import type { CreateFlow } from '../../lib/validation/create-flow-schema';

/** Builds the kernel's Flows from what the plugins registered. */
export function createFlows(c: DependencyContainer): FlowFacade {
  const storage = resolve(c, STORAGE);
  const settings = resolve(c, SETTINGS);
  const logger = resolve(c, LOGGER);
  return new FlowFacade({
    storage, settings, logger,
    drivers: resolveAll(c, BROWSER_DRIVERS),
    tools: new ToolRegistry(resolveAll(c, TOOLS)),
    events: resolve(c, FLOW_EVENTS),
    // The agent is a plugin's; without it AUTONOMOUS flows fail AGENT_UNAVAILABLE.
    agent: isProvided(c, AUTONOMOUS_AGENT) ? resolve(c, AUTONOMOUS_AGENT) : null,
  });
}

export class FlowFacade implements Flows {
  private readonly scheduler: FlowScheduler;
  /** Start (recovery), ready (queued flows run) and stop of the flows; registered by the kernel. */
  readonly lifecycle: Lifecycle;

  constructor(private readonly deps: FlowActorDeps) {
    this.scheduler = new FlowScheduler(deps);
    const s = this.scheduler;
    this.lifecycle = { name: 'flow-scheduler', order: 50, start: () => s.start(), ready: () => s.runRecovered(), stop: () => s.stop() };
  }

  async create(input: CreateFlow): Promise<FlowMetadata> {
    const { storage, drivers, tools, settings, agent } = this.deps;
    const flow = await buildFlow(input, { storage, drivers, tools, settings, agent });
    await storage.flows.create(flow);
    // Before it is queued: its first `state` event comes after `created`.
    this.deps.events.emit({ type: 'created', flowId: flow.id, at: Date.now() });
    this.scheduler.enqueue(flow.id);
    return flow;
  }

  async get(id: string): Promise<FlowMetadata> {
    const flow = UUID_RE.test(id) ? await this.deps.storage.flows.get(id) : undefined;
    if (!flow) throw apiError('FLOW_NOT_FOUND', { flowId: id });
    return flow;
  }

  list(query: FlowQuery): Promise<FlowPage> {
    return this.deps.storage.flows.list(query);
  }

  async getFinished(id: string, action: string): Promise<FlowMetadata> {
    const flow = await this.get(id);
    if (!isTerminal(flow.state)) {
      throw apiError('FLOW_STILL_RUNNING', { flowId: id, state: flow.state, action });
    }
    return flow;
  }

  async delete(id: string): Promise<void> {
    await this.getFinished(id, 'delete');
    await this.deps.storage.flows.delete(id);
    await this.deps.storage.artifacts.deleteFlow(id);
    this.deps.events.forget(id);
    this.deps.events.emit({ type: 'deleted', flowId: id, at: Date.now() });
  }

  /** A finished flow has no actor any more: its name is the one field still written here. */
  async rename(id: string, name: string): Promise<FlowMetadata> {
    await this.getFinished(id, 'rename');
    const updated = await this.deps.storage.flows.update(id, (f) => ({ ...f, name }));
    if (!updated) throw apiError('FLOW_NOT_FOUND', { flowId: id });
    this.deps.events.emit({ type: 'renamed', flowId: id, at: Date.now() });
    return updated;
  }

  async toolCalls(id: string): Promise<ToolCallRecord[]> {
    await this.get(id);
    return this.deps.storage.toolCalls.list(id);
  }

  /** Sends a command to the flow's actor: 404 for an unknown flow, 409 FLOW_NOT_ACTIVE once it has ended. */
  private async tell<C extends FlowCommand>(id: string, command: C, action: string): Promise<FlowAnswer<C>> {
    return (await this.actorOf(id, action)).send(command);
  }

  private async actorOf(id: string, action: string): Promise<FlowActor> {
    const flow = await this.get(id);
    const actor = this.scheduler.actor(id);
    if (!actor || isTerminal(flow.state)) throw apiError('FLOW_NOT_ACTIVE', { flowId: id, state: flow.state, action });
    return actor;
  }

  pause = (id: string) => this.tell(id, { type: 'pause' }, 'be paused');
  resume = (id: string) => this.tell(id, { type: 'resume' }, 'be resumed');
  cancel = (id: string) => this.tell(id, { type: 'cancel', code: 'CANCELLED', message: 'Cancelled by the user' }, 'be cancelled');
  setRunMode = (id: string, runMode: RunMode, gptConfigName?: string) => this.tell(id, { type: 'runMode', runMode, gptConfigName }, 'switch run mode');
  submitToolCall = (id: string, input: ToolCallInput) => this.tell(id, { type: 'toolCall', input }, 'take a tool call');
  observe = (id: string, options: { screenshot: boolean }) => this.tell(id, { type: 'observe', screenshot: options.screenshot }, 'be observed');
  elementAt = (id: string, x: number, y: number) => this.tell(id, { type: 'elementAt', x, y }, 'be pointed at');
  testSelector = (id: string, selector: string) => this.tell(id, { type: 'testSelector', selector }, 'test a selector');
}
