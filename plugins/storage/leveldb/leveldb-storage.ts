/**
 * The Storage contract on one LevelDB database (`<dataDir>/db`) plus artifact
 * files (`<dataDir>/flows`). The stores exist only while the database is open.
 */
import { join } from 'node:path';
import { Level } from 'level';
import type { Storage, FlowStore, ToolCallStore, KeyValueStore, GptConfigRecord, ArtifactStore, EnvKind, StoredProfile } from '../../../kernel/contracts/storage';
import type { Logger } from '../../../kernel/logger';
import { StartupError } from '../../../kernel/errors';
import { ensurePrivateDir, ensureSubdir } from './data-dir';
import { KeyMutex } from './key-mutex';
import { openSublevels, type RootDb } from './sublevels';
import { LevelFlowStore, flowLock } from './flow-store';
import { LevelToolCallStore, toolCallKeys } from './tool-call-store';
import { LevelKeyValueStore } from './kv-store';
import { FileArtifactStore } from './artifact-store';
import { describeOpenError } from './open-error';
import { MediaRetention, type MediaRetentionLimits } from './media-retention';
import { ensureEnvIndex } from './env-index';
import type { RunStore } from '../../../lib/qa/run-store';
import { openRunStore } from './run-store';

/** Options of the LevelDB storage. */
export interface LevelStorageOptions {
  /** Absolute data directory; created with mode 0700, or an existing private one (data-dir.ts). */
  dataDir: string;
  /** LevelDB block cache in bytes (LevelDB's default when absent). */
  cacheSize?: number;
  /** LevelDB write buffer (memtable) size in bytes. */
  writeBufferSize?: number;
  /** Screenshots and videos of finished flows kept at most (media-retention.ts); absent: no limit. */
  mediaRetention?: MediaRetentionLimits;
  logger?: Logger;
}

interface OpenStores {
  db: RootDb;
  flows: FlowStore;
  toolCalls: ToolCallStore;
  gptConfigs: KeyValueStore<GptConfigRecord>;
  env: KeyValueStore<string>;
  envOrigins: KeyValueStore<string[]>;
  envKinds: KeyValueStore<EnvKind>;
  agents: KeyValueStore<string>;
  profiles: KeyValueStore<StoredProfile>;
  artifacts: ArtifactStore;
  mediaRetention: MediaRetention;
  qa: RunStore;
}

/** Storage backed by LevelDB through `level`. */
export class LevelStorage implements Storage {
  private stores: OpenStores | undefined;

  constructor(private readonly options: LevelStorageOptions) {}

  /** Where the LevelDB files live. */
  get dbPath(): string {
    return join(this.options.dataDir, 'db');
  }

  async open(): Promise<void> {
    if (this.stores) return;
    const { dataDir } = this.options;
    await ensurePrivateDir(dataDir);
    await ensureSubdir(join(dataDir, 'flows'));
    const db: RootDb = new Level<string, unknown>(this.dbPath, {
      valueEncoding: 'json',
      ...(this.options.cacheSize !== undefined && { cacheSize: this.options.cacheSize }),
      ...(this.options.writeBufferSize !== undefined && { writeBufferSize: this.options.writeBufferSize }),
    } as ConstructorParameters<typeof Level<string, unknown>>[1]);
    try {
      await db.open();
    } catch (err) {
      throw new StartupError(describeOpenError(err, this.dbPath));
    }
    const subs = openSublevels(db);
    const locks = new KeyMutex();
    const flowsRoot = join(dataDir, 'flows');
    const artifacts = new FileArtifactStore(flowsRoot);
    const mediaRetention = new MediaRetention(
      db, subs, locks, toolCallKeys, flowsRoot, this.options.mediaRetention ?? { maxFlows: null, maxBytes: null },
      (flowId) => artifacts.deleteFlow(flowId), flowLock, this.options.logger,
    );
    try {
      await ensureEnvIndex(db, subs, this.options.logger);
      await mediaRetention.open();
    } catch (err) {
      await db.close();
      throw err;
    }
    this.stores = {
      db,
      mediaRetention,
      flows: new LevelFlowStore(db, subs, locks, toolCallKeys, mediaRetention),
      toolCalls: new LevelToolCallStore(db, subs, locks),
      gptConfigs: new LevelKeyValueStore(subs.gptConfigs, locks, 'gptConfigs'),
      env: new LevelKeyValueStore(subs.env, locks, 'env'),
      envOrigins: new LevelKeyValueStore(subs.envOrigins, locks, 'envOrigins'),
      envKinds: new LevelKeyValueStore(subs.envKinds, locks, 'envKinds'),
      agents: new LevelKeyValueStore(subs.agents, locks, 'agents'),
      profiles: new LevelKeyValueStore(subs.profiles, locks, 'profiles'),
      artifacts,
      qa: openRunStore(db, subs, locks),
    };
    this.options.logger?.debug('storage opened', { dbPath: this.dbPath });
  }

  async close(): Promise<void> {
    const stores = this.stores;
    if (!stores) return;
    this.stores = undefined;
    await stores.mediaRetention.settled();
    await stores.db.close();
    this.options.logger?.debug('storage closed', { dbPath: this.dbPath });
  }

  get flows(): FlowStore { return this.open_().flows; }
  get toolCalls(): ToolCallStore { return this.open_().toolCalls; }
  get gptConfigs(): KeyValueStore<GptConfigRecord> { return this.open_().gptConfigs; }
  get env(): KeyValueStore<string> { return this.open_().env; }
  get envOrigins(): KeyValueStore<string[]> { return this.open_().envOrigins; }
  get envKinds(): KeyValueStore<EnvKind> { return this.open_().envKinds; }
  get agents(): KeyValueStore<string> { return this.open_().agents; }
  get profiles(): KeyValueStore<StoredProfile> { return this.open_().profiles; }
  get artifacts(): ArtifactStore { return this.open_().artifacts; }
  /** The QA loop's records (RUN_STORE): suites, runs, heal proposals, webhooks, deliveries. */
  get qa(): RunStore { return this.open_().qa; }
  /** The media index and its pruning (totals, `settled()` for tests). */
  get mediaRetention(): MediaRetention { return this.open_().mediaRetention; }

  private open_(): OpenStores {
    if (!this.stores) throw new Error('storage-leveldb: the database is not open (start the storage lifecycle first)');
    return this.stores;
  }
}
