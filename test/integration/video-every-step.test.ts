/**
 * Every step is in the video, even when steps come faster than the video's
 * frame rate and even with screenshots off (flows.screenshots: false): the
 * flow still takes its picture after each step for the video, and stores
 * none. Real service, real Chromium, the real ffmpeg; the WebM is decoded
 * frame by frame.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, waitForFlow } from './support/flows';

let svc: RunningService | undefined;
let site: TestSite | undefined;
const tmp = mkdtempSync(join(tmpdir(), 'bf-video-steps-'));
after(async () => {
  await svc?.stop();
  await site?.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Paints the whole page one colour, so each step's picture is told apart in the video. */
const paint = {
  name: 'paint', description: 'Paints the page one colour',
  inputSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
  javascript: "document.body.innerHTML = ''; document.documentElement.style.background = params.color; document.body.style.background = params.color; return params.color;",
};

const COLOURS: Array<[string, [number, number, number]]> = [
  ['#ff0000', [255, 0, 0]], ['#00ff00', [0, 255, 0]], ['#0000ff', [0, 0, 255]], ['#ffff00', [255, 255, 0]], ['#ff00ff', [255, 0, 255]], ['#00ffff', [0, 255, 255]],
];

/** For every frame of the video, the index in COLOURS of its middle's colour, or -1. */
function colourPerFrame(file: string): number[] {
  const raw = execFileSync('/usr/bin/ffmpeg', ['-v', 'error', '-i', file, '-vf', 'crop=iw/4:ih/4,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1e7, timeout: 30_000 });
  const out: number[] = [];
  for (let i = 0; i + 2 < raw.length; i += 3) {
    const px = [raw[i]!, raw[i + 1]!, raw[i + 2]!];
    out.push(COLOURS.findIndex(([, want]) => want.every((c, k) => Math.abs(c - px[k]!) < 70)));
  }
  return out;
}

test('six steps within a fraction of a second, screenshots off: each step shows in the video, in order', async () => {
  site = await startTestSite();
  svc = await startService({ settings: { flows: { screenshots: false, video: true } } });
  const body = deterministic(site.url, '/index.html', COLOURS.map(([color]) => ({ name: 'paint', parameters: { color } })), { name: 'fast steps', customTools: [paint] });
  const created = await svc.request('POST', '/api/flows', body);
  assert.equal(created.status, 201, created.text);
  const flow = await waitForFlow(svc, created.body.id, isFinished, 60_000);
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
  assert.equal(flow.hasVideo, true);
  assert.deepEqual(flow.imageIds, [], 'no screenshot is stored');
  const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body as Array<{ screenshotImageId: string | null; startedAt: number; completedAt: number }>;
  assert.ok(calls.every((c) => c.screenshotImageId === null));
  const paints = calls.slice(-COLOURS.length);
  const span = paints.at(-1)!.completedAt - paints[0]!.startedAt;

  // Asked at once after the end: the route waits while the video is finished.
  const video = await svc.request('GET', `/api/flows/${flow.id}/video`);
  assert.equal(video.status, 200);
  const file = join(tmp, 'flow.webm');
  writeFileSync(file, video.body as Buffer);
  const seen = colourPerFrame(file);
  const order = seen.filter((c, i) => c !== -1 && c !== seen[i - 1]);
  assert.deepEqual(order, COLOURS.map((_, i) => i), `six steps in ${span} ms; colour per frame: ${seen.join(',')}`);
});
