/**
 * Per-step cost (docs/ui-api-needs.md item 7): the GPT configuration's own
 * prices (`inputCostPerMillionTokens`, `outputCostPerMillionTokens`) price
 * each model call when it is made, through the real service, real Chromium
 * and the OpenAI SDK talking to the fake OpenAI server. The flow's `costUsd`
 * is the sum; editing the prices later changes no past cost; a configuration
 * without prices gives null; bad prices answer 400 naming the field.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { createFakeLlmServer, type FakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';
import { runFlow } from './support/flows';
import { autonomous, useFakeModel } from './support/autonomous';
import { assertServedRecords } from '../helpers/record-shape';

let svc: RunningService;
let site: TestSite;
let fake: FakeLlmServer;

const SCRIPT = [
  { text: 'The page should greet the user.', usage: { inputTokens: 1200, outputTokens: 30 }, toolCall: { name: 'assertText', arguments: { text: 'browserflow test site' } } },
  { text: 'Checked: done.', usage: { inputTokens: 1500, outputTokens: 45 }, toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'The heading is there' } } },
];

before(async () => {
  // The script twice: one priced flow, one unpriced.
  [site, fake] = await Promise.all([startTestSite(), createFakeLlmServer('openai', [...SCRIPT, ...SCRIPT])]);
  svc = await startService({ settings: { flows: { video: false } } });
  await useFakeModel(svc, fake, 'fake-openai');
});

after(async () => {
  await svc?.stop();
  await Promise.all([site?.close(), fake?.close()]);
});

const close = (actual: unknown, expected: number) => {
  assert.equal(typeof actual, 'number', `costUsd ${JSON.stringify(actual)}`);
  assert.ok(Math.abs((actual as number) - expected) < 1e-12, `costUsd ${actual}, expected ${expected}`);
};

test('prices must be numbers >= 0: 400 naming the field', async () => {
  for (const [field, value] of [['inputCostPerMillionTokens', -1], ['outputCostPerMillionTokens', '3'], ['inputCostPerMillionTokens', 2_000_000]] as const) {
    const res = await svc.request('POST', '/api/gpt-configs/bad-prices', { ...fake.gptConfig(), [field]: value });
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.message, new RegExp(field), res.text);
  }
  assert.equal((await svc.request('GET', '/api/gpt-configs/bad-prices')).status, 404);
});

test('each LLM step is priced at the configuration it ran with; the flow sums them; a later edit changes nothing', async () => {
  const priced = { ...fake.gptConfig(), inputCostPerMillionTokens: 2.5, outputCostPerMillionTokens: 10 };
  const put = await svc.request('POST', '/api/gpt-configs/fake-openai', priced);
  assert.equal(put.status, 200, put.text);
  assert.equal(put.body.inputCostPerMillionTokens, 2.5);
  assert.equal(put.body.outputCostPerMillionTokens, 10);

  const flow = await runFlow(svc, autonomous(site.url, '/index.html', 'Check the heading'), 60_000);
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
  const first = (1200 * 2.5 + 30 * 10) / 1e6;
  const second = (1500 * 2.5 + 45 * 10) / 1e6;
  const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
  assert.deepEqual(calls.map((c: any) => c.name), ['assertText', 'markObjectiveComplete']);
  close(calls[0].costUsd, first);
  close(calls[1].costUsd, second);
  close(flow.costUsd, first + second);
  await assertServedRecords(svc, flow.id);

  // Cheaper later: the past flow keeps what it cost then.
  const cheaper = await svc.request('POST', '/api/gpt-configs/fake-openai', { ...priced, inputCostPerMillionTokens: 0.1, outputCostPerMillionTokens: 0.2 });
  assert.equal(cheaper.status, 200, cheaper.text);
  close((await svc.request('GET', `/api/flows/${flow.id}`)).body.costUsd, first + second);
  close((await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body[0].costUsd, first);
});

test('a configuration without prices gives null costs', async () => {
  const put = await svc.request('POST', '/api/gpt-configs/fake-openai', fake.gptConfig());
  assert.equal(put.status, 200, put.text);
  const flow = await runFlow(svc, autonomous(site.url, '/index.html', 'Check the heading'), 60_000);
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
  assert.equal(flow.costUsd, null);
  const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
  assert.deepEqual(calls.map((c: any) => c.costUsd), [null, null]);
  assert.deepEqual(flow.tokenUsage, { inputTokens: 2700, outputTokens: 75, totalTokens: 2775 });
});

test('the OpenAPI document lists the prices and the cost fields', async () => {
  const doc = JSON.stringify((await svc.request('GET', '/api/openapi.json')).body);
  for (const field of ['inputCostPerMillionTokens', 'outputCostPerMillionTokens', 'costUsd', 'selectorsTried', 'selectorUsed']) {
    assert.ok(doc.includes(`"${field}"`), `openapi names ${field}`);
  }
});
