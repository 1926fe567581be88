/**
 * Plugin `agent-flow-runner`: the LLM agent the API calls `flow-runner`.
 * At each AUTONOMOUS step it observes the page, asks the flow's GPT
 * configuration (through the loaded LLM providers) for the next tool call,
 * and hands it to the flow (docs/agent.md). Without this plugin AUTONOMOUS
 * flows fail with AGENT_UNAVAILABLE.
 */
import { definePlugin } from '../../../kernel/plugin';
import { AUTONOMOUS_AGENT, LOGGER, STORAGE } from '../../../kernel/tokens';
import { createFlowRunnerAgent, FLOW_RUNNER } from './flow-runner-agent';
import { LLM_PROVIDERS } from '../../../lib/llm/provider-contract';
import { AGENTS } from '../../../lib/llm/agent-contract';

export default definePlugin({
  id: 'agent-flow-runner',
  apiVersion: 2,
  description: 'The flow-runner agent: chooses the next tool call of AUTONOMOUS flows with an LLM',
  provides: [AUTONOMOUS_AGENT, AGENTS],
  deps: { storage: STORAGE, logger: LOGGER },
  // None loaded: each step fails LLM_PROVIDER_UNAVAILABLE naming the GPT configuration's type.
  optionalDeps: { providers: LLM_PROVIDERS },
  register({ settings, deps, provide }) {
    provide(AUTONOMOUS_AGENT, () => createFlowRunnerAgent({ storage: deps.storage, settings, logger: deps.logger, providers: deps.providers }));
    provide(AGENTS, () => ({ name: FLOW_RUNNER, description: 'Chooses the next tool call of AUTONOMOUS flows.' }));
  },
});
