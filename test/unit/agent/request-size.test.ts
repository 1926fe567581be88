/**
 * The fixed part of an agent request (system prompt, tool definitions, the
 * objective and an empty page: what every step costs before the page has
 * anything on it) stays under 1,000 o200k tokens in the JSON body each
 * provider SDK actually sends, and the slim tool schemas are accepted by
 * each provider's mapping (the fakes parse the tools like the real APIs).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEncoding } from 'js-tiktoken';
import type { BrowserSession } from '../../../kernel/contracts/browser-driver';
import type { LlmProvider } from '../../../lib/llm/provider-contract';
import type { Storage } from '../../../kernel/contracts/storage';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { createFlowRunnerAgent } from '../../../plugins/agents/flow-runner/flow-runner-agent';
import { AnthropicProvider } from '../../../plugins/llm/anthropic/provider';
import { GeminiProvider } from '../../../plugins/llm/google/gemini-provider';
import { OpenAiProvider } from '../../../plugins/llm/openai/provider';
import { assertionTools } from '../../../plugins/tools/browser/assertion-tools';
import { controlTools } from '../../../plugins/tools/browser/control-tools';
import { elementTools } from '../../../plugins/tools/browser/element-tools';
import { navigationTools } from '../../../plugins/tools/browser/navigation-tools';
import { createFakeLlmServer, type ProtocolName } from '../../fixtures/fake-llm/fake-llm-server';
import { flowOf, settingsOf } from './agent-fixtures';
import { createLogger } from '../../../lib/logging/logger';

const FIXED_PART_LIMIT = 1_000;
const o200k = getEncoding('o200k_base');
const logger = createLogger('silent');
const tools = new Map<string, ToolDefinition>([...navigationTools, ...elementTools, ...assertionTools, ...controlTools].map((t) => [t.name, t]));
/** An empty page, as the driver observes about:blank. */
const blank = {
  observe: async () => ({ url: 'about:blank', title: '', text: 'url: about:blank\nscroll y=0 of 720px, viewport 1280x720', refCount: 0, truncated: false }),
  tabs: async () => [{ index: 0, url: 'about:blank', title: '', active: true }],
} as unknown as BrowserSession;

const PROVIDERS: Array<[ProtocolName, () => LlmProvider]> = [
  ['openai', () => new OpenAiProvider({ logger })],
  ['anthropic', () => new AnthropicProvider({ logger })],
  ['gemini', () => new GeminiProvider({ logger })],
];

for (const [protocol, provider] of PROVIDERS) {
  test(`${protocol}: the whole request on an empty page is under ${FIXED_PART_LIMIT} o200k tokens`, async () => {
    const fake = await createFakeLlmServer(protocol, [{ text: 'Done.', toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'ok' } } }]);
    try {
      const storage = { gptConfigs: { get: async () => fake.gptConfig() } } as unknown as Storage;
      const agent = createFlowRunnerAgent({ storage, settings: settingsOf(), logger, providers: [provider()] });
      const step = await agent.nextStep({
        flow: flowOf(), session: blank, tools, history: [], signal: new AbortController().signal, redact: (t) => t, onUsage: async () => {},
      });
      assert.equal(step.toolCall.name, 'markObjectiveComplete');
      const [request] = fake.requests.filter((r) => r.toolNames.length > 0);
      assert.ok(request, 'the model was asked');
      assert.ok(request.toolNames.includes('click') && request.toolNames.includes('markObjectiveComplete'), request.toolNames.join(', '));
      const size = o200k.encode(request.rawBody).length;
      assert.ok(size < FIXED_PART_LIMIT, `${size} tokens:\n${request.rawBody}`);
    } finally {
      await fake.close();
    }
  });
}
