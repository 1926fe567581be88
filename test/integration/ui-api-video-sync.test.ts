/**
 * The API additions of the UI's flow view (docs/ui-api-needs.md items 1 and
 * 2), against the real service, real Chromium and the real ffmpeg:
 * `ToolCallRecord.videoOffsetMs` points at the newest video frame when the
 * call started (checked by decoding the WebM at those positions), and the
 * live `frame` event (throttled, URL redacted, never replayed).
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, waitForFlow } from './support/flows';
import { readEvents, type SseEvent } from './support/sse';

const SECRET = 'live-frame-secret-42';
const FPS = 10;
let svc: RunningService;
let site: TestSite;

/** Paints the whole page one colour (the video's frames then tell the steps apart). */
const paint = {
  name: 'paint', description: 'Paints the page one colour',
  inputSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
  javascript: "document.body.innerHTML = ''; document.documentElement.style.background = params.color; document.body.style.background = params.color; return params.color;",
};

/** The average colour (r, g, b) of the middle of the video frame shown at `ms`. */
function colourAt(videoFile: string, ms: number): [number, number, number] {
  const out = execFileSync('/usr/bin/ffmpeg', [
    '-v', 'error', '-i', videoFile, '-ss', (ms / 1000).toFixed(3), '-frames:v', '1',
    '-vf', 'crop=iw/2:ih/2,scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-',
  ], { timeout: 20_000 });
  assert.equal(out.length, 3, `no frame at ${ms} ms`);
  return [out[0]!, out[1]!, out[2]!];
}

const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 80 && b! < 80;
const isBlue = ([r, g, b]: number[]) => b! > 180 && r! < 80 && g! < 80;

/** Frames in the WebM, and its frame rate, as ffprobe counts them. */
function probeFrames(videoFile: string): { frames: number; fps: number } {
  const out = execFileSync('/usr/bin/ffprobe', [
    '-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', 'stream=nb_read_frames,r_frame_rate', '-of', 'json', videoFile,
  ], { encoding: 'utf8', timeout: 30_000 });
  const stream = JSON.parse(out).streams[0] as { nb_read_frames: string; r_frame_rate: string };
  const [num, den] = stream.r_frame_rate.split('/').map(Number);
  return { frames: Number(stream.nb_read_frames), fps: num! / den! };
}

describe('video offsets of tool calls and live frames', () => {
  let flow: any;
  let calls: any[];
  let live: SseEvent[];
  let videoFile: string;

  before(async () => {
    site = await startTestSite();
    svc = await startService({
      configOverrides: (c) => ({
        ...c,
        plugins: c.plugins.map((p) => (p.use.endsWith('drivers/playwright') ? { ...p, config: { ...(p.config as object), videoFps: FPS } } : p)),
      }),
    });
    assert.equal((await svc.request('POST', '/api/env/PAGE_KEY', { value: SECRET })).status, 200);
    const body = deterministic(site.url, '/index.html', [
      { name: 'navigate', parameters: { url: `${site.url}/index.html?key=\${PAGE_KEY}` } },
      { name: 'paint', parameters: { color: '#ff0000' } },
      { name: 'wait', parameters: { ms: 1500 } },
      { name: 'paint', parameters: { color: '#0000ff' } },
      { name: 'wait', parameters: { ms: 1500 } },
    ], { name: 'video sync', envVars: ['PAGE_KEY'], customTools: [paint] });
    const created = await svc.request('POST', '/api/flows', body);
    assert.equal(created.status, 201, created.text);
    // Subscribed at once: the frames of the run arrive live.
    const stream = readEvents(`${svc.url}/api/flows/${created.body.id}/events`, 90_000);
    flow = await waitForFlow(svc, created.body.id, isFinished, 90_000);
    live = (await stream).events;
    calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
    const video = await svc.request('GET', `/api/flows/${flow.id}/video`);
    assert.equal(video.status, 200);
    videoFile = `${svc.dir}/video-copy.webm`;
    writeFileSync(videoFile, video.body as Buffer);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('every call has the video position of its start, on the video frame grid and inside the video', () => {
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    const { frames, fps } = probeFrames(videoFile);
    assert.equal(fps, FPS);
    const interval = 1000 / fps;
    let previous = -1;
    for (const call of calls) {
      assert.equal(typeof call.videoOffsetMs, 'number', JSON.stringify(call));
      // A frame index times the frame interval, within rounding.
      const index = call.videoOffsetMs / interval;
      assert.ok(Math.abs(index - Math.round(index)) < 0.01, `${call.videoOffsetMs} ms is not on the ${interval} ms grid`);
      assert.ok(Math.round(index) < frames, `frame ${index} of ${frames}`);
      assert.ok(call.videoOffsetMs >= previous, 'offsets follow the order of the calls');
      previous = call.videoOffsetMs;
    }
  });

  test('the frames at those positions show the page as it was when each call started', () => {
    const [, paintRed, waitRed, paintBlue, waitBlue] = calls;
    // The frame at a call's offset is the newest one written before it ran: the page as the call found it.
    assert.ok(!isRed(colourAt(videoFile, paintRed.videoOffsetMs)), 'not red yet when the red paint starts');
    assert.ok(isRed(colourAt(videoFile, paintBlue.videoOffsetMs)), 'still red when the blue paint starts');
    // And the video goes on in step with the calls: the middle of each wait (in video time) shows what the paint before it did.
    const end = probeFrames(videoFile).frames * (1000 / FPS);
    assert.ok(isRed(colourAt(videoFile, (waitRed.videoOffsetMs + paintBlue.videoOffsetMs) / 2)), 'red during the first wait');
    assert.ok(isBlue(colourAt(videoFile, (waitBlue.videoOffsetMs + end) / 2)), 'blue during the second wait');
  });

  test('live frames: PNG of the active tab (the video\'s pictures), at most 2 per second, URL redacted', () => {
    const frames = live.filter((e) => e.event === 'frame');
    assert.ok(frames.length >= 3, `only ${frames.length} frames in a 3 s run`);
    for (const f of frames) {
      assert.equal(f.data.flowId, flow.id);
      assert.equal(f.data.mimeType, 'image/png');
      assert.equal(f.id, undefined, 'frames carry no event id (never replayed)');
      assert.ok(Buffer.from(f.data.data, 'base64').subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'a PNG');
      assert.equal(f.data.tabIndex, 0);
      assert.ok(!f.data.url.includes(SECRET), f.data.url);
    }
    assert.ok(frames.some((f) => f.data.url.includes('key=${PAGE_KEY}')), 'the URL with the env value as its placeholder');
    for (let i = 1; i < frames.length; i++) {
      // The throttle spaces frames 500 ms apart; `at` is stamped as it lets each through, before the picture is encoded
      // (the clock's own granularity is the slack left).
      assert.ok(frames[i]!.data.at - frames[i - 1]!.data.at >= 480, `frames ${i - 1} and ${i} ${frames[i]!.data.at - frames[i - 1]!.data.at} ms apart`);
    }
    const ids = live.filter((e) => e.event !== 'frame').map((e) => Number(e.id));
    assert.deepEqual(ids, ids.map((_, i) => i), 'the other events keep their numbering');
  });

  test('a late subscriber gets no frame replayed', async () => {
    const { events } = await readEvents(`${svc.url}/api/flows/${flow.id}/events`);
    assert.ok(events.some((e) => e.event === 'done'));
    assert.equal(events.filter((e) => e.event === 'frame').length, 0);
  });
});
