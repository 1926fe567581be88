/**
 * The MCP session both transports are tested with, through the SDK's own
 * client: start a flow on the fixture site, act by ref and by selector, fail
 * one action and recover, use a secret the page echoes back, finish, get the
 * Playwright test and run it green, run a DETERMINISTIC flow. Every answer
 * is kept so the caller can check that no secret value appears in any.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { runGeneratedSpec } from './playwright-test';

/** The env var the scenario uses; the login page accepts this password. */
export const SECRET_NAME = 'PASSWORD';
export const SECRET_VALUE = 's3cret-pass';

/** What a tool answered. */
export interface ToolAnswer {
  isError: boolean;
  text: string;
  images: string[];
  resources: Array<{ uri: string; mimeType?: string; blob?: string }>;
  raw: unknown;
}

/** Calls a tool; every answer is appended to `log`. */
export async function call(client: Client, log: ToolAnswer[], name: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> {
  const raw = await client.callTool({ name, arguments: args }, undefined, { timeout: 120_000 });
  const content = (raw.content ?? []) as Array<{ type: string; text?: string; data?: string; resource?: { uri: string; mimeType?: string; blob?: string } }>;
  const answer: ToolAnswer = {
    isError: raw.isError === true,
    text: content.filter((c) => c.type === 'text').map((c) => c.text).join('\n'),
    images: content.filter((c) => c.type === 'image').map((c) => c.data!),
    resources: content.filter((c) => c.type === 'resource').map((c) => c.resource!),
    raw,
  };
  log.push(answer);
  return answer;
}

/** The ref of the element line matching `line` (`[3] button "Sign in"`) in an observation. */
export function refOf(text: string, line: RegExp): string {
  for (const row of text.split('\n')) {
    const m = /^\*?\[(\d+)\] (.*)$/.exec(row);
    if (m && line.test(m[2]!)) return `ref=${m[1]}`;
  }
  assert.fail(`no element matching ${line} in:\n${text}`);
}

/** Asserts that no answer holds the secret value, in any of its content. */
export function assertNoSecret(log: ToolAnswer[]): void {
  for (const answer of log) assert.ok(!JSON.stringify(answer.raw).includes(SECRET_VALUE), `an answer holds the secret value: ${answer.text.slice(0, 300)}`);
}

/**
 * The whole session on `site` (the fixture site's origin). Answers the
 * finished flow's id. The env var SECRET_NAME must exist on the service.
 */
export async function driveLoginSession(client: Client, site: string, log: ToolAnswer[]): Promise<string> {
  const tools = (await client.listTools()).tools;
  const names = tools.map((t) => t.name);
  for (const name of ['flow_start', 'flow_finish', 'flow_status', 'flows_list', 'flow_test', 'flow_project', 'flow_run', 'navigate', 'click', 'type', 'selectOption', 'assertText']) {
    assert.ok(names.includes(name), `${name} is listed`);
  }
  assert.ok(!names.includes('markObjectiveComplete'), 'flow_finish replaces the control tools');
  const click = tools.find((t) => t.name === 'click')!;
  assert.deepEqual(click.inputSchema.required, ['selector'], 'the API registry\'s schema');
  assert.ok(click.inputSchema.properties?.flowId && click.inputSchema.properties?.screenshot);

  const started = await call(client, log, 'flow_start', { targetWebsite: `${site}/login.html`, name: 'MCP login', envVars: [SECRET_NAME] });
  assert.equal(started.isError, false, started.text);
  const flowId = /flowId: ([0-9a-f-]{36})/.exec(started.text)?.[1] ?? assert.fail(started.text);
  assert.match(started.text, /title: Login/);

  const typed = await call(client, log, 'type', { selector: refOf(started.text, /^textbox "Username"/), text: 'alice' });
  assert.equal(typed.isError, false, typed.text);
  assert.match(typed.text, /^✓ type/);
  assert.match(typed.text, /textbox "Username" value="alice"/, 'the observation after the action');

  const failed = await call(client, log, 'click', { selector: '#no-such-button', flowId });
  assert.equal(failed.isError, true, 'a failed action is an error result');
  assert.match(failed.text, /^✗ click failed: .*#no-such-button/);
  assert.match(failed.text, /button "Sign in"/, 'the page comes with the failure, to recover from');

  const secret = await call(client, log, 'type', { selector: '#password', text: `\${${SECRET_NAME}}` });
  assert.equal(secret.isError, false, secret.text);
  const signIn = await call(client, log, 'click', { selector: refOf(secret.text, /^button "Sign in"/), screenshot: true });
  assert.equal(signIn.isError, false, signIn.text);
  assert.match(signIn.text, /Welcome, alice!/);
  assert.equal(signIn.images.length, 1);
  assert.equal(Buffer.from(signIn.images[0]!, 'base64').subarray(1, 4).toString('latin1'), 'PNG');

  // The page echoes the secret in its text, title and URL: answers show the placeholder.
  await call(client, log, 'navigate', { url: `${site}/echo.html` });
  const q = await call(client, log, 'type', { selector: '#q', text: `\${${SECRET_NAME}}`, pressEnter: true });
  assert.equal(q.isError, false, q.text);
  const echoed = await call(client, log, 'assertText', { text: `You sent: \${${SECRET_NAME}}` });
  assert.equal(echoed.isError, false, echoed.text);
  assert.match(echoed.text, /You sent: \$\{PASSWORD\}/);

  const status = await call(client, log, 'flow_status', {});
  assert.match(status.text, new RegExp(`flow ${flowId} "MCP login" WAITING_ON_USER_FOR_NEXT_ACTION`));
  assert.match(status.text, /✗ click failed/);

  const finished = await call(client, log, 'flow_finish', { success: true, summary: 'logged in and echoed' });
  assert.match(finished.text, /SUCCESS/);
  const after = await call(client, log, 'click', { selector: '#q' });
  assert.equal(after.isError, true);
  assert.match(after.text, /no live flow/);

  const spec = await call(client, log, 'flow_test', { flowId });
  assert.equal(spec.isError, false, spec.text);
  assert.match(spec.text, /@playwright\/test/);
  assert.match(spec.text, /process\.env/);
  const run = await runGeneratedSpec(spec.text, { [SECRET_NAME]: SECRET_VALUE }, 'mcp-login');
  assert.equal(run.code, 0, `the generated test runs green:\n${run.output}`);
  assert.match(run.output, /1 passed/);

  const project = await call(client, log, 'flow_project', { flowIds: [flowId] });
  assert.equal(project.isError, false, project.text);
  assert.equal(project.resources.length, 1);
  assert.equal(project.resources[0]!.mimeType, 'application/zip');
  assert.equal(Buffer.from(project.resources[0]!.blob!, 'base64').subarray(0, 2).toString('latin1'), 'PK');

  const rerun = await call(client, log, 'flow_run', {
    flow: {
      name: 'MCP rerun', targetWebsite: `${site}/login.html`, envVars: [SECRET_NAME],
      toolCallsOnStart: [
        { name: 'type', parameters: { selector: '#username', text: 'alice' } },
        { name: 'type', parameters: { selector: '#password', text: `\${${SECRET_NAME}}` } },
        { name: 'click', parameters: { selector: '#login-button' } },
        { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
      ],
    },
  });
  assert.match(rerun.text, /"MCP rerun" SUCCESS \(DETERMINISTIC\): 4 ok, 0 failed/);
  const broken = await call(client, log, 'flow_run', {
    flow: { name: 'MCP broken', targetWebsite: `${site}/login.html`, toolCallsOnStart: [{ name: 'click', parameters: { selector: '#gone' } }] },
  });
  assert.match(broken.text, /"MCP broken" FAILED \(DETERMINISTIC\).*TOOL_CALL_FAILED/);
  assert.match(broken.text, /✗ click failed/);
  return flowId;
}
