/**
 * AUTONOMOUS flows end to end, over HTTP through the real service, real
 * Chromium and each real provider SDK talking to a fake server of its wire
 * protocol: the fake model reads the observation it was sent, picks refs, and
 * logs in with `${USERNAME}` / `${PASSWORD}`. Then the rerun of the flow is
 * run as DETERMINISTIC.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import {
  PROTOCOLS, createFakeLlmServer, type FakeLlmServer, type ProtocolName, type RecordedRequest, type ScriptItem,
} from '../fixtures/fake-llm/fake-llm-server';
import { runFlow } from './support/flows';
import { autonomous, loginRef, pageTextOf, useFakeModel, userTextOf } from './support/autonomous';

const USERNAME = 'alice';
const PASSWORD = 's3cret-pass';
const OBJECTIVE = 'Log in as the user and confirm the welcome page';
const TYPES: Record<ProtocolName, string> = {
  openai: 'OPENAI', anthropic: 'ANTHROPIC', bedrock: 'ANTHROPIC_AWS_BEDROCK', gemini: 'GOOGLE_GEMINI', vertex: 'GOOGLE_VERTEX',
};

let svc: RunningService;
let site: TestSite;

/** Token usage the fake reports for its n-th answer: distinct per answer, so the sum proves each was counted once. */
const usageOf = (n: number) => ({ inputTokens: 100 + n, outputTokens: 10 + n });

/** The fake model's answers: each reads the page it was shown and picks the ref there. */
function loginScript(fake: () => FakeLlmServer): ScriptItem[] {
  const page = (req: RecordedRequest) => pageTextOf(fake(), req);
  return [
    (req) => ({ text: 'The Username field is empty, so I type the user name.', usage: usageOf(0), toolCall: { name: 'type', arguments: { selector: loginRef(page(req), 'username'), text: '${USERNAME}' } } }),
    (req) => ({ text: 'Now the password.', usage: usageOf(1), toolCall: { name: 'type', arguments: { selector: loginRef(page(req), 'password'), text: '${PASSWORD}' } } }),
    (req) => ({ text: 'Both fields are filled: submit the form.', usage: usageOf(2), toolCall: { name: 'click', arguments: { selector: loginRef(page(req), 'submit') } } }),
    { text: 'Check that the welcome page greets the user.', usage: usageOf(3), toolCall: { name: 'assertText', arguments: { text: 'Welcome, alice!' } } },
    { text: 'The welcome page is shown: done.', usage: usageOf(4), toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'Logged in; the welcome page greets the user' } } },
  ];
}

describe('AUTONOMOUS flows through each LLM provider', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: true } } });
    assert.equal((await svc.request('POST', '/api/env/USERNAME', { value: USERNAME })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/PASSWORD', { value: PASSWORD })).status, 200);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  for (const protocol of PROTOCOLS) {
    test(`${TYPES[protocol]}: the model logs in with placeholders and the rerun replays it`, async () => {
      let fake!: FakeLlmServer;
      fake = await createFakeLlmServer(protocol, loginScript(() => fake));
      try {
        await useFakeModel(svc, fake, `fake-${protocol}`);
        const flow = await runFlow(svc, autonomous(site.url, '/login.html', OBJECTIVE, { envVars: ['USERNAME', 'PASSWORD'] }), 60_000);

        assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
        assert.equal(flow.gptConfigName, `fake-${protocol}`);
        assert.deepEqual(flow.result, { success: true, summary: 'Logged in; the welcome page greets the user', error: null, healed: [] });
        assert.equal(fake.remaining, 0, 'every scripted answer was used');
        const modelCalls = fake.requests.filter((r) => r.toolNames.length > 0);
        assert.equal(modelCalls.length, 5);
        const expected = [0, 1, 2, 3, 4].map(usageOf);
        const inputTokens = expected.reduce((a, u) => a + u.inputTokens, 0);
        const outputTokens = expected.reduce((a, u) => a + u.outputTokens, 0);
        assert.deepEqual(flow.tokenUsage, { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens });

        const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
        assert.deepEqual(calls.map((c: any) => c.name), ['type', 'type', 'click', 'assertText', 'markObjectiveComplete']);
        for (const c of calls) {
          assert.equal(c.source, 'LLM');
          assert.equal(c.outcome.success, true, `${c.name}: ${c.outcome.message}`);
          assert.ok(typeof c.rationale === 'string' && c.rationale.length > 5, `${c.name} has no rationale`);
        }
        assert.equal(calls[0].parameters.text, '${USERNAME}');
        assert.equal(calls[1].parameters.text, '${PASSWORD}');
        for (const c of calls.slice(0, 3)) {
          assert.match(c.parameters.selector, /^ref=\d+$/, 'the model answered with a ref');
          assert.ok(c.outcome.selectors?.length > 0, `${c.name} recorded no selectors`);
          for (const s of c.outcome.selectors) assert.doesNotMatch(s, /ref=/, `recorded selector ${s}`);
        }
        assert.match(calls[3].pageUrl, /\/welcome\.html/);

        // What the model saw: the objective, placeholders, the last outcome; never a value or a key.
        const secret = fake.credentials.secret;
        for (const req of fake.requests) {
          assert.ok(!req.rawBody.includes(PASSWORD), 'the password value was sent to the model');
          assert.ok(!req.rawBody.includes(USERNAME), 'the user name value was sent to the model (page text is redacted too)');
          assert.ok(!req.rawBody.includes(secret), 'the API key was sent in a request body');
        }
        const last = userTextOf(fake, modelCalls[4]!);
        assert.match(last, new RegExp(OBJECTIVE));
        assert.match(last, /\$\{PASSWORD\}/);
        assert.match(last, /welcome\.html\?user=\$\{USERNAME\}/, 'the value in the page URL became its placeholder');

        // The rerun is a DETERMINISTIC flow of real selectors that succeeds without any model.
        const rerun = await svc.request('GET', `/api/flows/${flow.id}/rerun`);
        assert.equal(rerun.status, 200, rerun.text);
        assert.equal(rerun.body.initialRunMode, 'DETERMINISTIC');
        assert.deepEqual(rerun.body.toolCallsOnStart.map((c: any) => c.name), ['type', 'type', 'click', 'assertText']);
        assert.ok(!JSON.stringify(rerun.body).includes('ref='), JSON.stringify(rerun.body.toolCallsOnStart));
        assert.equal(rerun.body.toolCallsOnStart[1].parameters.text, '${PASSWORD}');
        const requestsBefore = fake.requests.length;
        const again = await runFlow(svc, rerun.body, 60_000);
        assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
        assert.equal(again.progress.toolCallsCompleted, 4);
        assert.equal(fake.requests.length, requestsBefore, 'a DETERMINISTIC rerun asks no model');
      } finally {
        await fake.close();
      }
    });
  }

  test('no secret value reached the logs', () => {
    const logs = svc.logs.join('\n');
    assert.ok(!logs.includes(PASSWORD));
  });
});
