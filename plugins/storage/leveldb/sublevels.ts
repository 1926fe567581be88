/**
 * The sublevels of the one database, typed. Values are JSON; keys are strings
 * built by flow-keys.ts and tool-call-store.ts.
 */
import type { Level } from 'level';
import type { AbstractBatchOperation, AbstractSublevel } from 'abstract-level';
import type { FlowMetadata, ToolCallRecord } from '../../../kernel/flows/flow-types';
import type { EnvKind, GptConfigRecord, StoredProfile } from '../../../kernel/contracts/storage';
import type { DeliveryRecord, HealRecord, RunRecord, SuiteRecord, WebhookRecord } from '../../../lib/qa/run-types';

/** The root database: string keys, JSON values. */
export type RootDb = Level<string, unknown>;
/** A string-keyed, JSON-valued sublevel of the root database. */
export type Sub<V> = AbstractSublevel<RootDb, string | Buffer | Uint8Array, string, V>;

/** One operation of an atomic batch on the root database (each names its sublevel). */
export type BatchOp = AbstractBatchOperation<RootDb, string, unknown>;

/** Every sublevel the storage uses. */
export interface Sublevels {
  flows: Sub<FlowMetadata>;
  /** Index entries of flows: key -> flow id (layout in flow-keys.ts). */
  flowIdx: Sub<string>;
  /** `<flowId>!s!<seq>` -> call, `<flowId>!i!<callId>` -> seq. */
  toolCalls: Sub<ToolCallRecord | number>;
  gptConfigs: Sub<GptConfigRecord>;
  env: Sub<string>;
  /** Env variable -> its `allowedOrigins` (absent: the flow's site). */
  envOrigins: Sub<string[]>;
  /** env var name -> kind (`totp`), only for variables that have one. */
  envKinds: Sub<EnvKind>;
  agents: Sub<string>;
  /** Browser profiles by name. */
  profiles: Sub<StoredProfile>;
  /** Finished flows with media, oldest completion first (media-retention.ts). */
  mediaIdx: Sub<{ id: string; bytes: number }>;
  /** Storage bookkeeping (which indexes are built). */
  meta: Sub<unknown>;
  // The QA loop (run-store.ts: layouts).
  suites: Sub<SuiteRecord>;
  runs: Sub<RunRecord>;
  runIdx: Sub<string>;
  heals: Sub<HealRecord>;
  healIdx: Sub<string>;
  webhooks: Sub<WebhookRecord>;
  deliveries: Sub<DeliveryRecord>;
  deliveryPending: Sub<string>;
  scheduleMarks: Sub<number>;
}

/** Creates the typed sublevels of `db` (cheap: no I/O until used). */
export function openSublevels(db: RootDb): Sublevels {
  const json = { valueEncoding: 'json' } as const;
  return {
    flows: db.sublevel<string, FlowMetadata>('flows', json),
    flowIdx: db.sublevel<string, string>('flowIdx', json),
    toolCalls: db.sublevel<string, ToolCallRecord | number>('toolCalls', json),
    gptConfigs: db.sublevel<string, GptConfigRecord>('gptConfigs', json),
    env: db.sublevel<string, string>('env', json),
    envOrigins: db.sublevel<string, string[]>('envOrigins', json),
    envKinds: db.sublevel<string, EnvKind>('envKinds', json),
    agents: db.sublevel<string, string>('agents', json),
    profiles: db.sublevel<string, StoredProfile>('profiles', json),
    mediaIdx: db.sublevel<string, { id: string; bytes: number }>('mediaIdx', json),
    meta: db.sublevel<string, unknown>('meta', json),
    suites: db.sublevel<string, SuiteRecord>('suites', json),
    runs: db.sublevel<string, RunRecord>('runs', json),
    runIdx: db.sublevel<string, string>('runIdx', json),
    heals: db.sublevel<string, HealRecord>('heals', json),
    healIdx: db.sublevel<string, string>('healIdx', json),
    webhooks: db.sublevel<string, WebhookRecord>('webhooks', json),
    deliveries: db.sublevel<string, DeliveryRecord>('deliveries', json),
    deliveryPending: db.sublevel<string, string>('deliveryPending', json),
    scheduleMarks: db.sublevel<string, number>('scheduleMarks', json),
  };
}
