/**
 * Where the QA loop keeps its records (token RUN_STORE): provided by the
 * storage plugin beside STORAGE (the same database, so a backup holds
 * both). Every implementation must pass test/contract/run-store.contract.ts.
 */
import type { KeyValueStore } from '../../kernel/contracts/storage';
import { createToken } from '../../kernel/tokens';
import type { DeliveryRecord, HealPage, HealQuery, HealRecord, RunPage, RunQuery, RunRecord, SuiteRecord, WebhookRecord } from './run-types';

/** Runs, newest first, with an index by suite and one of the runs still RUNNING. */
export interface RunRecords {
  /** Inserts a run; rejects if the id exists. */
  create(run: RunRecord): Promise<void>;
  get(id: string): Promise<RunRecord | undefined>;
  /** Read-modify-write of one run, serialised per id; undefined when it does not exist. */
  update(id: string, mutate: (current: RunRecord) => RunRecord): Promise<RunRecord | undefined>;
  /** Newest createdAt first (ties by id); a bad pageToken throws ApiError INVALID_REQUEST. */
  list(query: RunQuery): Promise<RunPage>;
  /** Every run in state RUNNING (startup recovery), oldest first. */
  listActive(): Promise<RunRecord[]>;
}

/** Heal proposals, newest first, with indexes of the open ones and by run. */
export interface HealRecords {
  create(heal: HealRecord): Promise<void>;
  get(id: string): Promise<HealRecord | undefined>;
  /** Read-modify-write, serialised per id; undefined when it does not exist. */
  update(id: string, mutate: (current: HealRecord) => HealRecord): Promise<HealRecord | undefined>;
  /** Newest first; a bad pageToken throws ApiError INVALID_REQUEST. */
  list(query: HealQuery): Promise<HealPage>;
}

/** Deliveries of webhooks, per webhook newest first; only the newest `keepPerWebhook` are kept. */
export interface DeliveryRecords {
  /** Inserts or replaces the delivery (by webhook and id), then drops that webhook's oldest past the limit. */
  put(delivery: DeliveryRecord): Promise<void>;
  /** The webhook's newest deliveries first, at most `limit`. */
  list(webhook: string, limit: number): Promise<DeliveryRecord[]>;
  /** Every delivery still `pending` (retries to resume after a restart). */
  listPending(): Promise<DeliveryRecord[]>;
  /** Removes every delivery of the webhook. */
  deleteWebhook(webhook: string): Promise<void>;
}

export interface RunStore {
  readonly suites: KeyValueStore<SuiteRecord>;
  readonly runs: RunRecords;
  readonly heals: HealRecords;
  readonly webhooks: KeyValueStore<WebhookRecord>;
  readonly deliveries: DeliveryRecords;
  /** Suite name -> when its schedule last started a run (epoch ms). */
  readonly scheduleMarks: KeyValueStore<number>;
}

/** The QA loop's records (provided by the storage plugin). */
export const RUN_STORE = createToken<RunStore>('qa.runStore');
