/**
 * The Storage contract suite: every Storage implementation must pass it.
 * Usage from a `*.test.ts` file:
 *
 *   runStorageContract('leveldb', async () => ({ storage, cleanup }));
 *
 * `makeStorage` returns an OPEN, EMPTY storage; `cleanup` closes it and
 * removes whatever it left behind. Each test gets its own storage.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Storage } from '../../kernel/contracts/storage';
import { ApiError } from '../../kernel/errors';
import { FLOW_STATES, isTerminal, type FlowMetadata, type FlowQuery, type ToolCallRecord } from '../../kernel/flows/flow-types';

/** Builds one storage for one test. */
export type StorageFactory = () => Promise<{ storage: Storage; cleanup(): Promise<void> }>;

/** A complete FlowMetadata with every field; `createdAt` defaults to now. */
export function makeFlow(overrides: Partial<FlowMetadata> = {}): FlowMetadata {
  const maxToolCalls = overrides.maxToolCalls ?? 50;
  return {
    id: randomUUID(), name: 'checkout flow', targetWebsite: 'http://127.0.0.1:8080/',
    overallObjective: 'Buy the cheapest item', initialRunMode: 'AUTONOMOUS', runMode: 'AUTONOMOUS',
    state: 'UNSTARTED', nextState: null, browser: { using: { type: 'playwright', headless: true } },
    envVars: ['SHOP_USER'], customTools: [], toolCallsOnStart: [{ name: 'click', parameters: { selector: '#buy' } }],
    maxToolCalls, gptConfigName: null, hasGptConfigNameOverride: false,
    progress: { toolCallsCompleted: 0, toolCallsFailed: 0, maxToolCalls },
    tokenUsage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
    createdAt: Date.now(), startedAt: null, completedAt: null, result: null, imageIds: [], hasVideo: false,
    ...overrides,
  };
}

/** A complete ToolCallRecord with id `id`. */
export function makeToolCall(id: string, overrides: Partial<ToolCallRecord> = {}): ToolCallRecord {
  return {
    id, name: 'click', parameters: { selector: `#${id}` }, source: 'LLM', rationale: null,
    outcome: { success: true, message: 'clicked', data: null, selectors: ['#a'] },
    screenshotImageId: null, pageUrl: 'http://127.0.0.1:8080/', startedAt: 1_700_000_000_000, completedAt: 1_700_000_000_100,
    ...overrides,
  };
}

const T0 = 1_750_000_000_000;
const ids = (flows: FlowMetadata[]) => flows.map((f) => f.id);
/** The contract's order: newest createdAt first, ties by id. */
const expectedOrder = (flows: FlowMetadata[]) =>
  ids([...flows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));

/** Follows nextPageToken to the end; returns every page. */
async function allPages(storage: Storage, query: FlowQuery): Promise<FlowMetadata[][]> {
  const pages: FlowMetadata[][] = [];
  let pageToken: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await storage.flows.list({ ...query, pageToken });
    pages.push(page.flows);
    if (page.nextPageToken === null) return pages;
    pageToken = page.nextPageToken;
  }
  throw new Error('pagination did not end');
}

async function seed(storage: Storage, flows: FlowMetadata[]): Promise<FlowMetadata[]> {
  await Promise.all(flows.map((f) => storage.flows.create(f)));
  return flows;
}

/** Registers the whole suite under `describe(name)`. */
export function runStorageContract(name: string, makeStorage: StorageFactory): void {
  const it = (title: string, body: (s: Storage) => Promise<void>) =>
    test(title, async () => {
      const { storage, cleanup } = await makeStorage();
      try { await body(storage); } finally { await cleanup(); }
    });

  describe(`Storage contract: ${name}`, () => {
    describe('flows CRUD', () => {
      it('create then get returns the same record; unknown id is undefined', async (s) => {
        const flow = makeFlow({ customTools: [{ name: 't', description: 'd', inputSchema: { type: 'object' }, javascript: 'return 1' }] });
        await s.flows.create(flow);
        assert.deepEqual(await s.flows.get(flow.id), flow);
        assert.equal(await s.flows.get(randomUUID()), undefined);
      });
      it('create rejects an existing id and keeps the first record', async (s) => {
        const flow = makeFlow({ name: 'first' });
        await s.flows.create(flow);
        await assert.rejects(s.flows.create({ ...flow, name: 'second' }));
        assert.equal((await s.flows.get(flow.id))?.name, 'first');
        assert.equal((await s.flows.list({ limit: 100 })).flows.length, 1);
      });
      it('update persists and returns the new record; unknown id returns undefined without calling mutate', async (s) => {
        const flow = await seed(s, [makeFlow()]).then((x) => x[0]!);
        const next = await s.flows.update(flow.id, (f) => ({ ...f, state: 'INITIALIZING', startedAt: T0 }));
        assert.equal(next?.state, 'INITIALIZING');
        assert.deepEqual(await s.flows.get(flow.id), next);
        let called = false;
        assert.equal(await s.flows.update(randomUUID(), (f) => { called = true; return f; }), undefined);
        assert.equal(called, false);
      });
      it('50 concurrent updates of one flow lose none', async (s) => {
        const flow = await seed(s, [makeFlow()]).then((x) => x[0]!);
        const inc = (f: FlowMetadata) => ({ ...f, progress: { ...f.progress, toolCallsCompleted: f.progress.toolCallsCompleted + 1 } });
        await Promise.all(Array.from({ length: 50 }, () => s.flows.update(flow.id, inc)));
        assert.equal((await s.flows.get(flow.id))?.progress.toolCallsCompleted, 50);
      });
      it('a throwing mutate writes nothing and does not block later updates', async (s) => {
        const flow = await seed(s, [makeFlow()]).then((x) => x[0]!);
        await assert.rejects(s.flows.update(flow.id, () => { throw new Error('boom'); }), /boom/);
        assert.deepEqual(await s.flows.get(flow.id), flow);
        assert.equal((await s.flows.update(flow.id, (f) => ({ ...f, name: 'after' })))?.name, 'after');
      });
      it('delete removes the record from get, list and every filter; a second delete returns false', async (s) => {
        const [a, b] = await seed(s, [makeFlow({ name: 'x', state: 'PAUSED', runMode: 'INSTRUCT' }), makeFlow({ name: 'y' })]);
        assert.equal(await s.flows.delete(a!.id), true);
        assert.equal(await s.flows.get(a!.id), undefined);
        assert.deepEqual(ids((await s.flows.list({ limit: 100 })).flows), [b!.id]);
        for (const q of [{ name: 'x' }, { state: 'PAUSED' as const }, { state: 'RUNNING' as const }, { runMode: 'INSTRUCT' as const }]) {
          assert.deepEqual(ids((await s.flows.list({ ...q, limit: 100 })).flows).filter((id) => id === a!.id), [], JSON.stringify(q));
        }
        assert.deepEqual(ids(await s.flows.listActive()), [b!.id]);
        assert.equal(await s.flows.delete(a!.id), false);
      });
      it('delete removes the flow\'s tool calls and only them', async (s) => {
        const [a, b] = await seed(s, [makeFlow(), makeFlow()]);
        for (const f of [a!, b!]) for (const id of ['c1', 'c2']) await s.toolCalls.put(f.id, makeToolCall(id));
        await s.flows.delete(a!.id);
        assert.deepEqual(await s.toolCalls.list(a!.id), []);
        assert.equal(await s.toolCalls.get(a!.id, 'c1'), undefined);
        assert.deepEqual((await s.toolCalls.list(b!.id)).map((c) => c.id), ['c1', 'c2']);
      });
    });

    describe('flow indexes follow updates', () => {
      it('a state change moves the flow between state lists and in/out of RUNNING', async (s) => {
        const flow = await seed(s, [makeFlow({ state: 'RUNNING_ACTION' })]).then((x) => x[0]!);
        assert.deepEqual(ids((await s.flows.list({ state: 'RUNNING', limit: 10 })).flows), [flow.id]);
        await s.flows.update(flow.id, (f) => ({ ...f, state: 'SUCCESS' }));
        assert.deepEqual((await s.flows.list({ state: 'RUNNING_ACTION', limit: 10 })).flows, []);
        assert.deepEqual((await s.flows.list({ state: 'RUNNING', limit: 10 })).flows, []);
        assert.deepEqual(ids((await s.flows.list({ state: 'SUCCESS', limit: 10 })).flows), [flow.id]);
        assert.deepEqual(await s.flows.listActive(), []);
      });
      it('a rename and a run-mode switch move the flow between lists', async (s) => {
        const flow = await seed(s, [makeFlow({ name: 'old', runMode: 'INSTRUCT' })]).then((x) => x[0]!);
        await s.flows.update(flow.id, (f) => ({ ...f, name: 'new', runMode: 'AUTONOMOUS' }));
        assert.deepEqual((await s.flows.list({ name: 'old', limit: 10 })).flows, []);
        assert.deepEqual((await s.flows.list({ runMode: 'INSTRUCT', limit: 10 })).flows, []);
        assert.equal((await s.flows.list({ name: 'new', limit: 10 })).flows[0]?.name, 'new');
        assert.equal((await s.flows.list({ runMode: 'AUTONOMOUS', limit: 10 })).flows[0]?.id, flow.id);
      });
      it('a mutate that edits the record in place still moves its index entries', async (s) => {
        const flow = await seed(s, [makeFlow({ state: 'PAUSED' })]).then((x) => x[0]!);
        await s.flows.update(flow.id, (f) => { f.state = 'FAILED'; return f; });
        assert.deepEqual((await s.flows.list({ state: 'PAUSED', limit: 10 })).flows, []);
        assert.deepEqual(ids((await s.flows.list({ state: 'FAILED', limit: 10 })).flows), [flow.id]);
      });
    });

    describe('list filters and order', () => {
      /** 27 flows: every state x every run mode, names a/b/c, some never started. */
      const fixture = () => FLOW_STATES.flatMap((state, i) => (['AUTONOMOUS', 'INSTRUCT', 'DETERMINISTIC'] as const).map((runMode, j) =>
        makeFlow({ state, runMode, name: ['a', 'b', 'a!b'][j]!, createdAt: T0 + i * 10 + j, startedAt: (i + j) % 4 === 0 ? null : T0 + i * 10 + j + 5 })));
      const check = async (s: Storage, flows: FlowMetadata[], query: Omit<FlowQuery, 'limit'>, match: (f: FlowMetadata) => boolean) => {
        const expected = expectedOrder(flows.filter(match));
        assert.ok(expected.length > 0 || Object.keys(query).length > 0);
        assert.deepEqual(ids((await s.flows.list({ ...query, limit: 100 })).flows), expected, JSON.stringify(query));
        assert.deepEqual(ids((await allPages(s, { ...query, limit: 2 })).flat()), expected, `paged ${JSON.stringify(query)}`);
      };
      it('unfiltered: newest createdAt first, ties by id', async (s) => {
        const tied = Array.from({ length: 5 }, () => makeFlow({ createdAt: T0 + 7 }));
        const flows = await seed(s, [...tied, makeFlow({ createdAt: T0 }), makeFlow({ createdAt: T0 + 100 })]);
        await check(s, flows, {}, () => true);
      });
      it('each single filter, inclusive started bounds, null startedAt never matched', async (s) => {
        const flows = await seed(s, fixture());
        await check(s, flows, { name: 'a' }, (f) => f.name === 'a');
        await check(s, flows, { name: 'a!b' }, (f) => f.name === 'a!b');
        await check(s, flows, { name: 'zzz' }, () => false);
        for (const state of FLOW_STATES) await check(s, flows, { state }, (f) => f.state === state);
        await check(s, flows, { state: 'RUNNING' }, (f) => !isTerminal(f.state));
        await check(s, flows, { runMode: 'INSTRUCT' }, (f) => f.runMode === 'INSTRUCT');
        const t = T0 + 41 + 5;
        await check(s, flows, { startedAfter: t }, (f) => f.startedAt !== null && f.startedAt >= t);
        await check(s, flows, { startedBefore: t }, (f) => f.startedAt !== null && f.startedAt <= t);
      });
      it('filters combine with AND', async (s) => {
        const flows = await seed(s, fixture());
        await check(s, flows, { name: 'b', runMode: 'INSTRUCT' }, (f) => f.name === 'b' && f.runMode === 'INSTRUCT');
        await check(s, flows, { name: 'b', runMode: 'AUTONOMOUS' }, () => false);
        await check(s, flows, { state: 'RUNNING', runMode: 'DETERMINISTIC' }, (f) => !isTerminal(f.state) && f.runMode === 'DETERMINISTIC');
        await check(s, flows, { state: 'PAUSED', name: 'a' }, (f) => f.state === 'PAUSED' && f.name === 'a');
        const lo = T0 + 20, hi = T0 + 70;
        await check(s, flows, { startedAfter: lo, startedBefore: hi, runMode: 'AUTONOMOUS' },
          (f) => f.startedAt !== null && f.startedAt >= lo && f.startedAt <= hi && f.runMode === 'AUTONOMOUS');
        await check(s, flows, { name: 'a', state: 'RUNNING', runMode: 'AUTONOMOUS', startedAfter: lo },
          (f) => f.name === 'a' && !isTerminal(f.state) && f.startedAt !== null && f.startedAt >= lo);
      });
      it('tag: flows carrying it, combined with the other filters, following tag changes; records without tags never match', async (s) => {
        const flows = await seed(s, fixture().map((f, i) => (i % 3 === 0 ? { ...f, tags: ['smoke', 'a!b'] } : i % 3 === 1 ? { ...f, tags: ['nightly'] } : f)));
        await check(s, flows, { tag: 'smoke' }, (f) => (f.tags ?? []).includes('smoke'));
        await check(s, flows, { tag: 'a!b' }, (f) => (f.tags ?? []).includes('a!b'));
        await check(s, flows, { tag: 'smoke', state: 'SUCCESS' }, (f) => (f.tags ?? []).includes('smoke') && f.state === 'SUCCESS');
        await check(s, flows, { tag: 'nightly', name: 'b' }, (f) => (f.tags ?? []).includes('nightly') && f.name === 'b');
        const tagged = flows.find((f) => f.tags?.includes('nightly'))!;
        await s.flows.update(tagged.id, (f) => ({ ...f, tags: ['smoke'] }));
        assert.ok(ids((await s.flows.list({ tag: 'smoke', limit: 100 })).flows).includes(tagged.id));
        assert.ok(!ids((await s.flows.list({ tag: 'nightly', limit: 100 })).flows).includes(tagged.id));
        assert.equal(await s.flows.count({ tag: 'smoke' }), flows.filter((f) => f.tags?.includes('smoke')).length + 1);
      });
      it('limit caps the page; nextPageToken is null exactly on the last page', async (s) => {
        const flows = await seed(s, Array.from({ length: 5 }, (_, i) => makeFlow({ createdAt: T0 + i })));
        const full = await s.flows.list({ limit: 5 });
        assert.equal(full.flows.length, 5);
        assert.equal(full.nextPageToken, null);
        const first = await s.flows.list({ limit: 4 });
        assert.deepEqual(ids(first.flows), expectedOrder(flows).slice(0, 4));
        assert.equal(typeof first.nextPageToken, 'string');
        const last = await s.flows.list({ limit: 4, pageToken: first.nextPageToken! });
        assert.deepEqual(ids(last.flows), expectedOrder(flows).slice(4));
        assert.equal(last.nextPageToken, null);
        assert.deepEqual(await s.flows.list({ limit: 1, name: 'nobody' }), { flows: [], nextPageToken: null });
      });
      it('listActive returns exactly the non-terminal flows', async (s) => {
        const flows = await seed(s, fixture());
        assert.deepEqual(ids(await s.flows.listActive()).sort(), ids(flows.filter((f) => !isTerminal(f.state))).sort());
      });
    });

    describe('pagination', () => {
      it('250 flows in pages of 100: every flow exactly once, in order', async (s) => {
        const flows = await seed(s, Array.from({ length: 250 }, (_, i) => makeFlow({ createdAt: T0 + Math.floor(i / 3), runMode: i % 2 ? 'INSTRUCT' : 'AUTONOMOUS' })));
        const pages = await allPages(s, { limit: 100 });
        assert.deepEqual(pages.map((p) => p.length), [100, 100, 50]);
        assert.deepEqual(ids(pages.flat()), expectedOrder(flows));
        const instruct = await allPages(s, { limit: 100, runMode: 'INSTRUCT' });
        assert.deepEqual(instruct.map((p) => p.length), [100, 25]);
        assert.deepEqual(ids(instruct.flat()), expectedOrder(flows.filter((f) => f.runMode === 'INSTRUCT')));
      });
      it('stable while new flows are created between pages', async (s) => {
        const flows = await seed(s, Array.from({ length: 250 }, (_, i) => makeFlow({ createdAt: T0 + i })));
        const seen: string[] = [];
        let page = await s.flows.list({ limit: 100 });
        for (let round = 0; ; round++) {
          seen.push(...ids(page.flows));
          // New flows are newer than every flow listed so far.
          await seed(s, Array.from({ length: 20 }, (_, i) => makeFlow({ createdAt: T0 + 1000 + round * 100 + i })));
          if (page.nextPageToken === null) break;
          page = await s.flows.list({ limit: 100, pageToken: page.nextPageToken });
        }
        assert.equal(new Set(seen).size, seen.length, 'no flow repeated');
        assert.deepEqual(seen, expectedOrder(flows));
      });
      it('an undecodable pageToken is 400 INVALID_REQUEST naming pageToken', async (s) => {
        await seed(s, [makeFlow()]);
        for (const pageToken of ['%%%', 'not a token', Buffer.from('{"x":1}').toString('base64url'), 'AAAA']) {
          await assert.rejects(s.flows.list({ limit: 10, pageToken }),
            (e: unknown) => e instanceof ApiError && e.code === 'INVALID_REQUEST' && /^pageToken/.test(e.message), pageToken);
        }
      });
    });

    describe('tool calls', () => {
      it('list returns insertion order (not id order), beyond 10 calls', async (s) => {
        const flowId = randomUUID();
        const callIds = Array.from({ length: 12 }, (_, i) => `call-${(12 - i) * 7 % 13}`);
        for (const id of callIds) await s.toolCalls.put(flowId, makeToolCall(id));
        assert.deepEqual((await s.toolCalls.list(flowId)).map((c) => c.id), callIds);
        assert.deepEqual(await s.toolCalls.list(randomUUID()), []);
      });
      it('put with an existing id replaces the call in place', async (s) => {
        const flowId = randomUUID();
        for (const id of ['z', 'a', 'm']) await s.toolCalls.put(flowId, makeToolCall(id, { outcome: null, completedAt: null }));
        const done = makeToolCall('a', { outcome: { success: false, message: 'no such element', data: null, selectors: null } });
        await s.toolCalls.put(flowId, done);
        const list = await s.toolCalls.list(flowId);
        assert.deepEqual(list.map((c) => c.id), ['z', 'a', 'm']);
        assert.deepEqual(list[1], done);
        assert.deepEqual(await s.toolCalls.get(flowId, 'a'), done);
        assert.equal(await s.toolCalls.get(flowId, 'nope'), undefined);
        await s.toolCalls.put(flowId, makeToolCall('last'));
        assert.deepEqual((await s.toolCalls.list(flowId)).map((c) => c.id), ['z', 'a', 'm', 'last']);
      });
      it('concurrent puts on one flow keep every call', async (s) => {
        const flowId = randomUUID();
        await Promise.all(Array.from({ length: 30 }, (_, i) => s.toolCalls.put(flowId, makeToolCall(`c${i}`))));
        assert.deepEqual((await s.toolCalls.list(flowId)).map((c) => c.id).sort(), Array.from({ length: 30 }, (_, i) => `c${i}`).sort());
      });
    });

    describe('key-value stores', () => {
      it('gptConfigs, env, envOrigins, envKinds, agents and profiles: put, overwrite, sorted entries, delete', async (s) => {
        const cases: Array<[string, { put(k: string, v: any): Promise<void>; get(k: string): Promise<unknown>; delete(k: string): Promise<boolean>; entries(): Promise<Array<[string, unknown]>> }, (n: number) => unknown]> = [
          ['gptConfigs', s.gptConfigs, (n) => ({ type: 'openai', modelName: `m${n}`, apiKey: `sk-${n}` })],
          ['env', s.env, (n) => `value ${n}`],
          ['envOrigins', s.envOrigins, (n) => [`https://site${n}.example`, 'https://*.acme.com']],
          ['envKinds', s.envKinds, () => 'totp'],
          ['profiles', s.profiles, (n) => ({ storageState: { cookies: [], origins: [{ origin: `http://h${n}`, localStorage: [] }] }, flowId: null, createdAt: n })],
          ['agents', s.agents, (n) => `config-${n}`],
        ];
        for (const [label, store, value] of cases) {
          assert.deepEqual(await store.entries(), [], label);
          for (const [i, key] of ['zeta', 'Alpha', 'beta', 'alpha'].entries()) await store.put(key, value(i));
          await store.put('beta', value(9));
          assert.deepEqual(await store.get('beta'), value(9), label);
          assert.equal(await store.get('missing'), undefined, label);
          assert.deepEqual(await store.entries(), [['Alpha', value(1)], ['alpha', value(3)], ['beta', value(9)], ['zeta', value(0)]], label);
          assert.equal(await store.delete('beta'), true, label);
          assert.equal(await store.delete('beta'), false, label);
          assert.equal(await store.delete('never'), false, label);
          assert.equal(await store.get('beta'), undefined, label);
          assert.deepEqual((await store.entries()).map(([k]) => k), ['Alpha', 'alpha', 'zeta'], label);
        }
      });
    });

    describe('artifacts', () => {
      it('images and video round trip; deleteFlow removes every file', async (s) => {
        const flowId = randomUUID();
        const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
        assert.equal(await s.artifacts.imagePath(flowId, 'img-1'), undefined);
        await s.artifacts.putImage(flowId, 'img-1', png);
        const path = await s.artifacts.imagePath(flowId, 'img-1');
        assert.ok(path);
        assert.deepEqual(await readFile(path), png);
        assert.equal(await s.artifacts.imagePath(flowId, 'img-2'), undefined);
        assert.equal(await s.artifacts.imagePath(flowId, '../img-1'), undefined);
        const video = await s.artifacts.videoPath(flowId);
        assert.ok((await stat(dirname(video))).isDirectory());
        await writeFile(video, 'webm');
        await s.artifacts.deleteFlow(flowId);
        assert.equal(await s.artifacts.imagePath(flowId, 'img-1'), undefined);
        await assert.rejects(stat(video), { code: 'ENOENT' });
        await s.artifacts.deleteFlow(flowId);
      });
    });
  });
}
