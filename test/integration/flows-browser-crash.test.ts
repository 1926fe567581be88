/** The browser process killed mid-flow: the flow fails within seconds, the service keeps serving, the next flow gets a fresh browser. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { runFlow, waitForFlow, isFinished } from './support/flows';

let svc: RunningService;
let site: TestSite;

/** Browser processes started by this (test) process: the service runs in-process. */
function childBrowsers(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && /chrom/i.test(comm)) pids.push(Number(name));
    } catch { /* gone */ }
  }
  return pids;
}

describe('browser crash', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('killing the browser ends the live flow FAILED BROWSER_CRASHED and the next flow works', async () => {
    const res = await svc.request('POST', '/api/flows', { name: 'victim', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
    await waitForFlow(svc, res.body.id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');
    const browsers = childBrowsers();
    assert.ok(browsers.length >= 1, 'a browser process runs');
    const killedAt = Date.now();
    for (const pid of browsers) process.kill(pid, 'SIGKILL');
    const flow = await waitForFlow(svc, res.body.id, isFinished, 15_000);
    assert.ok(Date.now() - killedAt < 10_000, 'ended within seconds');
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.result.error.code, 'BROWSER_CRASHED');
    assert.equal((await svc.request('GET', '/api/ping')).status, 200);

    const next = await runFlow(svc, {
      name: 'next', targetWebsite: `${site.url}/login.html`, initialRunMode: 'DETERMINISTIC',
      toolCallsOnStart: [{ name: 'assertText', parameters: { text: 'Sign in' } }],
    });
    assert.equal(next.state, 'SUCCESS', JSON.stringify(next.result));
  });
});
