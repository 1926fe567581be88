/**
 * Tool calls of each flow, in execution order. Per flow, in sublevel
 * `toolCalls`:
 *
 *   <flowId>!s!<seq, 10 digits>  -> the call    (list = one range read, in order)
 *   <flowId>!i!<callId>          -> its seq     (get / replace in place by id)
 */
import type { ToolCallStore } from '../../../kernel/contracts/storage';
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';
import type { KeyMutex } from './key-mutex';
import type { RootDb, Sublevels } from './sublevels';
import { encodeKeyPart } from './flow-keys';
import { keyRange } from './key-range';

const SEQ_DIGITS = 10;

/** Key helpers shared with the flow store, whose delete removes a flow's calls. */
export interface ToolCallKeys {
  /** Prefix of every tool-call key of the flow. */
  prefixOf(flowId: string): string;
  /** Mutex key serialising writes of the flow's tool calls. */
  lockOf(flowId: string): string;
}

/** The key layout above. */
export const toolCallKeys: ToolCallKeys = {
  prefixOf: (flowId) => `${encodeKeyPart(flowId)}!`,
  lockOf: (flowId) => `toolCalls:${flowId}`,
};

const seqKey = (flowId: string, seq: number) => `${toolCallKeys.prefixOf(flowId)}s!${String(seq).padStart(SEQ_DIGITS, '0')}`;
const idKey = (flowId: string, callId: string) => `${toolCallKeys.prefixOf(flowId)}i!${encodeKeyPart(callId)}`;

/** ToolCallStore on LevelDB. */
export class LevelToolCallStore implements ToolCallStore {
  constructor(
    private readonly db: RootDb,
    private readonly subs: Sublevels,
    private readonly locks: KeyMutex,
  ) {}

  put(flowId: string, call: ToolCallRecord): Promise<void> {
    // Serialised per flow: the next sequence number is read, then written.
    return this.locks.run(toolCallKeys.lockOf(flowId), async () => {
      const existing = await this.subs.toolCalls.get(idKey(flowId, call.id));
      const seq = typeof existing === 'number' ? existing : await this.nextSeq(flowId);
      await this.db.batch([
        { type: 'put', sublevel: this.subs.toolCalls, key: seqKey(flowId, seq), value: call },
        { type: 'put', sublevel: this.subs.toolCalls, key: idKey(flowId, call.id), value: seq },
      ]);
    });
  }

  async get(flowId: string, toolCallId: string): Promise<ToolCallRecord | undefined> {
    const seq = await this.subs.toolCalls.get(idKey(flowId, toolCallId));
    if (typeof seq !== 'number') return undefined;
    return (await this.subs.toolCalls.get(seqKey(flowId, seq))) as ToolCallRecord | undefined;
  }

  async list(flowId: string): Promise<ToolCallRecord[]> {
    return (await this.subs.toolCalls.values(keyRange(`${toolCallKeys.prefixOf(flowId)}s!`)).all()) as ToolCallRecord[];
  }

  /** One past the highest sequence stored for the flow (0 for the first call). */
  private async nextSeq(flowId: string): Promise<number> {
    const prefix = `${toolCallKeys.prefixOf(flowId)}s!`;
    const [last] = await this.subs.toolCalls.keys({ ...keyRange(prefix), reverse: true, limit: 1 }).all();
    return last === undefined ? 0 : Number(last.slice(prefix.length)) + 1;
  }
}
