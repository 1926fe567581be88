/**
 * Builds the env-var index (`e!<enc(name)>!<position>`, flow-keys.ts) once
 * for the flows stored before it existed; records written since carry their
 * entries like every index. A marker in `meta` says it is built.
 */
import type { Logger } from '../../../kernel/logger';
import { flowPosition, encodeKeyPart } from './flow-keys';
import type { BatchOp, RootDb, Sublevels } from './sublevels';

const BUILT_KEY = 'flowIdx.envVars.v1';

/** Writes the missing env-var index entries of every stored flow (no-op once built). */
export async function ensureEnvIndex(db: RootDb, subs: Sublevels, logger?: Logger): Promise<void> {
  if ((await subs.meta.get(BUILT_KEY)) !== undefined) return;
  const ops: BatchOp[] = [];
  let flows = 0;
  for await (const flow of subs.flows.values()) {
    if (!flow.envVars?.length) continue;
    flows++;
    for (const name of new Set(flow.envVars)) {
      ops.push({ type: 'put', sublevel: subs.flowIdx, key: `e!${encodeKeyPart(name)}!${flowPosition(flow)}`, value: flow.id });
    }
  }
  ops.push({ type: 'put', sublevel: subs.meta, key: BUILT_KEY, value: Date.now() });
  await db.batch(ops);
  if (flows) logger?.info('env-var index built for the existing flows', { flows });
}
