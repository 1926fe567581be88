/**
 * storage-leveldb: the Storage contract on LevelDB (`<dataDir>/db`) with
 * screenshots and videos as files under `<dataDir>/flows/<flowId>/`.
 */
import * as v from 'valibot';
import { definePlugin } from '../../../kernel/plugin';
import { LIFECYCLE, LOGGER, STORAGE } from '../../../kernel/tokens';
import { LevelStorage } from './leveldb-storage';
import { RUN_STORE, type RunStore } from '../../../lib/qa/run-store';

const ByteSize = v.pipe(v.number(), v.integer(), v.minValue(0));

export default definePlugin({
  id: 'storage-leveldb',
  apiVersion: 2,
  description: 'Flows, tool calls, GPT configs, env vars and agents in LevelDB; artifacts as files; the QA loop\'s records (RUN_STORE: suites, runs, heals, webhooks).',
  configSchema: v.optional(v.strictObject({
    /** LevelDB block cache in bytes. */
    cacheSize: v.optional(ByteSize),
    /** LevelDB write buffer (memtable) in bytes. */
    writeBufferSize: v.optional(ByteSize),
  }), {}),
  provides: [STORAGE, LIFECYCLE, RUN_STORE],
  deps: { logger: LOGGER },
  register({ config, settings, deps, provide }) {
    let storage: LevelStorage | undefined;
    const get = () => (storage ??= new LevelStorage({
      dataDir: settings.dataDir,
      cacheSize: config.cacheSize,
      writeBufferSize: config.writeBufferSize,
      mediaRetention: settings.flows.mediaRetention,
      logger: deps.logger,
    }));
    provide(STORAGE, get);
    // A lazy view: the stores exist once the lifecycle opened the database.
    provide(RUN_STORE, () => lazyRunStore(get));
    provide(LIFECYCLE, () => ({ name: 'storage-leveldb', order: 0, start: () => get().open(), stop: () => get().close() }));
  },
});

/** The RUN_STORE of the storage, read through on every use (the database opens after registration). */
function lazyRunStore(get: () => LevelStorage): RunStore {
  return {
    get suites() { return get().qa.suites; },
    get runs() { return get().qa.runs; },
    get heals() { return get().qa.heals; },
    get webhooks() { return get().qa.webhooks; },
    get deliveries() { return get().qa.deliveries; },
    get scheduleMarks() { return get().qa.scheduleMarks; },
  };
}
