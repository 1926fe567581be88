/**
 * Video recording: the CDP screencast piped into the system ffmpeg must give
 * a complete VP9 WebM that ffprobe reads, following the active tab.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startHarness, type Harness } from './driver-harness';

let h: Harness;

before(async () => {
  h = await startHarness({ videoFps: 10 });
});
after(() => h.shutdown());

function probe(file: string): { codec: string; width: number; height: number; duration: number } {
  const out = execFileSync('/usr/bin/ffprobe', [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'json', file,
  ], { encoding: 'utf8', timeout: 20_000 });
  const json = JSON.parse(out) as { streams: Array<{ codec_name: string; width: number; height: number }>; format: { duration: string } };
  const stream = json.streams[0]!;
  return { codec: stream.codec_name, width: stream.width, height: stream.height, duration: Number(json.format.duration) };
}

test('a session records a VP9 WebM of the active tab, complete once close() returns', async () => {
  const videoPath = join(h.tmp, 'videos', 'flow.webm');
  const s = await h.open({ videoPath });
  assert.equal(s.recordsVideo, true);
  await s.navigate(`${h.site.url}/login.html`);
  await s.type('#username', 'alice');
  await s.type('#password', 's3cret-pass');
  await s.click('#login-button');
  await s.waitForText('Welcome, alice!', 3_000);
  await s.navigate(`${h.site.url}/tabs.html`);
  await s.click('#new-tab-link');
  await s.waitForUrl('user=newtab', 3_000);
  await new Promise((r) => setTimeout(r, 700));
  await s.close();
  assert.ok(existsSync(videoPath));
  const info = probe(videoPath);
  assert.equal(info.codec, 'vp9');
  // A 1280x720 viewport, recorded at MAX_VIDEO_WIDTH (960) with its aspect.
  assert.equal(info.width, 960);
  assert.equal(info.height, 540);
  assert.ok(info.duration > 0.5, `duration ${info.duration} s`);
});

test('a still, short session still gives a playable file; device viewports are kept', async () => {
  const videoPath = join(h.tmp, 'still.webm');
  const s = await h.open({ videoPath }, { type: 'device', deviceName: 'Pixel 7' });
  await s.navigate(`${h.site.url}/index.html`);
  await s.close();
  const info = probe(videoPath);
  assert.equal(info.codec, 'vp9');
  assert.equal(info.width, 412);
  assert.ok(info.height > 800 && info.height % 2 === 0, `height ${info.height}`);
  assert.ok(info.duration > 0, `duration ${info.duration} s`);
});
