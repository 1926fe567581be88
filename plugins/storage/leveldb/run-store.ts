/**
 * The QA loop's records (lib/qa/run-store.ts) in the storage's database:
 * suites, runs, heal proposals, webhooks, their deliveries and the
 * schedules' marks, each in its own sublevel.
 *
 * Index layouts (values are record ids; `<pos>` is `<invertedCreatedAt>!<id>`):
 *   runIdx   c!<pos> every run, s!<enc(suite)>!<pos> by suite, a!<pos> RUNNING
 *   healIdx  c!<pos> every proposal, o!<pos> open, r!<runId>!<pos> by run
 * Deliveries are keyed `<enc(webhook)>!<invertedCreatedAt>!<id>` (newest first
 * per webhook); `deliveryPending` maps `<enc(webhook)>!<id>` to that key.
 */
import type { DeliveryRecords, HealRecords, RunRecords, RunStore } from '../../../lib/qa/run-store';
import type { DeliveryRecord, HealPage, HealQuery, HealRecord, RunPage, RunQuery, RunRecord } from '../../../lib/qa/run-types';
import type { KeyMutex } from './key-mutex';
import type { BatchOp, RootDb, Sublevels } from './sublevels';
import { IndexedRecords } from './indexed-records';
import { LevelKeyValueStore } from './kv-store';
import { encodeKeyPart, invertTimestamp } from './flow-keys';
import { keyRange } from './key-range';

class LevelRunRecords implements RunRecords {
  private readonly store: IndexedRecords<RunRecord>;

  constructor(db: RootDb, subs: Sublevels, locks: KeyMutex) {
    this.store = new IndexedRecords(db, subs.runs, subs.runIdx, locks, {
      name: 'run', id: (r) => r.id, createdAt: (r) => r.createdAt,
      prefixes: (r) => ['c!', ...(r.suite !== null ? [`s!${encodeKeyPart(r.suite)}!`] : []), ...(r.state === 'RUNNING' ? ['a!'] : [])],
    });
  }

  create = (run: RunRecord) => this.store.create(run);
  get = (id: string) => this.store.get(id);
  update = (id: string, mutate: (current: RunRecord) => RunRecord) => this.store.update(id, mutate);

  async list(query: RunQuery): Promise<RunPage> {
    const prefix = query.suite !== undefined ? `s!${encodeKeyPart(query.suite)}!` : query.state === 'RUNNING' ? 'a!' : 'c!';
    const page = await this.store.list(prefix, query.limit, query.pageToken, (r) => query.state === undefined || r.state === query.state);
    return { runs: page.items, nextPageToken: page.nextPageToken };
  }

  async listActive(): Promise<RunRecord[]> {
    return (await this.store.all('a!')).filter((r) => r.state === 'RUNNING').reverse();
  }
}

class LevelHealRecords implements HealRecords {
  private readonly store: IndexedRecords<HealRecord>;

  constructor(db: RootDb, subs: Sublevels, locks: KeyMutex) {
    this.store = new IndexedRecords(db, subs.heals, subs.healIdx, locks, {
      name: 'heal', id: (h) => h.id, createdAt: (h) => h.createdAt,
      prefixes: (h) => ['c!', `r!${encodeKeyPart(h.runId)}!`, ...(h.state === 'open' ? ['o!'] : [])],
    });
  }

  create = (heal: HealRecord) => this.store.create(heal);
  get = (id: string) => this.store.get(id);
  update = (id: string, mutate: (current: HealRecord) => HealRecord) => this.store.update(id, mutate);

  async list(query: HealQuery): Promise<HealPage> {
    const prefix = query.runId !== undefined ? `r!${encodeKeyPart(query.runId)}!` : query.state === 'open' ? 'o!' : 'c!';
    const page = await this.store.list(prefix, query.limit, query.pageToken, (h) =>
      (query.state === undefined || h.state === query.state) && (query.flowId === undefined || h.flowId === query.flowId));
    return { heals: page.items, nextPageToken: page.nextPageToken };
  }
}

class LevelDeliveryRecords implements DeliveryRecords {
  constructor(private readonly db: RootDb, private readonly subs: Sublevels, private readonly locks: KeyMutex, private readonly keepPerWebhook: number) {}

  private keyOf(d: DeliveryRecord): string {
    return `${encodeKeyPart(d.webhook)}!${invertTimestamp(d.createdAt)}!${encodeKeyPart(d.id)}`;
  }

  private pendingKeyOf(d: DeliveryRecord): string {
    return `${encodeKeyPart(d.webhook)}!${encodeKeyPart(d.id)}`;
  }

  put(delivery: DeliveryRecord): Promise<void> {
    return this.locks.run(`delivery:${delivery.webhook}`, async () => {
      const key = this.keyOf(delivery);
      const pendingKey = this.pendingKeyOf(delivery);
      const ops: BatchOp[] = [{ type: 'put', sublevel: this.subs.deliveries, key, value: delivery }];
      ops.push(delivery.state === 'pending'
        ? { type: 'put', sublevel: this.subs.deliveryPending, key: pendingKey, value: key }
        : { type: 'del', sublevel: this.subs.deliveryPending, key: pendingKey });
      // The oldest past the limit go in the same batch (this one is the newest or already counted).
      const prefix = `${encodeKeyPart(delivery.webhook)}!`;
      const keys = await this.subs.deliveries.keys(keyRange(prefix)).all();
      const kept = new Set(keys);
      kept.add(key);
      const sorted = [...kept].sort();
      for (const old of sorted.slice(this.keepPerWebhook)) {
        const record = old === key ? delivery : await this.subs.deliveries.get(old);
        ops.push({ type: 'del', sublevel: this.subs.deliveries, key: old });
        if (record) ops.push({ type: 'del', sublevel: this.subs.deliveryPending, key: this.pendingKeyOf(record) });
      }
      await this.db.batch(ops);
    });
  }

  async list(webhook: string, limit: number): Promise<DeliveryRecord[]> {
    return this.subs.deliveries.values({ ...keyRange(`${encodeKeyPart(webhook)}!`), limit: Math.max(1, Math.trunc(limit)) }).all();
  }

  async listPending(): Promise<DeliveryRecord[]> {
    const keys = await this.subs.deliveryPending.values().all();
    const records = await this.subs.deliveries.getMany(keys);
    return records.filter((d): d is DeliveryRecord => d !== undefined && d.state === 'pending');
  }

  deleteWebhook(webhook: string): Promise<void> {
    return this.locks.run(`delivery:${webhook}`, async () => {
      const ops: BatchOp[] = [];
      const prefix = `${encodeKeyPart(webhook)}!`;
      for await (const key of this.subs.deliveries.keys(keyRange(prefix))) ops.push({ type: 'del', sublevel: this.subs.deliveries, key });
      for await (const key of this.subs.deliveryPending.keys(keyRange(prefix))) ops.push({ type: 'del', sublevel: this.subs.deliveryPending, key });
      if (ops.length) await this.db.batch(ops);
    });
  }
}

/** The RunStore of an open database. */
export function openRunStore(db: RootDb, subs: Sublevels, locks: KeyMutex, keepDeliveriesPerWebhook = 200): RunStore {
  return {
    suites: new LevelKeyValueStore(subs.suites, locks, 'suites'),
    runs: new LevelRunRecords(db, subs, locks),
    heals: new LevelHealRecords(db, subs, locks),
    webhooks: new LevelKeyValueStore(subs.webhooks, locks, 'webhooks'),
    deliveries: new LevelDeliveryRecords(db, subs, locks, keepDeliveriesPerWebhook),
    scheduleMarks: new LevelKeyValueStore(subs.scheduleMarks, locks, 'scheduleMarks'),
  };
}
