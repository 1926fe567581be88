/**
 * `browserflow mcp` over stdio, with the SDK's own client spawning the CLI:
 * against a running service (--server) the whole session of
 * support/mcp-scenario.ts, and closing stdin cancelling the live flows;
 * in-process on a config file (no --server) a short session whose project
 * zip lands in that service's data dir.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT, startService, writeTestConfig, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow, isFinished } from './support/flows';
import { SECRET_NAME, SECRET_VALUE, assertNoSecret, call, driveLoginSession, refOf, type ToolAnswer } from './support/mcp-scenario';

let svc: RunningService;
let site: TestSite;
let dir: string;

/** Spawns `browserflow mcp ARGS` and connects the SDK client to it; `stderr` collects the CLI's log. */
async function spawnMcp(args: string[]): Promise<{ client: Client; transport: StdioClientTransport; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath, args: [join(ROOT, 'bin', 'browserflow.js'), 'mcp', ...args], cwd: ROOT, stderr: 'pipe',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  let stderr = '';
  transport.stderr?.on('data', (c) => { stderr += c; });
  const client = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => stderr };
}

/** Whether a process is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('browserflow mcp (stdio)', { skip: existsSync('/usr/bin/chromium') ? false : 'needs /usr/bin/chromium' }, () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, actionTimeoutMs: 4000 } } });
    assert.equal((await svc.request('POST', `/api/env/${SECRET_NAME}`, { value: SECRET_VALUE })).status, 200);
    dir = await mkdtemp(join(tmpdir(), 'bf-mcp-stdio-'));
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('--server: the whole session, its test runs green, no answer holds the secret; closing stdin cancels the live flow', async () => {
    const { client, transport, stderr } = await spawnMcp(['--server', svc.url]);
    const log: ToolAnswer[] = [];
    try {
      await driveLoginSession(client, site.url, log);
      const project = log.find((a) => a.resources.length);
      assert.match(project!.text, /in the resource below/, 'a remote service\'s data dir is not ours to write: the zip comes as a resource');
      const live = await call(client, log, 'flow_start', { targetWebsite: `${site.url}/index.html` });
      const liveId = /flowId: ([0-9a-f-]{36})/.exec(live.text)![1]!;
      assertNoSecret(log);
      const pid = transport.pid!;
      await client.close();
      const flow = await waitForFlow(svc, liveId, isFinished);
      assert.equal(flow.result.error.code, 'CANCELLED');
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(alive(pid), false, `the CLI exits when its client goes away\n${stderr()}`);
      assert.ok(!stderr().includes(SECRET_VALUE));
    } finally {
      await client.close().catch(() => undefined);
    }
  });

  test('a --server that is not an http(s) URL exits 1 with one line saying so', async () => {
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), 'mcp', '--server', 'ftp://example.test'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (c) => { stderr += c; });
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'browserflow: --server must be an http or https URL, got "ftp://example.test".\n');
  });

  test('in-process on a config file: a short session, the project zip is written into that data dir', async () => {
    const { configFile } = await writeTestConfig(dir, { settings: { flows: { video: false, actionTimeoutMs: 4000 }, logLevel: 'warn' } });
    const { client, transport, stderr } = await spawnMcp(['--config', configFile]);
    const log: ToolAnswer[] = [];
    try {
      const started = await call(client, log, 'flow_start', { targetWebsite: `${site.url}/form.html`, name: 'in-process' });
      assert.equal(started.isError, false, `${started.text}\n${stderr()}`);
      const flowId = /flowId: ([0-9a-f-]{36})/.exec(started.text)![1]!;
      const chosen = await call(client, log, 'selectOption', { selector: refOf(started.text, /^combobox "Country"/), values: ['France'] });
      assert.equal(chosen.isError, false, chosen.text);
      assert.match(chosen.text, /combobox "Country" value="France"/);
      const checked = await call(client, log, 'assertText', { text: 'Order form' });
      assert.equal(checked.isError, false, checked.text);
      await call(client, log, 'flow_finish', { success: true, summary: 'seen' });
      const project = await call(client, log, 'flow_project', { flowIds: [flowId] });
      const file = /Project written to (\S+\.zip)/.exec(project.text)?.[1] ?? assert.fail(project.text);
      assert.ok(file.startsWith(join(dir, 'data', 'mcp-projects')), file);
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      const pid = transport.pid!;
      await client.close();
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(alive(pid), false, `the CLI stops its in-process service and exits\n${stderr()}`);
    } finally {
      await client.close().catch(() => undefined);
    }
  });
});
