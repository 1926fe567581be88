/**
 * Flows on a real Selenium Grid 4.20 with two slots, as a platform team runs
 * browserflow: four concurrent DETERMINISTIC flows all succeed (two wait in
 * the Grid's queue for a slot), each with a video; a Grid that is gone fails
 * the flow naming the endpoint, and the service keeps serving.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startSeleniumGrid, type SeleniumGrid } from '../helpers/selenium-grid';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow } from './support/flows';

const loginCalls = [
  { name: 'type', parameters: { selector: '#username', text: 'alice' } },
  { name: 'type', parameters: { selector: '#password', text: 's3cret-pass' } },
  { name: 'click', parameters: { selector: 'button[type=submit]' } },
  { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
];

describe('flows on a Selenium Grid with two slots', () => {
  let svc: RunningService;
  let site: TestSite;
  let grid: SeleniumGrid;
  const tmp = mkdtempSync(join(tmpdir(), 'bf-grid-flows-'));

  before(async () => {
    site = await startTestSite();
    grid = await startSeleniumGrid({ slots: 2 });
    svc = await startService({ settings: { flows: { video: true, maxConcurrent: 4 } } });
  });
  after(async () => {
    await svc?.stop();
    await grid?.stop();
    await site?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('four concurrent flows on two slots all succeed, each with a video', async () => {
    const using = { type: 'webdriver', url: grid.url };
    const flows = await Promise.all([1, 2, 3, 4].map((n) =>
      runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { name: `grid ${n}`, browser: { using } }), 180_000)));
    for (const flow of flows) {
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
      assert.equal(flow.hasVideo, true);
    }
    const video = await svc.request('GET', `/api/flows/${flows[3].id}/video`);
    assert.equal(video.status, 200);
    writeFileSync(join(tmp, 'flow.webm'), video.body as Buffer);
    const probe = JSON.parse(execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', join(tmp, 'flow.webm')]).toString());
    assert.equal(probe.streams[0].codec_name, 'vp9');
  });

  test('a Grid that is gone fails the flow naming its endpoint; the service keeps serving', async () => {
    const url = grid.url;
    await grid.stop();
    const flow = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { browser: { using: { type: 'webdriver', url } } }), 120_000);
    assert.equal(flow.state, 'FAILED');
    assert.match(JSON.stringify(flow.result), new RegExp(`127\\.0\\.0\\.1:${grid.port}`));
    assert.equal((await svc.request('GET', '/api/ping')).status, 200);
  });
});
