/** GET /api/flows/{flowId}/observation: the live page as the agent sees it, env values redacted; 409 without a live browser. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow, isFinished } from './support/flows';

const SECRET = 'obs-S3cret-value';
let svc: RunningService;
let site: TestSite;

const waiting = (f: any) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION';

describe('GET /api/flows/{flowId}/observation', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, actionTimeoutMs: 1500 } } });
    assert.equal((await svc.request('POST', '/api/env/QUERY', { value: SECRET })).status, 200);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('answers url, title and the compact observation; env values the page echoes come back as placeholders', async () => {
    const created = await svc.request('POST', '/api/flows', {
      name: 'observe', targetWebsite: `${site.url}/echo.html`, initialRunMode: 'INSTRUCT', envVars: ['QUERY'],
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    await waitForFlow(svc, id, waiting);
    const first = await svc.request('GET', `/api/flows/${id}/observation`);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(Object.keys(first.body).sort(), ['observation', 'title', 'url']);
    assert.equal(first.body.url, `${site.url}/echo.html`);
    assert.equal(first.body.title, 'Echo');
    assert.match(first.body.observation, /\[\d+\] textbox "Query"/);
    assert.match(first.body.observation, /\[\d+\] button "Send"/);

    await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'type', parameters: { selector: '#q', text: '${QUERY}' } });
    await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'click', parameters: { selector: 'button[type=submit]' } });
    await waitForFlow(svc, id, (f) => waiting(f) && f.progress.toolCallsCompleted === 2);
    await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'assertText', parameters: { text: 'You sent' } });
    await waitForFlow(svc, id, (f) => waiting(f) && f.progress.toolCallsCompleted === 3);
    const echoed = await svc.request('GET', `/api/flows/${id}/observation?screenshot=true`);
    assert.equal(echoed.status, 200, echoed.text);
    assert.ok(!echoed.text.includes(SECRET), 'the env value never appears');
    assert.match(echoed.body.url, /q=\$\{QUERY\}/);
    assert.equal(echoed.body.title, 'Echo: ${QUERY}');
    assert.match(echoed.body.observation, /You sent: \$\{QUERY\}/);
    const png = Buffer.from(echoed.body.screenshot, 'base64');
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');

    const bad = await svc.request('GET', `/api/flows/${id}/observation?screenshot=maybe`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^screenshot/);
    assert.equal((await svc.request('GET', `/api/flows/${id}/observation?extra=1`)).status, 400);

    await svc.request('POST', `/api/flows/${id}/cancel`);
    await waitForFlow(svc, id, isFinished);
    const ended = await svc.request('GET', `/api/flows/${id}/observation`);
    assert.equal(ended.status, 409);
    assert.equal(ended.body.code, 'FLOW_NOT_ACTIVE');
  });

  test('an unknown or malformed flow id answers 404 FLOW_NOT_FOUND', async () => {
    for (const id of ['4b8e1a52-9c3d-4e6f-8a7b-1c2d3e4f5a6b', 'not-a-uuid']) {
      const res = await svc.request('GET', `/api/flows/${id}/observation`);
      assert.equal(res.status, 404);
      assert.equal(res.body.code, 'FLOW_NOT_FOUND');
    }
  });
});
