/**
 * The `flow-runner` agent: observes the page, asks the flow's GPT
 * configuration for the next tool call, and hands it to the FlowExecution.
 * Malformed arguments and answers without a tool call are reported back to
 * the model and asked again, a bounded number of times.
 */
import type { LlmMessage, LlmProvider, LlmToolCall } from '../contracts/llm-provider';
import type { Storage } from '../contracts/storage';
import type { KernelSettings } from '../config';
import type { Logger } from '../logger';
import type { AgentStep, AgentStepInput, AutonomousAgent } from '../flows/autonomous-agent';
import { FlowFailure } from '../flows/flow-failure';
import { toolJsonSchema } from '../flows/tool-registry';
import { callWithRetry } from './llm-call';
import { stepPrompt, systemPrompt } from './prompt';

export interface FlowRunnerAgentDeps {
  storage: Storage;
  settings: KernelSettings;
  logger: Logger;
  providers: LlmProvider[];
}

/** `12`, `[12]`, `ref=12`, `ref 12` -> `ref=12`; anything else unchanged. */
export function normaliseRef(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) return `ref=${value}`;
  if (typeof value !== 'string') return value;
  const m = /^\s*(?:\[\s*(\d+)\s*\]|ref\s*[=:]?\s*(\d+)|(\d+))\s*$/i.exec(value);
  return m ? `ref=${m[1] ?? m[2] ?? m[3]}` : value;
}

export function createFlowRunnerAgent(deps: FlowRunnerAgentDeps): AutonomousAgent {
  return {
    async nextStep(input: AgentStepInput): Promise<AgentStep> {
      const { flow, session, tools, history, signal } = input;
      const llm = deps.settings.llm;
      const name = flow.gptConfigName;
      const config = name ? await deps.storage.gptConfigs.get(name) : undefined;
      if (!name || !config) throw new FlowFailure('GPT_CONFIG_NOT_FOUND', `GPT configuration "${name ?? '(none)'}" does not exist`);
      const provider = deps.providers.find((p) => p.type === config.type);
      if (!provider) throw new FlowFailure('LLM_PROVIDER_UNAVAILABLE', `No LLM provider plugin for type ${config.type} is loaded`);

      const vision = llm.sendScreenshots && provider.supportsVision(config);
      const observation = await session.observe({ maxTokens: llm.observationTokenBudget, screenshot: vision });
      const toolDefs = [...tools.values()].map((t) => ({ name: t.name, description: t.description, inputSchema: toolJsonSchema(t) }));
      const messages: LlmMessage[] = [
        { role: 'system', content: systemPrompt(flow) },
        {
          role: 'user', content: stepPrompt(flow, history, observation, llm.historyTokenBudget),
          ...(vision && observation.screenshot ? { images: [{ mimeType: 'image/png' as const, base64: observation.screenshot.toString('base64') }] } : {}),
        },
      ];
      const redact = (s: string) => deps.logger.redact(s);
      for (let attempt = 0; ; attempt++) {
        const response = await callWithRetry(provider, config, {
          messages, tools: toolDefs, toolChoice: 'required', timeoutMs: llm.requestTimeoutMs, signal,
        }, { maxRetries: llm.maxRetries, baseDelayMs: llm.retryBaseDelayMs }, redact);
        await input.onUsage(response.usage.inputTokens, response.usage.outputTokens);
        const call: LlmToolCall | undefined = response.toolCalls[0];
        if (call && call.arguments) {
          const tool = tools.get(call.name);
          const parameters = { ...call.arguments };
          for (const p of tool?.elementParams ?? []) if (p in parameters) parameters[p] = normaliseRef(parameters[p]);
          return { toolCall: { name: call.name, parameters }, rationale: response.text?.trim() || null };
        }
        if (attempt >= llm.maxNoToolCallRetries) {
          throw new FlowFailure('LLM_NO_TOOL_CALL', call
            ? `The model sent malformed arguments for ${call.name} ${attempt + 1} times: ${call.parseError ?? 'unparseable'}`
            : `The model answered without a tool call ${attempt + 1} times`);
        }
        messages.push({ role: 'assistant', content: response.text, toolCalls: call ? [call] : undefined });
        if (call) {
          messages.push({ role: 'tool', toolCallId: call.id, name: call.name, isError: true, content: `Your arguments could not be parsed (${call.parseError ?? 'invalid JSON'}). Call the tool again with valid JSON arguments.` });
        } else {
          messages.push({ role: 'user', content: 'You must answer with exactly one tool call. If the objective is achieved, call markObjectiveComplete.' });
        }
      }
    },
  };
}
