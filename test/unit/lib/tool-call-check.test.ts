/**
 * checkToolCall is the one check of a tool call (creation, INSTRUCT, the
 * model's calls): one wording per problem, and a custom tool's `pattern`
 * checked in a real worker thread without blocking, including a benign
 * pattern right after a hostile one (the CI failure of the synchronous path).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { checkToolCall } from '../../../lib/tool-calls/tool-call-check';
import { ToolRegistry } from '../../../lib/custom-tools/tool-registry';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';

const goTo: ToolDefinition = {
  name: 'goTo', description: 'navigate', kind: 'action',
  inputSchema: v.strictObject({ url: v.pipe(v.string(), v.minLength(1)), wait: v.optional(v.boolean(), false) }),
  run: async () => ({ message: 'ok' }),
};
const custom = (name: string, pattern: string) => ({
  name, description: 'd', javascript: 'return 1',
  inputSchema: { type: 'object', properties: { s: { type: 'string', pattern } }, required: ['s'] },
});
const tools = new ToolRegistry([[goTo]]).forFlow([custom('hostile', '^(a+)+$'), custom('benign', '^[a-z]+$')]);

test('a valid call: the tool and its parsed parameters (defaults applied, placeholders kept)', async () => {
  const res = await checkToolCall(tools, ['HOST'], { name: 'goTo', parameters: { url: 'https://${HOST}/' } });
  assert.ok(res.ok);
  assert.equal(res.tool, goTo);
  assert.deepEqual(res.params, { url: 'https://${HOST}/', wait: false });
});

test('each problem names the field relative to the call, one wording', async () => {
  assert.deepEqual(await checkToolCall(tools, [], { name: 'teleport', parameters: {} }),
    { ok: false, problem: 'name: unknown tool "teleport" (see GET /api/tools, or define it in customTools)' });
  const bad = await checkToolCall(tools, [], { name: 'goTo', parameters: { url: '' } });
  assert.ok(!bad.ok);
  assert.match(bad.problem, /^parameters\.url: /);
  assert.deepEqual(await checkToolCall(tools, ['HOST'], { name: 'goTo', parameters: { url: '${PASSWORD}' } }),
    { ok: false, problem: 'parameters: ${PASSWORD} is used but "PASSWORD" is not listed in envVars' });
});

test('custom-tool patterns: a hostile one fails its field in bounded time, a benign one right after is checked, not refused', async () => {
  const t0 = performance.now();
  const hostile = await checkToolCall(tools, [], { name: 'hostile', parameters: { s: `${'a'.repeat(40)}!` } });
  assert.ok(!hostile.ok);
  assert.match(hostile.problem, /^parameters\.s: pattern \^\(a\+\)\+\$ took longer than \d+ ms to check/);
  assert.ok(performance.now() - t0 < 10_000);
  const wrong = await checkToolCall(tools, [], { name: 'benign', parameters: { s: 'ABC' } });
  assert.ok(!wrong.ok);
  assert.match(wrong.problem, /^parameters\.s: must match \^\[a-z\]\+\$/);
  assert.ok((await checkToolCall(tools, [], { name: 'benign', parameters: { s: 'abc' } })).ok);
});
