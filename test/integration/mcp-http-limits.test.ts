/**
 * The /mcp session table's limits: at most `maxSessions` sessions at once
 * (503 past it), and a session idle for `sessionIdleTimeoutMs` closed with
 * its live flows, but never while one of its requests is still open (a long
 * tool call, or the client's event stream: a connected client is not idle).
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow, isFinished } from './support/flows';
import { call, type ToolAnswer } from './support/mcp-scenario';

const IDLE_MS = 1_500;
let svc: RunningService;
let site: TestSite;

const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const ACCEPT = { accept: 'application/json, text/event-stream' };

describe('/mcp session limits', { skip: existsSync('/usr/bin/chromium') ? false : 'needs /usr/bin/chromium' }, () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({
      settings: { flows: { video: false } },
      configOverrides: (config) => ({
        ...config,
        plugins: config.plugins.map((p) => (p.use.endsWith('/plugins/mcp') ? { ...p, config: { maxSessions: 1, sessionIdleTimeoutMs: IDLE_MS } } : p)),
      }),
    });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('past maxSessions an initialize answers 503; a client gone without DELETE leaves an idle session, closed with its flow', async () => {
    const client = new Client({ name: 'limits', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(`${svc.url}/mcp`));
    await client.connect(transport);
    const sessionId = transport.sessionId!;
    try {
      const refused = await svc.request('POST', '/mcp', INITIALIZE, ACCEPT);
      assert.equal(refused.status, 503);
      assert.equal(refused.body.code, 'SERVICE_UNAVAILABLE');
      assert.match(refused.body.message, /too many MCP sessions open \(1\)/);

      const log: ToolAnswer[] = [];
      const started = await call(client, log, 'flow_start', { targetWebsite: `${site.url}/index.html` });
      const flowId = /flowId: ([0-9a-f-]{36})/.exec(started.text)![1]!;
      await new Promise((r) => setTimeout(r, IDLE_MS * 2));
      assert.equal((await call(client, log, 'flow_status', {})).isError, false, 'a connected client (its event stream open) is not idle');

      // The client goes away without DELETE: once its connections close, the session is idle.
      await client.close();
      const flow = await waitForFlow(svc, flowId, isFinished, 30_000);
      assert.equal(flow.result.error.code, 'CANCELLED', 'the idle session was closed with its flow');
      const gone = await svc.request('POST', '/mcp', { jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }, { ...ACCEPT, 'mcp-session-id': sessionId });
      assert.equal(gone.status, 404);
    } finally {
      await client.close().catch(() => undefined);
    }
  });

  test('a tool call longer than the idle timeout keeps a session without an event stream alive', async () => {
    const opened = await svc.request('POST', '/mcp', INITIALIZE, ACCEPT);
    assert.equal(opened.status, 200, 'the closed session\'s slot is free again');
    const headers = { ...ACCEPT, 'mcp-session-id': String(opened.headers['mcp-session-id']), 'mcp-protocol-version': '2025-06-18' };
    const rpc = (id: number, method: string, params: unknown) => svc.request('POST', '/mcp', { jsonrpc: '2.0', id, method, params }, headers);
    assert.equal((await svc.request('POST', '/mcp', { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status, 202);
    const started = await rpc(2, 'tools/call', { name: 'flow_start', arguments: { targetWebsite: `${site.url}/index.html` } });
    const flowId = /flowId: ([0-9a-f-]{36})/.exec(started.text)?.[1] ?? assert.fail(started.text);
    const waited = await rpc(3, 'tools/call', { name: 'wait', arguments: { ms: IDLE_MS * 2 } });
    assert.match(waited.text, /✓ wait/);
    assert.equal((await rpc(4, 'tools/list', {})).status, 200, 'still open right after the long call');
    const flow = await waitForFlow(svc, flowId, isFinished, 30_000);
    assert.equal(flow.result.error.code, 'CANCELLED', 'then idle: closed with its flow');
    assert.equal((await rpc(5, 'tools/list', {})).status, 404);
  });
});
