/**
 * Service-side bounds on flows: open event streams per flow and in all
 * (429 TOO_MANY_SUBSCRIBERS), and media retention wired from the settings
 * (the oldest finished flow's screenshots go; its record stays), with
 * DELETE of a finished flow removing its files.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow, waitForFlow } from './support/flows';
import { openStream, type OpenStream } from './support/sse';

let svc: RunningService;
let site: TestSite;

describe('flow limits', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({
      settings: {
        flows: {
          video: false, maxConcurrent: 1, maxEventSubscribersPerFlow: 2, maxEventSubscribers: 3,
          mediaRetention: { maxFlows: 1 },
        },
      },
    });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('event streams past the per-flow or overall limit answer 429 TOO_MANY_SUBSCRIBERS; a closed one frees its slot', async () => {
    const live = await svc.request('POST', '/api/flows', { name: 'live', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
    assert.equal(live.status, 201, live.text);
    await waitForFlow(svc, live.body.id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
    // maxConcurrent 1: this one waits in the queue, live too.
    const queued = await svc.request('POST', '/api/flows', { name: 'queued', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
    assert.equal(queued.status, 201, queued.text);
    const streams: OpenStream[] = [];
    const open = async (id: string) => {
      const s = await openStream(`${svc.url}/api/flows/${id}/events`);
      if (s.status === 200) streams.push(s);
      return s;
    };
    try {
      assert.equal((await open(live.body.id)).status, 200);
      assert.equal((await open(live.body.id)).status, 200);
      const perFlow = await open(live.body.id);
      assert.equal(perFlow.status, 429);
      assert.equal(perFlow.body.code, 'TOO_MANY_SUBSCRIBERS');
      assert.match(perFlow.body.message, /maxEventSubscribersPerFlow = 2/);
      assert.equal((await open(queued.body.id)).status, 200);
      const overall = await open(queued.body.id);
      assert.equal(overall.status, 429);
      assert.match(overall.body.message, /maxEventSubscribers = 3/);
      streams.shift()!.close();
      let reopened: OpenStream | undefined;
      for (let i = 0; i < 50 && reopened?.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        reopened = await open(queued.body.id);
      }
      assert.equal(reopened?.status, 200, 'the closed stream\'s slot is free again');
      assert.equal((await svc.request('GET', '/api/ping')).status, 200);
    } finally {
      for (const s of streams) s.close();
      for (const id of [queued.body.id, live.body.id]) await svc.request('POST', `/api/flows/${id}/cancel`);
      for (const id of [queued.body.id, live.body.id]) await waitForFlow(svc, id, (f) => f.state === 'FAILED');
    }
  });

  test('media retention from the settings: the older finished flow loses its screenshots, its record stays; DELETE removes the files', async () => {
    const calls = [{ name: 'assertText', parameters: { text: 'Sign in' } }];
    const first = await runFlow(svc, deterministic(site.url, '/login.html', calls), 60_000);
    const second = await runFlow(svc, deterministic(site.url, '/login.html', calls), 60_000);
    assert.equal(second.state, 'SUCCESS', JSON.stringify(second.result));
    const firstImage = first.imageIds[0];
    assert.ok(firstImage, 'the first flow had screenshots');
    // maxFlows 1: the flows finished before (the cancelled ones of the first test, then this first one) lose their media.
    const firstNow = await waitForFlow(svc, first.id, (f) => f.imageIds.length === 0, 10_000);
    assert.equal(firstNow.state, 'SUCCESS');
    assert.equal(firstNow.hasVideo, false);
    assert.equal((await svc.request('GET', `/api/flows/${first.id}/images/${firstImage}`)).status, 404);
    const calls1 = (await svc.request('GET', `/api/flows/${first.id}/tool-calls`)).body;
    assert.deepEqual(calls1.map((c: any) => c.screenshotImageId), [null]);
    const secondNow = (await svc.request('GET', `/api/flows/${second.id}`)).body;
    assert.deepEqual(secondNow.imageIds, second.imageIds);
    assert.equal((await svc.request('GET', `/api/flows/${second.id}/images/${second.imageIds[0]}`)).status, 200);

    const folder = join(svc.dataDir, 'flows', second.id);
    assert.ok(existsSync(folder));
    assert.equal((await svc.request('DELETE', `/api/flows/${second.id}`)).status, 204);
    assert.equal(existsSync(folder), false, 'its files are gone');
    assert.equal((await svc.request('GET', `/api/flows/${second.id}`)).status, 404);
    assert.equal((await svc.request('GET', `/api/flows/${second.id}/images/${second.imageIds[0]}`)).status, 404);
    assert.equal((await svc.request('GET', `/api/flows/${second.id}/tool-calls`)).status, 404);
  });
});
