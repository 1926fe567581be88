/**
 * The video route's wait (plugins/routes/flows/flow-files.ts) with the real
 * ffmpeg: a `.part` file left unchanged for long is a dead encoder's only
 * when no encoder of this process writes it. A starved encoder (a busy
 * machine, the video of a long flow finishing at low priority) is waited
 * for and its video served, where it used to be answered VIDEO_NOT_FOUND,
 * which the UI's video player showed as a broken video for good.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FrameEncoder, isVideoBeingWritten } from '../../../lib/video/frame-encoder';
import { FlowFiles } from '../../../plugins/routes/flows/flow-files';
import type { Flows } from '../../../kernel/contracts/flows';
import type { Storage } from '../../../kernel/contracts/storage';

const FFMPEG = '/usr/bin/ffmpeg';
const log = { debug: () => undefined, warn: (m: string, f?: unknown) => console.error(m, f) };
const png = execFileSync(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=0x3366ff:s=64x36', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'], { maxBuffer: 1e6 });

/** FlowFiles over one ended flow whose video is at `path` (only what videoPath reads). */
function filesFor(path: string, completedAt: number): FlowFiles {
  const flow = { id: 'f1', state: 'SUCCESS', hasVideo: true, completedAt };
  const flows = { get: async () => flow } as unknown as Flows;
  const storage = { artifacts: { videoPath: async () => path } } as unknown as Storage;
  return new FlowFiles(flows, storage);
}

/** Makes a file look unchanged for a minute. */
function ageOneMinute(path: string): void {
  const then = new Date(Date.now() - 60_000);
  utimesSync(path, then, then);
}

test('a video whose encoder is alive is waited for however long its .part went unchanged, then served', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-video-wait-'));
  try {
    const out = join(dir, 'video.webm');
    const encoder = new FrameEncoder({ ffmpegPath: FFMPEG, outputPath: out, width: 64, height: 36, fps: 10, input: 'png', log });
    assert.equal(isVideoBeingWritten(out), true, 'written from the first moment');
    encoder.setFrame(png);
    await new Promise((r) => setTimeout(r, 300));
    ageOneMinute(`${out}.part`);
    // The flow ended a minute ago and the .part has not changed since: only the live encoder says it is still coming.
    const served = filesFor(out, Date.now() - 60_000).videoPath('f1');
    await new Promise((r) => setTimeout(r, 500));
    ageOneMinute(`${out}.part`);
    await encoder.end();
    assert.equal(await served, out);
    assert.equal(isVideoBeingWritten(out), false, 'not once complete');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a .part no encoder writes any more, unchanged since long after its flow, is VIDEO_NOT_FOUND at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-video-wait-'));
  try {
    const out = join(dir, 'video.webm');
    writeFileSync(`${out}.part`, 'half a video');
    ageOneMinute(`${out}.part`);
    const started = Date.now();
    await assert.rejects(filesFor(out, Date.now() - 60_000).videoPath('f1'), (err: { code?: string }) => err.code === 'VIDEO_NOT_FOUND');
    assert.ok(Date.now() - started < 5_000, 'answered without waiting');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
