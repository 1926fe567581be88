/**
 * The RunStore contract suite (lib/qa/run-store.ts): every implementation
 * must pass it. `makeStore` returns the stores of an OPEN, EMPTY storage.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { RunStore } from '../../lib/qa/run-store';
import type { DeliveryRecord, HealRecord, RunRecord } from '../../lib/qa/run-types';
import { ApiError } from '../../kernel/errors';

export type RunStoreFactory = () => Promise<{ store: RunStore; cleanup(): Promise<void> }>;

export function makeRun(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    id: randomUUID(), state: 'RUNNING', trigger: 'api', suite: null, selection: { flowIds: [], tags: ['smoke'] },
    repeat: 1, concurrency: 2, baseUrl: null, createdAt: Date.now(), completedAt: null,
    counts: { flows: 1, passed: 0, healed: 0, flaky: 0, failed: 0 },
    results: [{ flowId: randomUUID(), name: 'login', verdict: null, attempts: [{ flowId: null, state: 'QUEUED', durationMs: null, healed: false, failure: null, heals: [] }] }],
    ...overrides,
  };
}

export function makeHeal(overrides: Partial<HealRecord> = {}): HealRecord {
  const side = { selector: '#a', selectors: ['#a'], element: 'button "Go"', screenshot: null };
  return {
    id: randomUUID(), state: 'open', runId: randomUUID(), flowId: randomUUID(), flowName: 'login', step: 0, toolCallId: randomUUID(), tool: 'click',
    attemptFlowId: randomUUID(), attempts: 1, before: side, after: { ...side, selector: '#b' }, agreement: 0.9, details: {}, revision: 1,
    createdAt: Date.now(), decidedAt: null, ...overrides,
  };
}

function makeDelivery(webhook: string, createdAt: number, overrides: Partial<DeliveryRecord> = {}): DeliveryRecord {
  return { id: `msg_${randomUUID()}`, webhook, event: 'run.finished', payload: '{}', state: 'delivered', attempts: [], nextAttemptAt: null, createdAt, ...overrides };
}

export function runRunStoreContract(name: string, makeStore: RunStoreFactory): void {
  const withStore = (fn: (store: RunStore) => Promise<void>) => async () => {
    const { store, cleanup } = await makeStore();
    try {
      await fn(store);
    } finally {
      await cleanup();
    }
  };

  describe(`RunStore contract: ${name}`, () => {
    test('runs: create, get, update keeps the active index true; a second create of the id is refused', withStore(async (store) => {
      const run = makeRun();
      await store.runs.create(run);
      assert.deepEqual(await store.runs.get(run.id), run);
      await assert.rejects(store.runs.create(run));
      assert.deepEqual((await store.runs.listActive()).map((r) => r.id), [run.id]);
      const done = await store.runs.update(run.id, (r) => ({ ...r, state: 'PASSED', completedAt: 5 }));
      assert.equal(done?.state, 'PASSED');
      assert.deepEqual(await store.runs.listActive(), []);
      assert.equal(await store.runs.update(randomUUID(), (r) => r), undefined);
    }));

    test('runs: newest first, paginated without repeats or gaps, filtered by suite and state', withStore(async (store) => {
      const base = Date.now();
      const runs = Array.from({ length: 7 }, (_, i) => makeRun({ createdAt: base + i, suite: i % 2 ? 'nightly' : null, state: i < 3 ? 'PASSED' : 'RUNNING' }));
      for (const r of runs) await store.runs.create(r);
      const seen: string[] = [];
      let pageToken: string | undefined;
      do {
        const page = await store.runs.list({ limit: 3, pageToken });
        seen.push(...page.runs.map((r) => r.id));
        pageToken = page.nextPageToken ?? undefined;
      } while (pageToken);
      assert.deepEqual(seen, runs.map((r) => r.id).reverse());
      assert.deepEqual((await store.runs.list({ limit: 10, suite: 'nightly' })).runs.map((r) => r.createdAt), [base + 5, base + 3, base + 1]);
      assert.deepEqual((await store.runs.list({ limit: 10, state: 'PASSED' })).runs.map((r) => r.createdAt), [base + 2, base + 1, base]);
      assert.deepEqual((await store.runs.list({ limit: 10, suite: 'nightly', state: 'RUNNING' })).runs.map((r) => r.createdAt), [base + 5, base + 3]);
      assert.deepEqual((await store.runs.listActive()).map((r) => r.createdAt), [base + 3, base + 4, base + 5, base + 6]);
      await assert.rejects(store.runs.list({ limit: 3, pageToken: 'not-a-token!' }), (err: unknown) => err instanceof ApiError && err.code === 'INVALID_REQUEST');
    }));

    test('heals: open index and run index follow updates; flowId filters', withStore(async (store) => {
      const runId = randomUUID();
      const a = makeHeal({ runId, createdAt: 1 });
      const b = makeHeal({ runId, createdAt: 2 });
      const c = makeHeal({ createdAt: 3, flowId: a.flowId });
      for (const h of [a, b, c]) await store.heals.create(h);
      assert.deepEqual((await store.heals.list({ limit: 10, state: 'open' })).heals.map((h) => h.id), [c.id, b.id, a.id]);
      await store.heals.update(b.id, (h) => ({ ...h, state: 'accepted', decidedAt: 9 }));
      assert.deepEqual((await store.heals.list({ limit: 10, state: 'open' })).heals.map((h) => h.id), [c.id, a.id]);
      assert.deepEqual((await store.heals.list({ limit: 10, runId })).heals.map((h) => h.id), [b.id, a.id]);
      assert.deepEqual((await store.heals.list({ limit: 10, state: 'accepted' })).heals.map((h) => h.id), [b.id]);
      assert.deepEqual((await store.heals.list({ limit: 10, flowId: a.flowId })).heals.map((h) => h.id), [c.id, a.id]);
      const first = await store.heals.list({ limit: 1 });
      assert.equal(first.heals[0]!.id, c.id);
      assert.deepEqual((await store.heals.list({ limit: 5, pageToken: first.nextPageToken! })).heals.map((h) => h.id), [b.id, a.id]);
    }));

    test('deliveries: newest first per webhook, pending listed until done, the oldest past the limit dropped, deleted with the webhook', withStore(async (store) => {
      const pending = makeDelivery('ci', 1, { state: 'pending', nextAttemptAt: 10 });
      await store.deliveries.put(pending);
      for (let i = 2; i <= 5; i++) await store.deliveries.put(makeDelivery('ci', i));
      await store.deliveries.put(makeDelivery('other', 1));
      assert.deepEqual((await store.deliveries.list('ci', 10)).map((d) => d.createdAt), [5, 4, 3, 2, 1]);
      assert.deepEqual((await store.deliveries.listPending()).map((d) => d.id), [pending.id]);
      await store.deliveries.put({ ...pending, state: 'delivered', nextAttemptAt: null });
      assert.deepEqual(await store.deliveries.listPending(), []);
      assert.equal((await store.deliveries.list('ci', 2)).length, 2);
      await store.deliveries.deleteWebhook('ci');
      assert.deepEqual(await store.deliveries.list('ci', 10), []);
      assert.equal((await store.deliveries.list('other', 10)).length, 1);
    }));

    test('suites, webhooks and schedule marks are key-value maps', withStore(async (store) => {
      await store.scheduleMarks.put('nightly', 42);
      assert.equal(await store.scheduleMarks.get('nightly'), 42);
      assert.equal(await store.suites.get('nope'), undefined);
      assert.equal(await store.webhooks.delete('nope'), false);
    }));
  });
}
