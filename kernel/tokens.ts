/**
 * Typed injection tokens. Every service the kernel or a plugin shares is
 * registered under one of these symbols; tsx emits no decorator metadata, so
 * nothing is ever injected by type.
 */
import type { DependencyContainer } from 'tsyringe';
import { instanceCachingFactory } from 'tsyringe';
import type { KernelSettings } from './config';
import type { Logger } from './logger';
import type { Storage } from './contracts/storage';
import type { BrowserDriver } from './contracts/browser-driver';
import type { ToolDefinition } from '../lib/tool-calls/tool-contract';
import type { Lifecycle } from './contracts/lifecycle';
import type { Flows } from './contracts/flows';
import type { AutonomousAgent } from './contracts/autonomous-agent';
import type { FlowEvents } from './contracts/flow-events';

/**
 * A typed symbol. A single token (`M` false) holds one value in all; a multi
 * token (`M` true) collects one item per registration, in plugin order.
 */
export interface Token<T, M extends boolean = boolean> {
  readonly symbol: symbol;
  readonly name: string;
  readonly multi: M;
  /** Phantom field: carries T for type inference only. */
  readonly __type?: T;
}

/** Creates a token; `name` is what error messages show ("storage", "http.routes"). */
export function createToken<T>(name: string): Token<T, false>;
export function createToken<T>(name: string, options: { multi: true }): Token<T, true>;
export function createToken<T>(name: string, options: { multi?: boolean } = {}): Token<T> {
  return { symbol: Symbol.for(`browserflow.${name}`), name, multi: options.multi ?? false };
}

/** Registers a lazily-built singleton (single token) or one more item (multi token). */
export function provide<T>(container: DependencyContainer, token: Token<T, boolean>, factory: (c: DependencyContainer) => T): void {
  container.register(token.symbol, { useFactory: instanceCachingFactory(factory) });
}

/** Resolves a single token; throws if nothing provides it. */
export function resolve<T>(container: DependencyContainer, token: Token<T>): T {
  return container.resolve<T>(token.symbol);
}

/** Resolves every item of a multi token (an empty list when none is registered). */
export function resolveAll<T>(container: DependencyContainer, token: Token<T>): T[] {
  if (!container.isRegistered(token.symbol, true)) return [];
  return container.resolveAll<T>(token.symbol);
}

/** Whether some plugin (or the kernel) registered the token. */
export function isProvided(container: DependencyContainer, token: Token<unknown>): boolean {
  return container.isRegistered(token.symbol, true);
}

// ---- the tokens -----------------------------------------------------------
/** Kernel-wide settings (host, port, data dir...). Provided by the kernel. */
export const SETTINGS = createToken<KernelSettings>('settings');
/** Structured logger that never prints secrets. Provided by the kernel. */
export const LOGGER = createToken<Logger>('logger');
/** The one storage backend. */
export const STORAGE = createToken<Storage>('storage');
/** Browser drivers, one per `browser.using.type`. */
export const BROWSER_DRIVERS = createToken<BrowserDriver>('browser.drivers', { multi: true });
/** Built-in tools, one array per contributing plugin. */
export const TOOLS = createToken<ToolDefinition[]>('tools', { multi: true });
/** The agent that chooses the next tool call of AUTONOMOUS flows (a plugin's; the embedded config loads one); absent: such flows fail AGENT_UNAVAILABLE. */
export const AUTONOMOUS_AGENT = createToken<AutonomousAgent>('agents.autonomous');
/** Start/stop hooks (HTTP server, storage...): started by ascending `order` (plugin order between equal ones), stopped in reverse. */
export const LIFECYCLE = createToken<Lifecycle>('lifecycle', { multi: true });
/** The flow lifecycle: creation, queries and commands to live flows (contracts/flows.ts). Provided by the kernel. */
export const FLOWS = createToken<Flows>('flows');
/** Live event bus of flows (SSE source). Provided by the kernel. */
export const FLOW_EVENTS = createToken<FlowEvents>('flows.events');
