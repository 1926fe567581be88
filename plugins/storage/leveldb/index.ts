/**
 * storage-leveldb: the Storage contract on LevelDB (`<dataDir>/db`) with
 * screenshots and videos as files under `<dataDir>/flows/<flowId>/`.
 */
import * as v from 'valibot';
import { definePlugin } from '../../../kernel/plugin';
import { LIFECYCLE, LOGGER, STORAGE } from '../../../kernel/tokens';
import { LevelStorage } from './leveldb-storage';

const ByteSize = v.pipe(v.number(), v.integer(), v.minValue(0));

export default definePlugin({
  id: 'storage-leveldb',
  apiVersion: 2,
  description: 'Flows, tool calls, GPT configs, env vars and agents in LevelDB; artifacts as files.',
  configSchema: v.optional(v.strictObject({
    /** LevelDB block cache in bytes. */
    cacheSize: v.optional(ByteSize),
    /** LevelDB write buffer (memtable) in bytes. */
    writeBufferSize: v.optional(ByteSize),
  }), {}),
  provides: [STORAGE, LIFECYCLE],
  deps: { logger: LOGGER },
  register({ config, settings, deps, provide }) {
    let storage: LevelStorage | undefined;
    const get = () => (storage ??= new LevelStorage({
      dataDir: settings.dataDir,
      cacheSize: config.cacheSize,
      writeBufferSize: config.writeBufferSize,
      mediaRetention: settings.flows?.mediaRetention,
      logger: deps.logger,
    }));
    provide(STORAGE, get);
    provide(LIFECYCLE, () => ({ name: 'storage-leveldb', order: 0, start: () => get().open(), stop: () => get().close() }));
  },
});
