/**
 * GET /api/flows/{id}/observation: the compact observation of a live flow's
 * page, as the AUTONOMOUS agent sees it, with env values back to `${NAME}`;
 * `screenshot=true` adds a PNG; 409 FLOW_NOT_ACTIVE once the flow has no
 * live browser, 404 for an unknown flow. Real Chromium, real test site.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow } from './support/flows';

const SECRET = 'zebra-42-observed';

describe('flow observation', () => {
  let site: TestSite;
  let svc: RunningService;

  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
    assert.equal((await svc.request('POST', '/api/env/SECRET_Q', { value: SECRET })).status, 200);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('answers what the agent sees of the live page, redacted; a screenshot on request; 409 once ended', async () => {
    const created = await svc.request('POST', '/api/flows', {
      name: 'observed', targetWebsite: `${site.url}/echo.html`, initialRunMode: 'INSTRUCT', envVars: ['SECRET_Q'],
    });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    const waiting = (f: any) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION';
    await waitForFlow(svc, id, waiting, 60_000);
    const typed = await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'type', parameters: { selector: '#q', text: '${SECRET_Q}' } });
    assert.equal(typed.status, 202, typed.text);
    await waitForFlow(svc, id, (f) => waiting(f) && f.progress.toolCallsCompleted === 1, 60_000);

    const res = await svc.request('GET', `/api/flows/${id}/observation`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.flowId, id);
    assert.equal(res.body.title, 'Echo');
    assert.match(res.body.url, /\/echo\.html$/);
    assert.match(res.body.text, /textbox "Query" value=\$\{SECRET_Q\}|textbox "Query" value="\$\{SECRET_Q\}"/);
    assert.ok(!res.text.includes(SECRET), 'the env value never leaves the service');
    assert.ok(res.body.refCount >= 2);
    assert.equal(res.body.screenshot, undefined);

    const shot = await svc.request('GET', `/api/flows/${id}/observation?screenshot=true`);
    assert.equal(shot.status, 200, shot.text);
    assert.deepEqual([...Buffer.from(shot.body.screenshot, 'base64').subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);

    assert.equal((await svc.request('GET', `/api/flows/${id}/observation?screenshot=maybe`)).status, 400);
    assert.equal((await svc.request('POST', `/api/flows/${id}/cancel`)).status, 200);
    const ended = await svc.request('GET', `/api/flows/${id}/observation`);
    assert.equal(ended.status, 409);
    assert.equal(ended.body.code, 'FLOW_NOT_ACTIVE');
    assert.equal((await svc.request('GET', '/api/flows/00000000-0000-4000-8000-000000000000/observation')).status, 404);
  });
});
