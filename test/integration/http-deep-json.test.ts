/**
 * Deeply nested JSON bodies: every route that takes a body answers 400
 * naming the field that is too deep, never 500, and nothing changes.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow } from './support/flows';

const nest = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('deeply nested JSON bodies', () => {
  let svc: RunningService;
  let site: TestSite;
  let flowId: string;
  before(async () => {
    svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
    // A live INSTRUCT flow takes the tool calls below: on a site that answers (an unreachable one fails the flow, and
    // how soon depends on the browser: the tool calls then met FLOW_NOT_ACTIVE).
    site = await startTestSite();
    const flow = await svc.request('POST', '/api/flows', { name: 'instruct', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
    assert.equal(flow.status, 201, flow.text);
    flowId = flow.body.id;
    // Settled, waiting for the user: the flow listing is compared before and after each refused body.
    await waitForFlow(svc, flowId, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION' || f.state === 'FAILED');
    assert.equal((await svc.request('GET', `/api/flows/${flowId}`)).body.state, 'WAITING_ON_USER_FOR_NEXT_ACTION');
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  const post = (path: string, text: string) => svc.request('POST', path, text, { 'content-type': 'application/json' });

  // 150,000 levels of `{"a":` still fit in the 1 MiB body limit (the 200,000-deep array case is below).
  for (const depth of [65, 1000, 150_000]) {
    test(`${depth} levels: 400 naming the field on every body route`, async () => {
      const before = (await svc.request('GET', '/api/flows?limit=100')).text;
      const cases: Array<[string, string, RegExp]> = [
        ['/api/flows', `{"name": "deep", "targetWebsite": "http://127.0.0.1:9/", "initialRunMode": "DETERMINISTIC", "toolCallsOnStart": [{"name": "goBack", "parameters": ${nest(depth)}}]}`, /^toolCallsOnStart\[0\]\.parameters\.a\.\.\.: nested more than 64 levels deep/],
        ['/api/flows', `{"name": "deep", "targetWebsite": "http://127.0.0.1:9/", "initialRunMode": "DETERMINISTIC", "customTools": [{"name": "t", "description": "d", "javascript": "1", "inputSchema": ${nest(depth)}}]}`, /^customTools\[0\]\.inputSchema\.a\.\.\.: nested more than 64 levels deep/],
        [`/api/flows/${flowId}/tool-calls`, `{"name": "goBack", "parameters": ${nest(depth)}}`, /^parameters\.a\.a\.a\.\.\.: nested more than 64 levels deep/],
        ['/api/env/DEEP', `{"value": ${nestArray(depth)}}`, /^value\[0\]\[0\]\[0\]\.\.\.: nested more than 64 levels deep/],
        ['/api/gpt-configs/deep', nestArray(depth), /^\[0\]\[0\]\[0\]\[0\]\.\.\.: nested more than 64 levels deep/],
      ];
      for (const [path, text, message] of cases) {
        const res = await post(path, text);
        assert.equal(res.status, 400, `${path}: ${res.text.slice(0, 300)}`);
        assert.equal(res.body.code, 'INVALID_REQUEST');
        assert.match(res.body.message, message);
      }
      assert.equal((await svc.request('GET', '/api/flows?limit=100')).text, before);
      assert.equal((await svc.request('GET', '/api/env/DEEP')).status, 404);
    });
  }

  test('a 200,000-deep array: 400, and the service still answers', async () => {
    const res = await post('/api/env/DEEP', `{"value": ${nestArray(200_000)}}`);
    assert.equal(res.status, 400, res.text.slice(0, 300));
    assert.match(res.body.message, /^value\[0\]\[0\]\[0\]\.\.\.: nested more than 64 levels deep/);
    assert.equal((await svc.request('GET', '/api/ping')).status, 200);
  });

  test('64 levels are accepted where the schema allows any value', async () => {
    const res = await post(`/api/flows/${flowId}/tool-calls`, `{"name": "goBack", "parameters": {"x": ${nest(62)}}}`);
    // goBack takes no parameters: the depth passed, the tool's own schema answers.
    assert.equal(res.status, 400, res.text);
    assert.doesNotMatch(res.body.message, /nested/);
  });
});
