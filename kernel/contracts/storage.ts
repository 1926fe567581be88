/**
 * Storage: the source of truth. One implementation is loaded (STORAGE);
 * every implementation must pass test/contract/storage.contract.ts.
 */
import type { FlowMetadata, FlowPage, FlowQuery, ToolCallRecord } from '../flows/flow-types';
import type { StorageState } from './browser-driver';

/** A browser profile: the state a flow saved (`saveProfileAs`) or that was imported, to start other flows from (`profile`). */
export interface StoredProfile {
  /** Cookies and local storage; every value is a secret, never answered. */
  storageState: StorageState;
  /** The flow that saved it; null when imported (POST /api/profiles/{name}). */
  flowId: string | null;
  createdAt: number;
}

/** A stored GPT configuration: `type`, `modelName`, `apiKey` and type-specific fields, unmasked. */
export interface GptConfigRecord {
  type: string;
  modelName: string;
  [field: string]: unknown;
}

/**
 * The kind of an environment variable that is not typed as stored:
 * `totp` holds a TOTP secret (base32 or `otpauth://totp/` URI) and `${KEY}`
 * types its current code (lib/totp). Plain variables have no kind entry.
 */
export type EnvKind = 'totp';

/** Flow records with secondary indexes (createdAt desc, name, state, runMode). */
export interface FlowStore {
  /** Inserts a new record; rejects if the id exists. */
  create(flow: FlowMetadata): Promise<void>;
  get(id: string): Promise<FlowMetadata | undefined>;
  /**
   * Read-modify-write of one record, serialised per id (no lost update);
   * index entries change in the same batch as the record. Returns the new
   * record, or undefined when the id does not exist (mutate is not called).
   */
  update(id: string, mutate: (current: FlowMetadata) => FlowMetadata): Promise<FlowMetadata | undefined>;
  /** Removes the record, its index entries and its tool calls in one batch. Returns false if absent. */
  delete(id: string): Promise<boolean>;
  /**
   * Newest createdAt first (ties by id). Costs O(limit) for unfiltered and
   * single-index queries. Throws ApiError INVALID_REQUEST for a bad pageToken.
   * Stable: a page never repeats or skips a flow that existed when the first page was read.
   */
  list(query: FlowQuery): Promise<FlowPage>;
  /** How many flows match the filters (keys only for a single-index query). */
  count(query: Omit<FlowQuery, 'limit' | 'pageToken'>): Promise<number>;
  /** Every flow whose state is not SUCCESS/FAILED (startup recovery). */
  listActive(): Promise<FlowMetadata[]>;
}

/** Tool calls of a flow, in execution order. */
export interface ToolCallStore {
  /** Inserts or replaces the call with this id (order = first insertion). */
  put(flowId: string, call: ToolCallRecord): Promise<void>;
  get(flowId: string, toolCallId: string): Promise<ToolCallRecord | undefined>;
  list(flowId: string): Promise<ToolCallRecord[]>;
}

/** A string-keyed map of JSON values (GPT configs, env vars, agent assignments). */
export interface KeyValueStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  /** Returns false if absent. */
  delete(key: string): Promise<boolean>;
  /** All entries, sorted by key. */
  entries(): Promise<Array<[string, T]>>;
}

/** The recordings a flow may ask for: its HAR, its Playwright trace. */
export type RecordingKind = 'har' | 'trace';

/** Screenshots and videos: files under the data dir, never in the database. */
export interface ArtifactStore {
  putImage(flowId: string, imageId: string, png: Buffer): Promise<void>;
  /** Absolute path of an existing image, or undefined. */
  imagePath(flowId: string, imageId: string): Promise<string | undefined>;
  /** Where the flow's video is (or will be) written; the folder exists. */
  videoPath(flowId: string): Promise<string>;
  /** The folder the flow's downloads are written to (created); files in it are named by download id. */
  downloadsDir(flowId: string): Promise<string>;
  /** Absolute path of an existing download, or undefined. */
  downloadPath(flowId: string, downloadId: string): Promise<string | undefined>;
  /** Where the flow's HAR (`har`: network.har) or trace (`trace`: trace.zip) is written; the folder exists. */
  recordingPath(flowId: string, kind: RecordingKind): Promise<string>;
  /** Absolute path of the flow's written HAR or trace, or undefined. */
  findRecording(flowId: string, kind: RecordingKind): Promise<string | undefined>;
  /** Removes every file of the flow. */
  deleteFlow(flowId: string): Promise<void>;
}

export interface Storage {
  /** Opens the database; fails with a clear StartupError if the data dir is locked by another process. */
  open(): Promise<void>;
  close(): Promise<void>;
  readonly flows: FlowStore;
  readonly toolCalls: ToolCallStore;
  readonly gptConfigs: KeyValueStore<GptConfigRecord>;
  readonly env: KeyValueStore<string>;
  /** Env variable -> where its value may be used (`allowedOrigins`, normalised patterns); absent: the site of the flow that uses it. */
  readonly envOrigins: KeyValueStore<string[]>;
  /** env var name -> its kind, for the variables that have one (`totp`); deleted with the variable. */
  readonly envKinds: KeyValueStore<EnvKind>;
  /** agent name -> GPT configuration name. */
  readonly agents: KeyValueStore<string>;
  /** profile name -> browser profile. */
  readonly profiles: KeyValueStore<StoredProfile>;
  readonly artifacts: ArtifactStore;
}
