/** Shared fixtures of the agent unit tests: a flow record, settings, records of past calls. */
import * as v from 'valibot';
import { SettingsSchema, type KernelSettings } from '../../../kernel/config';
import type { FlowMetadata, ToolCallRecord } from '../../../kernel/flows/flow-types';

/** A flow record with the fields the agent reads. */
export function flowOf(extra: Partial<FlowMetadata> = {}): FlowMetadata {
  return {
    id: '6f1c2a52-8f1e-4a53-9a2b-0c7d9e1f2a3b', name: 'f', targetWebsite: 'http://127.0.0.1/', overallObjective: 'Log in',
    initialRunMode: 'AUTONOMOUS', runMode: 'AUTONOMOUS', state: 'QUERYING_LLM_FOR_NEXT_ACTION', nextState: null,
    browser: { using: { type: 'device' } }, envVars: ['USERNAME', 'PASSWORD'], customTools: [], toolCallsOnStart: [],
    maxToolCalls: 50, gptConfigName: 'main', hasGptConfigNameOverride: false,
    progress: { toolCallsCompleted: 0, toolCallsFailed: 0, maxToolCalls: 50 },
    tokenUsage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    createdAt: 1, startedAt: 1, completedAt: null, result: null, imageIds: [], hasVideo: false,
    ...extra,
  };
}

/** Kernel settings with defaults, `llm` overridden. */
export function settingsOf(llm: Record<string, unknown> = {}): KernelSettings {
  const parsed = v.parse(SettingsSchema, { llm });
  return { ...parsed, configFile: '/tmp/config.json', dataDir: '/tmp/data', version: 'test' };
}

/** A finished call record. */
export function callOf(i: number, name: string, parameters: Record<string, unknown>, success = true, message = 'ok'): ToolCallRecord {
  return {
    id: `call-${i}`, name, parameters, source: 'LLM', rationale: null,
    outcome: { success, message, data: null, selectors: null }, screenshotImageId: null, pageUrl: null, startedAt: i, completedAt: i + 1,
  };
}
