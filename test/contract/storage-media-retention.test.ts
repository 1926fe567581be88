/**
 * Media retention of the LevelDB storage, on a real LevelDB in a temp dir:
 * past `maxFlows` finished flows with media, or `maxBytes` of their files,
 * the oldest finished flows' screenshots and video are removed (never a
 * running flow's); each record stays with `imageIds: []`, `hasVideo: false`
 * and its tool calls' `screenshotImageId: null`. The index survives a
 * restart and is built for a data dir written before it existed.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelStorage } from '../../plugins/storage/leveldb/leveldb-storage';
import type { FlowMetadata } from '../../kernel/flows/flow-types';
import { makeFlow, makeToolCall } from './storage.contract';

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bf-retention-'));
  dirs.push(dir);
  return join(dir, 'data');
}
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const PNG = Buffer.alloc(1000, 1);
const T0 = 1_760_000_000_000;

/** Runs a flow through the storage as the recorder does: created, screenshots and a call, then finished at `completedAt`. */
async function finishedFlow(storage: LevelStorage, completedAt: number, images = 2, video = 0): Promise<FlowMetadata> {
  const flow = makeFlow({ createdAt: completedAt - 1000 });
  await storage.flows.create(flow);
  await storage.flows.update(flow.id, (f) => ({ ...f, state: 'RUNNING_ACTION', startedAt: completedAt - 900 }));
  const imageIds: string[] = [];
  for (let i = 0; i < images; i++) {
    const imageId = `img${i}`;
    await storage.artifacts.putImage(flow.id, imageId, PNG);
    await storage.toolCalls.put(flow.id, makeToolCall(`call${i}`, { screenshotImageId: imageId }));
    imageIds.push(imageId);
  }
  if (video) {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(await storage.artifacts.videoPath(flow.id), Buffer.alloc(video, 2));
  }
  const done = await storage.flows.update(flow.id, (f) => ({ ...f, imageIds, hasVideo: video > 0, state: 'SUCCESS', completedAt }));
  await storage.mediaRetention.settled();
  return done!;
}

async function mediaOf(storage: LevelStorage, flow: FlowMetadata) {
  const record = (await storage.flows.get(flow.id))!;
  const calls = await storage.toolCalls.list(flow.id);
  const images = await Promise.all(['img0', 'img1'].map((id) => storage.artifacts.imagePath(flow.id, id)));
  return {
    imageIds: record.imageIds, hasVideo: record.hasVideo, screenshots: calls.map((c) => c.screenshotImageId),
    files: images.filter(Boolean).length + (existsSync(join(await storage.artifacts.videoPath(flow.id))) ? 1 : 0),
  };
}

describe('storage-leveldb media retention', () => {
  test('maxFlows: the oldest finished flows lose their media first; records and tool calls stay and say so', async () => {
    const storage = new LevelStorage({ dataDir: await dataDir(), mediaRetention: { maxFlows: 2, maxBytes: null } });
    await storage.open();
    try {
      const flows: FlowMetadata[] = [];
      // Finished out of creation order: completion order decides.
      for (const at of [T0 + 300, T0 + 100, T0 + 200]) flows.push(await finishedFlow(storage, at, 2, 500));
      const [newest, oldest, middle] = flows as [FlowMetadata, FlowMetadata, FlowMetadata];
      assert.deepEqual(await mediaOf(storage, oldest), { imageIds: [], hasVideo: false, screenshots: [null, null], files: 0 });
      assert.deepEqual(await mediaOf(storage, middle), { imageIds: ['img0', 'img1'], hasVideo: true, screenshots: ['img0', 'img1'], files: 3 });
      assert.deepEqual(await mediaOf(storage, newest), { imageIds: ['img0', 'img1'], hasVideo: true, screenshots: ['img0', 'img1'], files: 3 });
      const stored = (await storage.flows.get(oldest.id))!;
      assert.equal(stored.state, 'SUCCESS');
      assert.deepEqual((await storage.toolCalls.list(oldest.id)).map((c) => c.id), ['call0', 'call1'], 'the tool calls stay');
      assert.deepEqual(storage.mediaRetention.totals(), { flows: 2, bytes: 2 * (2 * PNG.length + 500) });
    } finally {
      await storage.close();
    }
  });

  test('maxBytes: pruned oldest first until the finished flows\' files fit; a running flow\'s media is never touched', async () => {
    const storage = new LevelStorage({ dataDir: await dataDir(), mediaRetention: { maxFlows: null, maxBytes: 5000 } });
    await storage.open();
    try {
      const running = makeFlow({ createdAt: T0 });
      await storage.flows.create(running);
      await storage.flows.update(running.id, (f) => ({ ...f, state: 'RUNNING_ACTION' }));
      for (let i = 0; i < 5; i++) await storage.artifacts.putImage(running.id, `img${i}`, PNG);
      await storage.flows.update(running.id, (f) => ({ ...f, imageIds: ['img0', 'img1', 'img2', 'img3', 'img4'] }));
      // Each finished flow: 2 images + 1000 bytes of video = 3000 bytes.
      const a = await finishedFlow(storage, T0 + 100, 2, 1000);
      assert.equal((await mediaOf(storage, a)).files, 3, 'one flow fits');
      const b = await finishedFlow(storage, T0 + 200, 2, 1000);
      assert.deepEqual(await mediaOf(storage, a), { imageIds: [], hasVideo: false, screenshots: [null, null], files: 0 });
      assert.equal((await mediaOf(storage, b)).files, 3);
      assert.deepEqual(storage.mediaRetention.totals(), { flows: 1, bytes: 3000 });
      assert.equal((await storage.flows.get(running.id))!.imageIds.length, 5);
      assert.ok(await storage.artifacts.imagePath(running.id, 'img4'), 'the running flow keeps its files');
      // A flow larger than the whole budget: oldest first, so the older one goes, then the big one itself.
      const big = await finishedFlow(storage, T0 + 300, 2, 9000);
      assert.equal((await mediaOf(storage, b)).files, 0);
      assert.equal((await mediaOf(storage, big)).files, 0);
      assert.deepEqual(storage.mediaRetention.totals(), { flows: 0, bytes: 0 });
      assert.equal((await storage.flows.get(running.id))!.imageIds.length, 5, 'still untouched');
    } finally {
      await storage.close();
    }
  });

  test('DELETE removes a finished flow\'s media and its index entry; the index survives a restart and is built for an older data dir', async () => {
    const dir = await dataDir();
    // Written without retention limits, as an older version would have.
    const first = new LevelStorage({ dataDir: dir, mediaRetention: { maxFlows: null, maxBytes: null } });
    await first.open();
    const flows: FlowMetadata[] = [];
    for (const at of [T0 + 100, T0 + 200, T0 + 300, T0 + 400]) flows.push(await finishedFlow(first, at, 1, 0));
    assert.deepEqual(first.mediaRetention.totals(), { flows: 4, bytes: 4000 });
    await first.flows.delete(flows[3]!.id);
    await first.artifacts.deleteFlow(flows[3]!.id);
    assert.deepEqual(first.mediaRetention.totals(), { flows: 3, bytes: 3000 });
    await first.mediaRetention.forgetIndex();
    await first.close();

    const second = new LevelStorage({ dataDir: dir, mediaRetention: { maxFlows: 1, maxBytes: null } });
    await second.open();
    try {
      await second.mediaRetention.settled();
      assert.deepEqual(second.mediaRetention.totals(), { flows: 1, bytes: 1000 });
      assert.equal((await second.flows.get(flows[0]!.id))!.imageIds.length, 0);
      assert.equal((await second.flows.get(flows[1]!.id))!.imageIds.length, 0);
      assert.deepEqual((await second.flows.get(flows[2]!.id))!.imageIds, ['img0']);
    } finally {
      await second.close();
    }
  });

  test('a video still being finished (video.webm.part) when its flow ends is counted once it is written, and the limits apply to it', async () => {
    const storage = new LevelStorage({ dataDir: await dataDir(), mediaRetention: { maxFlows: null, maxBytes: 2 * PNG.length + 3000 } });
    await storage.open();
    try {
      const { writeFile, rename } = await import('node:fs/promises');
      const older = await finishedFlow(storage, T0 + 100, 2, 0);
      const flow = makeFlow({ createdAt: T0 });
      await storage.flows.create(flow);
      const video = await storage.artifacts.videoPath(flow.id);
      await writeFile(`${video}.part`, Buffer.alloc(0));
      await storage.flows.update(flow.id, (f) => ({ ...f, hasVideo: true, state: 'SUCCESS', completedAt: T0 + 200 }));
      await storage.mediaRetention.settled();
      assert.deepEqual(storage.mediaRetention.totals(), { flows: 2, bytes: 2 * PNG.length });
      // The encoder finishes: a 5,000-byte video takes the place of the .part file.
      await writeFile(`${video}.part`, Buffer.alloc(5000, 3));
      await rename(`${video}.part`, video);
      const deadline = Date.now() + 10_000;
      while (storage.mediaRetention.totals().bytes === 2 * PNG.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await storage.mediaRetention.settled();
      // 2,000 + 5,000 bytes are past the 5,000-byte limit: the older flow's screenshots go, the new video stays.
      assert.deepEqual(storage.mediaRetention.totals(), { flows: 1, bytes: 5000 });
      assert.deepEqual((await mediaOf(storage, older)).imageIds, []);
      assert.equal((await storage.flows.get(flow.id))!.hasVideo, true);
    } finally {
      await storage.close();
    }
  });

  test('downloads are media: a flow with only downloads is listed, their bytes count, and pruning removes them with the record saying so', async () => {
    const storage = new LevelStorage({ dataDir: await dataDir(), mediaRetention: { maxFlows: null, maxBytes: 5000 } });
    await storage.open();
    try {
      const { writeFile } = await import('node:fs/promises');
      const withDownload = async (completedAt: number): Promise<FlowMetadata> => {
        const flow = makeFlow({ createdAt: completedAt - 1000 });
        await storage.flows.create(flow);
        const dir = await storage.artifacts.downloadsDir(flow.id);
        await writeFile(join(dir, 'd1'), Buffer.alloc(3000, 3));
        const download = { id: 'd1', fileName: 'report.bin', size: 3000, sha256: 'x', mimeType: 'application/octet-stream', toolCallId: null, createdAt: completedAt };
        const done = await storage.flows.update(flow.id, (f) => ({ ...f, downloads: [download], state: 'SUCCESS', startedAt: completedAt - 900, completedAt }));
        await storage.mediaRetention.settled();
        return done!;
      };
      const first = await withDownload(T0 + 100);
      assert.deepEqual(storage.mediaRetention.totals(), { flows: 1, bytes: 3000 }, 'a flow whose only media is a download is counted, its subfolder included');
      assert.ok(await storage.artifacts.downloadPath(first.id, 'd1'));
      const second = await withDownload(T0 + 200);
      assert.deepEqual((await storage.flows.get(first.id))!.downloads, [], 'the oldest lost its download');
      assert.equal(await storage.artifacts.downloadPath(first.id, 'd1'), undefined);
      assert.equal((await storage.flows.get(second.id))!.downloads!.length, 1);
      assert.deepEqual(storage.mediaRetention.totals(), { flows: 1, bytes: 3000 });
      assert.equal(await storage.artifacts.downloadPath(second.id, '../d1'), undefined, 'an unsafe id is simply not found');
    } finally {
      await storage.close();
    }
  });
});
