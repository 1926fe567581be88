/**
 * A service stopped while its flows are still starting (their browsers
 * launching) leaves no browser behind: a cancelled start-up is given up on at
 * once, so the scheduler's stop waits for the browser still opening before
 * the drivers close (a launch finishing after them would outlive the service),
 * also for a flow already cancelled whose browser is still opening; and the
 * drivers start no browser once they are closed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startService } from '../helpers/service';
import { startTestSite } from '../fixtures/site/serve';
import { deterministic } from './support/flows';

/** Chromium processes whose parent is this process (the in-process service's drivers launch them). */
function ownBrowsers(): string[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out.split('\n').filter((line) => /chrom/i.test(line));
}

test('stopping the service while flows launch their browsers leaves no browser running', async () => {
  const site = await startTestSite();
  try {
    for (const delayMs of [0, 50, 250]) {
      const svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
      for (let i = 0; i < 3; i++) {
        const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/index.html', [{ name: 'wait', parameters: { ms: 5000 } }], { name: `starting ${i}` }));
        assert.equal(res.status, 201, res.text);
      }
      await new Promise((r) => setTimeout(r, delayMs));
      await svc.stop();
      assert.deepEqual(ownBrowsers(), [], `a browser outlived the service (stopped ${delayMs} ms after the flows were created)`);
    }
  } finally {
    await site.close();
  }
});

test('a flow cancelled while its browser launches, then the service stopped, leaves no browser running', async () => {
  const site = await startTestSite();
  try {
    for (const delayMs of [0, 100]) {
      const svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
      const res = await svc.request('POST', '/api/flows', { name: 'cancelled at once', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
      assert.equal(res.status, 201, res.text);
      await new Promise((r) => setTimeout(r, delayMs));
      // The flow ends at once; its browser, still opening, is let go in the background.
      assert.equal((await svc.request('POST', `/api/flows/${res.body.id}/cancel`)).status, 200);
      await svc.stop();
      assert.deepEqual(ownBrowsers(), [], `a browser outlived the service (cancelled ${delayMs} ms after the flow was created)`);
    }
  } finally {
    await site.close();
  }
});
