/**
 * The MCP server's REST client against a real HTTP server on port 0: API
 * error bodies become ApiRequestError with their code, other failures a
 * code that says what happened, and an unreachable service NETWORK_ERROR.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiRequestError, createHttpApiClient } from '../../../lib/mcp/api-client';

let server: Server;
let base: string;
const seen: Array<{ method: string; url: string; body: string }> = [];

describe('lib/mcp api-client', () => {
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, body });
        const json = (status: number, value: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(value)); };
        if (req.url === '/api/flows/a/tool-calls/missing') return json(404, { code: 'TOOL_CALL_NOT_FOUND', message: 'No tool call missing' });
        if (req.url === '/api/flows/a/cancel') return json(409, { code: 'FLOW_NOT_ACTIVE', message: 'Flow a has ended' });
        if (req.url === '/api/flows/a/code?language=typescript') { res.writeHead(200, { 'content-type': 'text/javascript' }); return res.end('// spec'); }
        if (req.url?.startsWith('/api/flows?')) return json(200, { flows: [], nextPageToken: null });
        if (req.url === '/api/flows/a%2Fb') return json(404, { code: 'FLOW_NOT_FOUND', message: 'no' });
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<h1>bad gateway</h1>');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  test('an API error answer keeps its status, code and message', async () => {
    const api = createHttpApiClient(base);
    const err = await api.cancel('a').then(() => assert.fail('resolved'), (e: unknown) => e);
    assert.ok(err instanceof ApiRequestError);
    assert.deepEqual([err.status, err.code, err.message], [409, 'FLOW_NOT_ACTIVE', 'Flow a has ended']);
  });

  test('a tool call that has not started is null, not an error', async () => {
    assert.equal(await createHttpApiClient(base).toolCall('a', 'missing'), null);
  });

  test('an answer that is not an API error says its status', async () => {
    const err = await createHttpApiClient(() => base).tools().then(() => assert.fail('resolved'), (e: unknown) => e);
    assert.ok(err instanceof ApiRequestError);
    assert.deepEqual([err.status, err.code], [502, 'HTTP_502']);
    assert.match(err.message, /GET \/api\/tools answered 502/);
  });

  test('query strings, path escaping and text answers', async () => {
    const api = createHttpApiClient(base);
    assert.equal(await api.code('a', { language: 'typescript' }), '// spec');
    await api.flows({ state: 'RUNNING', limit: 5, pageToken: undefined });
    assert.equal(seen.at(-1)!.url, '/api/flows?state=RUNNING&limit=5');
    await assert.rejects(api.flow('a/b'), (e: unknown) => e instanceof ApiRequestError && e.code === 'FLOW_NOT_FOUND');
  });

  test('an unreachable service is NETWORK_ERROR naming its address', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await createHttpApiClient(url).tools().then(() => assert.fail('resolved'), (e: unknown) => e);
    assert.ok(err instanceof ApiRequestError);
    assert.equal(err.code, 'NETWORK_ERROR');
    assert.match(err.message, new RegExp(`Cannot reach the browserflow service at ${url}`));
  });
});
