/**
 * The `flow-runner` agent: observes the page, asks the flow's GPT
 * configuration for the next tool call, and hands it to the flow's FlowActor.
 * Malformed arguments and answers without a tool call are reported back to
 * the model and asked again, a bounded number of times; a model that keeps
 * failing is told plainly, then stopped (loop-guard.ts). Each request offers
 * the tools the step may need (tool-offer.ts).
 */
import type { LlmMessage, LlmProvider, LlmToolCall, LlmToolDefinition } from '../../../lib/llm/provider-contract';
import type { Storage } from '../../../kernel/contracts/storage';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import type { KernelSettings } from '../../../kernel/config';
import type { Logger } from '../../../kernel/logger';
import type { AgentStep, AgentStepInput, AutonomousAgent } from '../../../kernel/contracts/autonomous-agent';
import { FlowFailure } from '../../../lib/failure-codes/failure-codes';
import { modelToolSchema } from './model-tool-schema';
import { callWithRetry } from './llm-call';
import { NO_TOOL_CALL_REMINDER, malformedArgumentsReply, stepPrompt, systemPrompt } from './prompt';
import { checkNotStuck, repeatedFailureHint } from './loop-guard';
import { offeredTools } from './tool-offer';
import { callCostUsd } from './step-cost';

/** The agent's name in the API (/api/agents/flow-runner): its GPT configuration assignment and its AGENTS entry. */
export const FLOW_RUNNER = 'flow-runner';

/** What the agent needs from the kernel. */
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

/** The tools as offered to the model (JSON Schemas are cached per tool). */
export function toolDefinitions(tools: ReadonlyMap<string, ToolDefinition> | readonly ToolDefinition[]): LlmToolDefinition[] {
  return [...tools.values()].map((t) => ({ name: t.name, description: t.description, inputSchema: modelToolSchema(t) }));
}

/** Open tabs, only asked when it matters (switchTab offered only with a second tab); 1 when the session cannot say. */
async function tabCount(input: AgentStepInput): Promise<number> {
  if (!input.tools.has('switchTab') || input.history.some((r) => r.name === 'switchTab')) return 1;
  try {
    return (await input.session.tabs()).length || 1;
  } catch {
    return 1; // a session that cannot list its tabs has no second one to offer
  }
}

/** The step for a well-formed call: element parameters' refs normalised, rationale trimmed. */
function stepOf(call: LlmToolCall & { arguments: Record<string, unknown> }, text: string | null, tools: Map<string, ToolDefinition>): AgentStep {
  const parameters = { ...call.arguments };
  for (const p of tools.get(call.name)?.elementParams ?? []) if (p in parameters) parameters[p] = normaliseRef(parameters[p]);
  // Per-field targets (`extract`: fields: {name: {selector}}) take refs the same way.
  const fields = parameters.fields;
  if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
    parameters.fields = Object.fromEntries(Object.entries(fields as Record<string, unknown>).map(([name, field]) => [name,
      field && typeof field === 'object' && 'selector' in field ? { ...field, selector: normaliseRef((field as { selector: unknown }).selector) } : field]));
  }
  return { toolCall: { name: call.name, parameters }, rationale: text?.trim() || null };
}

/** Creates the agent the FlowActor asks at each AUTONOMOUS step. */
export function createFlowRunnerAgent(deps: FlowRunnerAgentDeps): AutonomousAgent {
  return {
    name: FLOW_RUNNER,
    async nextStep(input: AgentStepInput): Promise<AgentStep> {
      const { flow, session, tools, history, signal, redact } = input;
      const llm = deps.settings.llm;
      const name = flow.gptConfigName;
      const config = name ? await deps.storage.gptConfigs.get(name) : undefined;
      if (!name || !config) throw new FlowFailure('GPT_CONFIG_NOT_FOUND', `GPT configuration "${name ?? '(none)'}" does not exist`);
      const provider = deps.providers.find((p) => p.type === config.type);
      if (!provider) throw new FlowFailure('LLM_PROVIDER_UNAVAILABLE', `No LLM provider plugin for type ${config.type} is loaded`);
      // Before the observation and the request: a stuck model costs nothing more.
      checkNotStuck(history, llm.maxConsecutiveFailures);

      const started = Date.now();
      const vision = llm.sendScreenshots && provider.supportsVision(config);
      // `redact` runs on page text before the observation cuts it: a secret cannot survive as a prefix.
      // A flow with a structured result reads values from text: its text blocks get refs too (extract's fields).
      const observation = await session.observe({ maxTokens: llm.observationTokenBudget, screenshot: vision, linkTargets: llm.observationLinkTargets, redact, textRefs: Boolean(flow.resultSchema) });
      const observed = Date.now();
      const messages: LlmMessage[] = [
        { role: 'system', content: systemPrompt(flow) },
        {
          role: 'user',
          // Page text can echo what a flow typed: env values go back to placeholders before the model sees them.
          content: redact(stepPrompt(flow, history, observation, llm.historyTokenBudget, repeatedFailureHint(history, tools))),
          ...(vision && observation.screenshot ? { images: [{ mimeType: 'image/png' as const, base64: observation.screenshot.toString('base64') }] } : {}),
        },
      ];
      const toolDefs = toolDefinitions(offeredTools(tools, {
        objective: flow.overallObjective ?? '', page: observation.text, history, tabs: await tabCount(input), structured: Boolean(flow.resultSchema),
      }));
      for (let attempt = 0; ; attempt++) {
        const response = await callWithRetry(provider, config, {
          messages, tools: toolDefs, toolChoice: 'required', timeoutMs: llm.requestTimeoutMs, signal,
        }, { maxRetries: llm.maxRetries, baseDelayMs: llm.retryBaseDelayMs }, redact);
        // Priced with the configuration read for this step: a later edit of it never changes this cost.
        const { inputTokens, outputTokens } = response.usage;
        await input.onUsage(inputTokens, outputTokens, callCostUsd(config, inputTokens, outputTokens));
        const call: LlmToolCall | undefined = response.toolCalls[0];
        if (call?.arguments) {
          deps.logger.debug('agent step', {
            flowId: flow.id, tool: call.name, observeMs: observed - started, modelMs: Date.now() - observed,
            refs: observation.refCount, truncated: observation.truncated, asks: attempt + 1,
          });
          return stepOf(call as LlmToolCall & { arguments: Record<string, unknown> }, response.text, tools);
        }
        if (attempt >= llm.maxNoToolCallRetries) {
          throw new FlowFailure('LLM_NO_TOOL_CALL', call
            ? `The model sent malformed arguments for ${call.name} ${attempt + 1} times: ${redact(call.parseError ?? 'unparseable')}`
            : `The model answered without a tool call ${attempt + 1} times`);
        }
        // The model's own answer goes back into the conversation (providerData included), then why it was refused.
        messages.push({ role: 'assistant', content: response.text, toolCalls: call ? [call] : undefined });
        if (call) messages.push({ role: 'tool', toolCallId: call.id, name: call.name, isError: true, content: malformedArgumentsReply(call.parseError) });
        else messages.push({ role: 'user', content: NO_TOOL_CALL_REMINDER });
      }
    },
  };
}
