/**
 * Seeds many stored flows straight through the storage plugin (no browser,
 * no runner), for the UI list test and benchmark: finished flows of every
 * mode, one in 100 named "needle", newest last.
 */
import type { Storage } from '../../../kernel/contracts/storage';
import type { FlowMetadata } from '../../../kernel/flows/flow-types';
import { makeFlow } from '../../contract/storage.contract';

const T0 = 1_750_000_000_000;
const MODES = ['AUTONOMOUS', 'INSTRUCT', 'DETERMINISTIC'] as const;

function seedFlow(i: number): FlowMetadata {
  const mode = MODES[i % 3]!;
  const failed = i % 7 === 0;
  const steps = i % 13;
  return makeFlow({
    name: i % 100 === 7 ? 'needle' : `checkout ${i % 37}`,
    initialRunMode: mode, runMode: mode,
    state: failed ? 'FAILED' : 'SUCCESS',
    createdAt: T0 + i * 1000, startedAt: T0 + i * 1000 + 50, completedAt: T0 + i * 1000 + 50 + (i % 90) * 1000,
    progress: { toolCallsCompleted: steps - (failed ? 1 : 0), toolCallsFailed: failed ? 1 : 0, maxToolCalls: 50 },
    tokenUsage: { inputTokens: i * 10, outputTokens: i, totalTokens: i * 11 },
    result: failed ? { success: false, summary: null, error: { code: 'TOOL_CALL_FAILED', message: 'A call failed' } } : { success: true, summary: 'Done', error: null },
  });
}

/** Stores `count` flows, 500 at a time. */
export async function seedFlows(storage: Storage, count: number): Promise<void> {
  for (let i = 0; i < count; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - i) }, (_, j) => storage.flows.create(seedFlow(i + j))));
  }
}
