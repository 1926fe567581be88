/** What every FlowExecution needs, resolved once by the FlowRunner at startup. */
import type { BrowserDriver } from '../contracts/browser-driver';
import type { Storage } from '../contracts/storage';
import type { KernelSettings } from '../config';
import type { Logger } from '../logger';
import type { AutonomousAgent } from './autonomous-agent';
import type { FlowEvents } from './flow-events';
import type { ToolRegistry } from './tool-registry';

export interface FlowRunnerDeps {
  storage: Storage;
  settings: KernelSettings;
  logger: Logger;
  drivers: BrowserDriver[];
  tools: ToolRegistry;
  events: FlowEvents;
  /** Null when no LLM provider is loaded. */
  agent: AutonomousAgent | null;
}
