/**
 * How many tool calls per second one node's storage can record: LevelDB
 * through the storage plugin, `lanes` flows at once, each tool call written
 * as the FlowRecorder writes it (the call started, the call finished, the
 * flow's progress: three batches; the screenshot PNG is a file, not counted).
 * The ceiling past which more browsers on a farm no longer mean more steps.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelStorage } from '../../plugins/storage/leveldb/leveldb-storage';
import { makeFlow } from '../../test/contract/storage.contract';
import type { ToolCallRecord } from '../../kernel/flows/flow-types';

/** Tool calls recorded per second with `lanes` flows writing at once for `durationMs`. */
export async function stepWritesPerSecond(lanes: number, durationMs: number): Promise<number> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bf-bench-writes-'));
  const storage = new LevelStorage({ dataDir });
  await storage.open();
  try {
    const flows = Array.from({ length: lanes }, () => makeFlow({ state: 'RUNNING_ACTION' }));
    await Promise.all(flows.map((flow) => storage.flows.create(flow)));
    let calls = 0;
    const until = performance.now() + durationMs;
    const t0 = performance.now();
    await Promise.all(flows.map(async (flow) => {
      while (performance.now() < until) {
        const call: ToolCallRecord = {
          id: randomUUID(), name: 'click', parameters: { selector: '#login-button' }, source: 'ON_START', rationale: null,
          outcome: null, screenshotImageId: null, pageUrl: 'http://127.0.0.1:8080/login.html', startedAt: Date.now(), completedAt: null,
        };
        await storage.toolCalls.put(flow.id, call);
        await storage.toolCalls.put(flow.id, { ...call, completedAt: Date.now(), outcome: { success: true, message: 'Clicked', data: null, selectors: ['#login-button', 'text=Sign in'] }, screenshotImageId: randomUUID() });
        await storage.flows.update(flow.id, (f) => ({ ...f, progress: { ...f.progress, toolCallsCompleted: f.progress.toolCallsCompleted + 1 } }));
        calls++;
      }
    }));
    return (calls * 1000) / (performance.now() - t0);
  } finally {
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
