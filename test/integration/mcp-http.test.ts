/**
 * The MCP server over Streamable HTTP at /mcp, with the SDK's own client:
 * the whole session (test/integration/support/mcp-scenario.ts), the
 * Host/Origin guard, session ids, ownership of flows between two clients,
 * and closing a session cancelling its live flows.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow, isFinished } from './support/flows';
import { SECRET_NAME, SECRET_VALUE, assertNoSecret, call, driveLoginSession, type ToolAnswer } from './support/mcp-scenario';

let svc: RunningService;
let site: TestSite;
const clients: Client[] = [];

async function connect(): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${svc.url}/mcp`));
  await client.connect(transport);
  clients.push(client);
  return { client, transport };
}

const INITIALIZE = {
  jsonrpc: '2.0', id: 1, method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const ACCEPT = { accept: 'application/json, text/event-stream' };

describe('MCP over Streamable HTTP (/mcp)', { skip: existsSync('/usr/bin/chromium') ? false : 'needs /usr/bin/chromium' }, () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, actionTimeoutMs: 4000 } } });
    assert.equal((await svc.request('POST', `/api/env/${SECRET_NAME}`, { value: SECRET_VALUE })).status, 200);
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await svc?.stop();
    await site?.close();
  });

  test('a session starts a flow, acts, fails and recovers, finishes, and its test runs green; no answer holds the secret', async () => {
    const { client } = await connect();
    const log: ToolAnswer[] = [];
    const flowId = await driveLoginSession(client, site.url, log);
    assertNoSecret(log);
    const written = log.find((a) => /Project written to /.test(a.text));
    assert.ok(written, 'in the service, flow_project also writes the zip into the data dir');
    assert.ok(written.text.includes(svc.dataDir), written.text);
    const calls = (await svc.request('GET', `/api/flows/${flowId}/tool-calls`)).body;
    assert.ok(calls.every((c: any) => !JSON.stringify(c).includes(SECRET_VALUE)));
  });

  test('the Host/Origin guard applies to /mcp', async () => {
    const foreign = await svc.request('POST', '/mcp', INITIALIZE, { ...ACCEPT, origin: 'http://evil.example' });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.code, 'FORBIDDEN_HOST');
    const rebinding = await svc.request('POST', '/mcp', INITIALIZE, { ...ACCEPT, host: 'evil.example' });
    assert.equal(rebinding.status, 403);
    const same = await svc.request('POST', '/mcp', INITIALIZE, { ...ACCEPT, origin: svc.url });
    assert.equal(same.status, 200, same.text);
    const id = same.headers['mcp-session-id'];
    assert.match(String(id), /^[0-9a-f-]{36}$/);
    assert.equal((await svc.request('DELETE', '/mcp', undefined, { 'mcp-session-id': String(id) })).status, 200);
  });

  test('requests without a session, or with an unknown one, are refused', async () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };
    const none = await svc.request('POST', '/mcp', list, ACCEPT);
    assert.equal(none.status, 400);
    assert.match(none.body.message, /^mcp-session-id: is required/);
    const unknown = await svc.request('POST', '/mcp', list, { ...ACCEPT, 'mcp-session-id': '0b6f5a4e-1c2d-4e3f-8a9b-0c1d2e3f4a5b' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'NOT_FOUND');
    const malformed = await svc.request('POST', '/mcp', '{"jsonrpc":', { ...ACCEPT, 'content-type': 'application/json' });
    assert.equal(malformed.status, 400);
    assert.match(malformed.body.message, /^body: malformed JSON/);
  });

  test('a session acts only on its own flows; closing it cancels its live flows', async () => {
    const a = await connect();
    const b = await connect();
    const log: ToolAnswer[] = [];
    const started = await call(a.client, log, 'flow_start', { targetWebsite: `${site.url}/index.html` });
    const flowId = /flowId: ([0-9a-f-]{36})/.exec(started.text)![1]!;
    const foreign = await call(b.client, log, 'click', { flowId, selector: 'a' });
    assert.equal(foreign.isError, true);
    assert.match(foreign.text, /was not started by this MCP session/);
    const none = await call(b.client, log, 'reload');
    assert.match(none.text, /has no live flow; start one with flow_start/);
    assert.equal((await call(b.client, log, 'flow_status', { flowId })).isError, false, 'reads are open to any session');

    const second = await call(a.client, log, 'flow_start', { targetWebsite: `${site.url}/form.html` });
    const secondId = /flowId: ([0-9a-f-]{36})/.exec(second.text)![1]!;
    const ambiguous = await call(a.client, log, 'reload');
    assert.match(ambiguous.text, /flowId: is required, this session has 2 live flows/);

    await a.transport.terminateSession();
    for (const id of [flowId, secondId]) {
      const flow = await waitForFlow(svc, id, isFinished);
      assert.equal(flow.result.error.code, 'CANCELLED');
    }
  });

  test('a flow\'s custom tools become tools of the session, announced by tools/list_changed', async () => {
    const { client } = await connect();
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => { changed++; });
    const log: ToolAnswer[] = [];
    const before = (await client.listTools()).tools.map((t) => t.name);
    assert.ok(!before.includes('pageHeading'));
    const started = await call(client, log, 'flow_start', {
      targetWebsite: `${site.url}/login.html`,
      customTools: [{
        name: 'pageHeading', description: 'Read the text of the first heading of the given level.',
        inputSchema: { type: 'object', properties: { level: { type: 'integer', minimum: 1, maximum: 6 } }, required: ['level'], additionalProperties: false },
        javascript: 'return document.querySelector("h" + params.level).textContent;',
      }],
    });
    assert.equal(started.isError, false, started.text);
    const listed = (await client.listTools()).tools.find((t) => t.name === 'pageHeading');
    assert.ok(listed, 'the custom tool is listed');
    assert.deepEqual(listed.inputSchema.required, ['level']);
    assert.ok(listed.inputSchema.properties?.flowId);
    for (let i = 0; i < 50 && !changed; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(changed, 1, 'the client was told');
    const heading = await call(client, log, 'pageHeading', { level: 1 });
    assert.equal(heading.isError, false, heading.text);
    assert.match(heading.text, /^✓ pageHeading: .*\n"?Sign in"?/);
    const bad = await call(client, log, 'pageHeading', { level: 9 });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /^INVALID_REQUEST: parameters\.level/);
    await call(client, log, 'flow_finish', { success: true, summary: 'read it' });
  });

  test('flow_run reports progress to a client that asks for it', async () => {
    const { client } = await connect();
    const seen: Array<{ progress: number; total?: number }> = [];
    const result = await client.callTool({
      name: 'flow_run',
      arguments: {
        flow: {
          name: 'MCP progress', targetWebsite: `${site.url}/login.html`,
          toolCallsOnStart: [
            { name: 'type', parameters: { selector: '#username', text: 'alice' } },
            { name: 'wait', parameters: { ms: 300 } },
            { name: 'assertText', parameters: { text: 'Sign in' } },
          ],
        },
      },
    }, undefined, { timeout: 120_000, onprogress: (p) => { seen.push(p); } });
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    assert.match(text, /"MCP progress" SUCCESS \(DETERMINISTIC\): 3 ok/);
    assert.ok(seen.length >= 1, 'at least one progress notification');
    assert.ok(seen.every((p) => p.total === 50 && p.progress >= 0 && p.progress <= 3), JSON.stringify(seen));
    assert.deepEqual(seen.map((p) => p.progress), [...seen.map((p) => p.progress)].sort((a, b) => a - b), 'progress only grows');
  });

  test('bad arguments of the server\'s own tools and of browser tools answer errors naming the field', async () => {
    const { client } = await connect();
    const log: ToolAnswer[] = [];
    const bad = await call(client, log, 'flow_start', { targetWebsite: 42 });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /^Invalid arguments: targetWebsite: expected a string/);
    const unknownField = await call(client, log, 'flows_list', { colour: 'red' });
    assert.match(unknownField.text, /colour: unknown field/);
    const apiRefusal = await call(client, log, 'flow_start', { targetWebsite: 'ftp://example.test/' });
    assert.equal(apiRefusal.isError, true);
    assert.match(apiRefusal.text, /^INVALID_REQUEST: targetWebsite/);
    const started = await call(client, log, 'flow_start', { targetWebsite: `${site.url}/index.html` });
    const missing = await call(client, log, 'click', {});
    assert.match(missing.text, /^INVALID_REQUEST: parameters\.selector: is required/);
    const secretNotListed = await call(client, log, 'type', { selector: 'body', text: '${OTHER}' });
    assert.match(secretNotListed.text, /is not listed in envVars/);
    const notFinished = await call(client, log, 'flow_test', { flowId: /flowId: ([0-9a-f-]{36})/.exec(started.text)![1] });
    assert.match(notFinished.text, /^FLOW_STILL_RUNNING: .*flow_finish/);
    const notDeterministic = await call(client, log, 'flow_run', { flow: { initialRunMode: 'INSTRUCT' } });
    assert.match(notDeterministic.text, /flow\.initialRunMode: flow_run runs DETERMINISTIC flows only/);
    await call(client, log, 'flow_finish', { success: false, summary: 'done testing' });
  });
});
