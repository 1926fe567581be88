/**
 * Agents that can be assigned a GPT configuration (`flow-runner`...):
 * declared by agent plugins, listed and assigned by the configuration routes.
 */
import { createToken } from '../../kernel/tokens';

/** An agent that makes decisions in flows and can be assigned a GPT configuration. */
export interface AgentDefinition {
  /** e.g. `flow-runner`. Matches `^[a-z][a-z0-9-]{0,63}$`. */
  readonly name: string;
  readonly description: string;
}

/** Agents that can be assigned a GPT configuration. */
export const AGENTS = createToken<AgentDefinition>('agents', { multi: true });
