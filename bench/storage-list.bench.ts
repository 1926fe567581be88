/**
 * Storage listing benchmark (`npm run bench:storage`).
 *
 * Seeds 10,000 flows through the LevelDB storage, then measures p50/p99 of
 * list queries (200 timed runs each after warm-up) against the naive way
 * measured in the same run on the same database: read every record, filter,
 * sort in memory, slice. Target: indexed p99 <= 20 ms. Exit code 1 if missed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Level } from 'level';
import { LevelStorage } from '../plugins/storage/leveldb/leveldb-storage';
import { openSublevels } from '../plugins/storage/leveldb/sublevels';
import { matchesQuery } from '../plugins/storage/leveldb/flow-keys';
import { makeFlow } from '../test/contract/storage.contract';
import type { Storage } from '../kernel/contracts/storage';
import { FLOW_STATES, type FlowMetadata, type FlowQuery } from '../kernel/flows/flow-types';

const FLOWS = 10_000;
const WARMUP = 20;
const RUNS = 200;
/** The naive scan reads 10,000 records per run: fewer runs keep the bench short. */
const NAIVE_RUNS = 40;
const TARGET_P99_MS = 20;
const DEEP_PAGE = 50;
const T0 = 1_750_000_000_000;

interface Case { label: string; query: FlowQuery; /** Rows skipped before the page (naive slice). */ offset: number }

/** 100 flows named "needle", 100 INSTRUCT, states spread over all nine. */
function seedFlow(i: number): FlowMetadata {
  return makeFlow({
    createdAt: T0 + i * 1000,
    startedAt: T0 + i * 1000 + 50,
    name: i % 100 === 7 ? 'needle' : `flow ${i % 37}`,
    runMode: i % 100 === 3 ? 'INSTRUCT' : i % 2 ? 'AUTONOMOUS' : 'DETERMINISTIC',
    state: FLOW_STATES[i % FLOW_STATES.length]!,
  });
}

async function seed(storage: Storage): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < FLOWS; i += 500) {
    // Concurrent creates: each is one LevelDB batch (record + index entries).
    await Promise.all(Array.from({ length: Math.min(500, FLOWS - i) }, (_, j) => storage.flows.create(seedFlow(i + j))));
  }
  return performance.now() - started;
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < Math.min(WARMUP, runs); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.ceil(q * samples.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99) };
}

/** The token that opens page `page` (1-based) of `query`. */
async function tokenForPage(storage: Storage, query: FlowQuery, page: number): Promise<string> {
  let token: string | undefined;
  for (let p = 1; p < page; p++) {
    token = (await storage.flows.list({ ...query, pageToken: token })).nextPageToken ?? undefined;
    if (!token) throw new Error(`only ${p} pages`);
  }
  return token!;
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'bf-bench-storage-'));
  const dataDir = join(root, 'data');
  try {
    const storage = new LevelStorage({ dataDir });
    await storage.open();
    const seedMs = await seed(storage);
    const deepToken = await tokenForPage(storage, { limit: 100 }, DEEP_PAGE);
    const cases: Case[] = [
      { label: 'list limit=100 (first page)', query: { limit: 100 }, offset: 0 },
      { label: 'name=needle (100 match)', query: { name: 'needle', limit: 100 }, offset: 0 },
      { label: 'nameContains=EEDL (100 match)', query: { nameContains: 'EEDL', limit: 100 }, offset: 0 },
      { label: 'runMode=INSTRUCT (100 match)', query: { runMode: 'INSTRUCT', limit: 100 }, offset: 0 },
      { label: 'state=RUNNING (non-terminal)', query: { state: 'RUNNING', limit: 100 }, offset: 0 },
      { label: `page ${DEEP_PAGE} via token`, query: { limit: 100, pageToken: deepToken }, offset: (DEEP_PAGE - 1) * 100 },
    ];
    const indexed: Array<{ p50: number; p99: number }> = [];
    for (const c of cases) {
      const page = await storage.flows.list(c.query);
      if (page.flows.length !== 100) throw new Error(`${c.label}: expected 100 flows, got ${page.flows.length}`);
      indexed.push(await time(RUNS, () => storage.flows.list(c.query)));
    }
    await storage.close();

    // The naive way on the same files: every record, filtered and sorted in memory.
    const db = new Level<string, unknown>(join(dataDir, 'db'), { valueEncoding: 'json' });
    await db.open();
    const { flows } = openSublevels(db);
    const naive: Array<{ p50: number; p99: number }> = [];
    for (const c of cases) {
      const { pageToken: _ignored, ...filters } = c.query;
      naive.push(await time(NAIVE_RUNS, async () => {
        const all = (await flows.values().all()).filter((f) => matchesQuery(f, filters));
        all.sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
        return all.slice(c.offset, c.offset + c.query.limit);
      }));
    }
    await db.close();

    const ms = (x: number) => x.toFixed(2).padStart(8);
    console.log(`\nstorage-leveldb list benchmark: ${FLOWS} flows (seeded in ${(seedMs / 1000).toFixed(1)} s), ${RUNS} runs per query after ${WARMUP} warm-up; naive ${NAIVE_RUNS} runs\n`);
    console.log(`${'query'.padEnd(32)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}  ${'naive p50'.padStart(9)}${'naive p99'.padStart(10)}  ${'p50 ratio'.padStart(9)}  target`);
    let missed = 0;
    cases.forEach((c, i) => {
      const a = indexed[i]!, b = naive[i]!;
      const ok = a.p99 <= TARGET_P99_MS;
      if (!ok) missed++;
      console.log(`${c.label.padEnd(32)}${ms(a.p50)}${ms(a.p99)}  ${ms(b.p50).padStart(9)}${ms(b.p99).padStart(10)}  ${(b.p50 / a.p50).toFixed(0).padStart(8)}x  ${ok ? 'ok' : 'MISSED'} (p99 <= ${TARGET_P99_MS} ms)`);
    });
    if (missed) process.exitCode = 1;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

await main();
