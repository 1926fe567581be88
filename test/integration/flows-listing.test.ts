/** 25 flows at once (more than eight times the concurrency limit) (queued, none lost) and GET /api/flows filters and paging over HTTP. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, waitForFlow, isFinished } from './support/flows';

let svc: RunningService;
let site: TestSite;
const ids: string[] = [];

describe('many flows and listing', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false, maxConcurrent: 3 } } });
    const bodies = Array.from({ length: 25 }, (_, i) => ({
      ...deterministic(site.url, '/index.html', [{ name: 'assertText', parameters: { text: 'browserflow' } }]),
      name: i % 5 === 0 ? 'fifth' : `flow ${i}`,
    }));
    const created = await Promise.all(bodies.map((b) => svc.request('POST', '/api/flows', b)));
    for (const r of created) {
      assert.equal(r.status, 201, r.text);
      ids.push(r.body.id);
    }
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('25 flows created at once are queued by the concurrency limit and all succeed', async () => {
    const running = await svc.request('GET', '/api/flows?state=RUNNING');
    assert.equal(running.status, 200);
    assert.ok(running.body.flows.every((f: any) => f.state !== 'SUCCESS' && f.state !== 'FAILED'));
    const live = running.body.flows.filter((f: any) => f.state !== 'UNSTARTED').length;
    assert.ok(live <= 3, `at most 3 run at once, saw ${live}`);
    for (const id of ids) {
      const f = await waitForFlow(svc, id, isFinished, 120_000);
      assert.equal(f.state, 'SUCCESS', JSON.stringify(f.result));
    }
  });

  test('pages are newest first and collect every flow exactly once', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res: any = await svc.request('GET', `/api/flows?limit=7${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`);
      assert.equal(res.status, 200, res.text);
      seen.push(...res.body.flows.map((f: any) => f.id));
      token = res.body.nextPageToken;
      pages++;
    } while (token && pages < 20);
    assert.equal(pages, 4);
    assert.equal(new Set(seen).size, 25);
    assert.deepEqual(new Set(seen), new Set(ids));
    const all = (await svc.request('GET', '/api/flows')).body.flows;
    for (let i = 1; i < all.length; i++) assert.ok(all[i - 1].createdAt >= all[i].createdAt);
  });

  test('filters combine with AND', async () => {
    const fifth = (await svc.request('GET', '/api/flows?name=fifth')).body.flows;
    assert.equal(fifth.length, 5);
    assert.equal((await svc.request('GET', '/api/flows?name=fifth&state=SUCCESS&runMode=DETERMINISTIC')).body.flows.length, 5);
    assert.equal((await svc.request('GET', '/api/flows?name=fifth&state=FAILED')).body.flows.length, 0);
    assert.equal((await svc.request('GET', '/api/flows?runMode=INSTRUCT')).body.flows.length, 0);
    const latest = Math.max(...fifth.map((f: any) => f.startedAt));
    assert.equal((await svc.request('GET', `/api/flows?name=fifth&startedAfter=${latest}`)).body.flows.length, 1);
    assert.equal((await svc.request('GET', `/api/flows?name=fifth&startedBefore=${latest - 1}`)).body.flows.length, 4);
    assert.equal((await svc.request('GET', '/api/flows?state=RUNNING')).body.flows.length, 0);
  });

  test('initialRunMode filters by the mode a flow was started in', async () => {
    const created = await svc.request('POST', '/api/flows', { name: 'started instruct', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
    assert.equal(created.status, 201, created.text);
    await svc.request('POST', `/api/flows/${created.body.id}/cancel`);
    const instruct = (await svc.request('GET', '/api/flows?initialRunMode=INSTRUCT')).body.flows;
    assert.deepEqual(instruct.map((f: any) => f.id), [created.body.id]);
    assert.equal((await svc.request('GET', '/api/flows?initialRunMode=DETERMINISTIC&limit=100')).body.flows.length, 25);
    assert.equal((await svc.request('GET', '/api/flows?initialRunMode=INSTRUCT&runMode=DETERMINISTIC')).body.flows.length, 0);
    assert.equal((await svc.request('GET', '/api/flows?initialRunMode=AUTONOMOUS')).body.flows.length, 0);
  });

  test('bad query parameters answer 400 naming the parameter', async () => {
    for (const [q, field] of [['initialRunMode=x', 'initialRunMode'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=abc', 'limit'], ['state=DANCING', 'state'], ['runMode=x', 'runMode'], ['startedAfter=soon', 'startedAfter'], ['pageToken=%%%garbage', 'pageToken'], ['colour=red', 'colour']]) {
      const res = await svc.request('GET', `/api/flows?${q}`);
      assert.equal(res.status, 400, q);
      assert.equal(res.body.code, 'INVALID_REQUEST');
      assert.match(res.body.message, new RegExp(field), q);
    }
  });
});
