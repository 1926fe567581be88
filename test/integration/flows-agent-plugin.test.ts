/**
 * The flow-runner agent is a plugin (plugins/agents/flow-runner) behind the
 * AUTONOMOUS_AGENT contract: without it the service still runs every other
 * mode, lists no flow-runner agent, and an AUTONOMOUS flow fails
 * AGENT_UNAVAILABLE instead of hanging or crashing.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { defaultPluginEntries, startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { runFlow, deterministic } from './support/flows';
import { autonomous } from './support/autonomous';

describe('a service without the agent-flow-runner plugin', () => {
  let svc: RunningService;
  let site: TestSite;
  before(async () => {
    site = await startTestSite();
    const entries = (await defaultPluginEntries()).filter((p) => !p.use.endsWith('/plugins/agents/flow-runner'));
    assert.ok(entries.some((p) => p.use.endsWith('/plugins/llm/openai')), 'the other default plugins are loaded');
    svc = await startService({ pluginSet: entries.map((p) => p.use), settings: { flows: { video: false } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('lists no flow-runner agent and refuses an assignment to it', async () => {
    assert.equal('flow-runner' in (await svc.request('GET', '/api/agents')).body, false);
    assert.equal((await svc.request('POST', '/api/agents/flow-runner', { gptConfigName: 'x' })).status, 404);
  });

  test('an AUTONOMOUS flow fails AGENT_UNAVAILABLE; a DETERMINISTIC one still runs', async () => {
    const config = await svc.request('POST', '/api/gpt-configs/unused', { type: 'OPENAI', apiKey: 'k', modelName: 'm', baseUrl: 'http://127.0.0.1:9/v1' });
    assert.equal(config.status, 200, config.text);
    const flow = await runFlow(svc, autonomous(site.url, '/login.html', 'Log in', { gptConfigNameOverride: 'unused' }), 60_000);
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.result.error.code, 'AGENT_UNAVAILABLE', JSON.stringify(flow.result));
    const replay = await runFlow(svc, deterministic(site.url, '/login.html', [{ name: 'markObjectiveComplete', parameters: { summary: 'ok' } }]), 60_000);
    assert.equal(replay.state, 'SUCCESS', JSON.stringify(replay.result));
  });
});
