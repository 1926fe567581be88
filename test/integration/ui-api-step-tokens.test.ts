/**
 * Per-step token usage (docs/ui-api-needs.md item 7): an AUTONOMOUS flow
 * through the real service, real Chromium and the OpenAI SDK talking to the
 * fake OpenAI server; each LLM step's record carries the usage of the model
 * answer that chose it, and the steps add up to the flow's total. A USER step
 * of an INSTRUCT flow carries none.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { createFakeLlmServer, type FakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';
import { runFlow, waitForFlow } from './support/flows';
import { autonomous, useFakeModel } from './support/autonomous';

let svc: RunningService;
let site: TestSite;
let fake: FakeLlmServer;

before(async () => {
  [site, fake] = await Promise.all([startTestSite(), createFakeLlmServer('openai', [
    { text: 'The page should greet the user.', usage: { inputTokens: 1200, outputTokens: 30 }, toolCall: { name: 'assertText', arguments: { text: 'browserflow test site' } } },
    { text: 'Checked: done.', usage: { inputTokens: 1500, outputTokens: 45 }, toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'The heading is there' } } },
  ])]);
  svc = await startService({ settings: { flows: { video: false } } });
  await useFakeModel(svc, fake, 'fake-openai');
});

after(async () => {
  await svc?.stop();
  await Promise.all([site?.close(), fake?.close()]);
});

test('each LLM step carries the usage of the answer that chose it', async () => {
  const flow = await runFlow(svc, autonomous(site.url, '/index.html', 'Check the heading'), 60_000);
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
  const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
  assert.deepEqual(calls.map((c: any) => [c.name, c.tokenUsage]), [
    ['assertText', { inputTokens: 1200, outputTokens: 30, totalTokens: 1230 }],
    ['markObjectiveComplete', { inputTokens: 1500, outputTokens: 45, totalTokens: 1545 }],
  ]);
  assert.deepEqual(flow.tokenUsage, { inputTokens: 2700, outputTokens: 75, totalTokens: 2775 });
});

test('a USER step of an INSTRUCT flow has no token usage', async () => {
  const created = await svc.request('POST', '/api/flows', { name: 'instruct tokens', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
  assert.equal(created.status, 201, created.text);
  const id = created.body.id;
  await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
  const sent = await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'assertText', parameters: { text: 'browserflow' } });
  assert.equal(sent.status, 202, sent.text);
  let call: any;
  for (const until = Date.now() + 30_000; !call?.outcome && Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    call = (await svc.request('GET', `/api/flows/${id}/tool-calls`)).body[0];
  }
  assert.ok(call?.outcome, 'the USER call finished');
  assert.equal(call.source, 'USER');
  assert.equal(call.tokenUsage, null);
  assert.equal((await svc.request('POST', `/api/flows/${id}/cancel`)).status, 200);
});
