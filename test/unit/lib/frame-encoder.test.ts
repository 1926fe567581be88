/**
 * lib/video/frame-encoder.ts with the real ffmpeg: every frame given is in
 * the video even when frames come faster than the frame rate, the video
 * stays in step with the clock, and the file appears only when complete.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FrameEncoder, videosWritten } from '../../../lib/video/frame-encoder';

const FFMPEG = '/usr/bin/ffmpeg';
const log = { debug: () => undefined, warn: (m: string, f?: unknown) => console.error(m, f) };

/** A 64x36 PNG filled with one colour (made by ffmpeg itself). */
function solid(hex: string): Buffer {
  return execFileSync(FFMPEG, ['-v', 'error', '-f', 'lavfi', '-i', `color=c=0x${hex}:s=64x36`, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'], { maxBuffer: 1e6 });
}

/** The red, green and blue bytes of the middle pixel of every frame of the video. */
function frameColours(file: string): Array<[number, number, number]> {
  const raw = execFileSync(FFMPEG, ['-v', 'error', '-i', file, '-vf', 'crop=2:2:31:17,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1e7 });
  const out: Array<[number, number, number]> = [];
  for (let i = 0; i + 2 < raw.length; i += 3) out.push([raw[i]!, raw[i + 1]!, raw[i + 2]!]);
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('frames given faster than the rate each get a frame, and the video keeps the clock', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-encoder-'));
  try {
    const out = join(dir, 'v.webm');
    const encoder = new FrameEncoder({ ffmpegPath: FFMPEG, outputPath: out, width: 64, height: 36, fps: 10, input: 'png', log });
    const colours = ['ff0000', '00ff00', '0000ff', 'ffff00', 'ff00ff'].map((hex) => ({ hex, png: solid(hex) }));
    const started = Date.now();
    // Five pictures within a few ms (a burst of fast steps), then a still page.
    for (const { png } of colours) encoder.setFrame(png);
    await sleep(1500);
    const elapsed = Date.now() - started;
    await encoder.end();
    assert.equal(existsSync(out), false, 'the file appears only once complete');
    await encoder.written;
    assert.equal(existsSync(out), true);
    assert.equal(existsSync(`${out}.part`), false);

    const frames = frameColours(out);
    // In step with the clock: the extra frames of the burst were paid back by skipped repeats.
    const expected = Math.round(elapsed / 100);
    assert.ok(Math.abs(frames.length - expected) <= 3, `${frames.length} frames for ${elapsed} ms`);
    // Every colour is in the video, in order.
    const seen = frames.map(([r, g, b]) => colours.findIndex(({ hex }) => {
      const want = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return Math.abs(want[0]! - r) < 60 && Math.abs(want[1]! - g) < 60 && Math.abs(want[2]! - b) < 60;
    }));
    const order = seen.filter((c, i) => c !== seen[i - 1]);
    assert.deepEqual(order, [0, 1, 2, 3, 4], `colour indexes per frame: ${seen.join(',')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('positionMs is where the newest picture is in the video', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-encoder-'));
  try {
    const encoder = new FrameEncoder({ ffmpegPath: FFMPEG, outputPath: join(dir, 'v.webm'), width: 64, height: 36, fps: 10, input: 'png', log });
    assert.equal(encoder.positionMs, 0);
    encoder.setFrame(solid('ff0000'));
    await sleep(350);
    const before = encoder.positionMs;
    encoder.setFrame(solid('00ff00'));
    // The new picture takes the next frame of the video.
    assert.equal(encoder.positionMs, before + 100);
    await encoder.stop();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a recording without any picture ends without a file, and videosWritten() does not wait for it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-encoder-'));
  try {
    const out = join(dir, 'v.webm');
    const encoder = new FrameEncoder({ ffmpegPath: FFMPEG, outputPath: out, width: 64, height: 36, fps: 10, input: 'png', log: { debug: () => undefined, warn: () => undefined } });
    await encoder.end(async () => null);
    await videosWritten();
    assert.equal(existsSync(out), false);
    assert.equal(existsSync(`${out}.part`), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('videosWritten() waits for a video being finished, never for one still recording (another open session)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bf-encoder-'));
  const live = new FrameEncoder({ ffmpegPath: FFMPEG, outputPath: join(dir, 'live.webm'), width: 64, height: 36, fps: 10, input: 'png', log });
  try {
    live.setFrame(solid('00ff00'));
    const ended = new FrameEncoder({ ffmpegPath: FFMPEG, outputPath: join(dir, 'ended.webm'), width: 64, height: 36, fps: 10, input: 'png', log });
    ended.setFrame(solid('ff0000'));
    await sleep(300);
    await ended.end();
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([videosWritten().then(() => 'returned'), new Promise((r) => { timer = setTimeout(() => r('still waiting'), 30_000); })]);
    clearTimeout(timer);
    assert.equal(waited, 'returned');
    // It returned because the ended video is complete, not before.
    assert.equal(existsSync(join(dir, 'ended.webm')), true);
    assert.equal(existsSync(join(dir, 'live.webm')), false);
  } finally {
    await live.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
