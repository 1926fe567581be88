/** An agent that makes decisions in flows and can be assigned a GPT configuration. */
export interface AgentDefinition {
  /** e.g. `flow-runner`. Matches `^[a-z][a-z0-9-]{0,63}$`. */
  readonly name: string;
  readonly description: string;
}
