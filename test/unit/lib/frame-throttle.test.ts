/** FrameThrottle: at most one frame per interval, the newest one, never a lost last frame. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FrameThrottle } from '../../../lib/video/frame-throttle';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('a burst sends its first frame at once and its last one when the interval ends', async () => {
  const sent: Array<{ frame: number; at: number }> = [];
  const throttle = new FrameThrottle<number>(200, (frame) => sent.push({ frame, at: Date.now() }));
  const start = Date.now();
  for (let i = 1; i <= 5; i++) throttle.offer(i);
  assert.deepEqual(sent.map((s) => s.frame), [1]);
  await sleep(400);
  assert.deepEqual(sent.map((s) => s.frame), [1, 5], 'frames 2 to 4 were replaced by 5');
  assert.ok(sent[1]!.at - start >= 199, `the second frame ${sent[1]!.at - start} ms after the first`);
  // Once a whole interval has passed since the last frame, the next goes out at once.
  await sleep(Math.max(0, sent[1]!.at + 210 - Date.now()));
  throttle.offer(6);
  assert.deepEqual(sent.map((s) => s.frame), [1, 5, 6], 'sent without waiting');
});

test('close drops the waiting frame and sends no more', async () => {
  const sent: number[] = [];
  const throttle = new FrameThrottle<number>(100, (frame) => sent.push(frame));
  throttle.offer(1);
  throttle.offer(2);
  throttle.close();
  throttle.offer(3);
  await sleep(250);
  assert.deepEqual(sent, [1]);
});
