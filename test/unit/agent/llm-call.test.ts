import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LlmError, type LlmProvider, type LlmRequest, type LlmResponse } from '../../../lib/llm/provider-contract';
import { FlowFailure } from '../../../lib/failure-codes/failure-codes';
import { FAILURE_CODES, backoffDelay, callWithRetry } from '../../../plugins/agents/flow-runner/llm-call';

const OK: LlmResponse = { text: 'fine', toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 } };

/** A provider answering from `outcomes` in order (an Error is thrown), recording when it was called. */
function scripted(outcomes: Array<LlmResponse | Error | ((req: LlmRequest) => Promise<LlmResponse>)>) {
  const calls: number[] = [];
  const provider = {
    type: 'FAKE', description: 'fake', configSchema: undefined as never, secretFields: [],
    supportsVision: () => false,
    async complete(_config: unknown, request: LlmRequest): Promise<LlmResponse> {
      calls.push(Date.now());
      const next = outcomes.shift();
      if (!next) throw new Error('script exhausted');
      if (next instanceof Error) throw next;
      if (typeof next === 'function') return next(request);
      return next;
    },
  } satisfies LlmProvider;
  return { provider, calls };
}

const config = { type: 'FAKE', modelName: 'm' };
const request = (signal?: AbortSignal): LlmRequest => ({ messages: [{ role: 'user', content: 'hi' }], tools: [], timeoutMs: 1000, signal });
const redact = (s: string) => s.replace(/hunter2/g, '${PASSWORD}');

async function failure(p: Promise<unknown>): Promise<FlowFailure> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof FlowFailure, `not a FlowFailure: ${String(err)}`);
    return err;
  }
  assert.fail('expected a failure');
}

test('retryable failures are retried with growing delays, then the answer is returned', async () => {
  const { provider, calls } = scripted([new LlmError('RATE_LIMITED', 'slow down', 429), new LlmError('UNAVAILABLE', 'down', 503), new LlmError('TIMEOUT', 'late'), OK]);
  const answer = await callWithRetry(provider, config, request(), { maxRetries: 3, baseDelayMs: 20 }, redact);
  assert.equal(answer, OK);
  assert.equal(calls.length, 4);
  const gaps = calls.slice(1).map((t, i) => t - calls[i]!);
  assert.ok(gaps[0]! >= 14, `first delay ${gaps[0]}`);
  assert.ok(gaps[2]! >= 59, `third delay ${gaps[2]} (20 * 4 * 0.75)`);
});

test('retries stop at maxRetries: the last failure names the kind, status and attempts, redacted', async () => {
  const { provider, calls } = scripted(Array.from({ length: 5 }, () => new LlmError('RATE_LIMITED', 'quota for hunter2 exceeded', 429)));
  const err = await failure(callWithRetry(provider, config, request(), { maxRetries: 2, baseDelayMs: 1 }, redact));
  assert.equal(calls.length, 3);
  assert.equal(err.code, 'LLM_RATE_LIMITED');
  assert.match(err.message, /FAKE rate limited \(HTTP 429\) after 3 attempts: quota for \$\{PASSWORD\} exceeded/);
  assert.ok(!err.message.includes('hunter2'));
});

test('failures that are not retryable end at once, with their code', async () => {
  for (const kind of ['AUTH_FAILED', 'BAD_REQUEST', 'BAD_RESPONSE', 'CANCELLED'] as const) {
    const { provider, calls } = scripted([new LlmError(kind, 'no'), OK]);
    const err = await failure(callWithRetry(provider, config, request(), { maxRetries: 3, baseDelayMs: 1 }, redact));
    assert.equal(calls.length, 1, kind);
    assert.equal(err.code, FAILURE_CODES[kind]);
  }
  assert.equal(FAILURE_CODES.CANCELLED, 'CANCELLED');
  assert.equal(FAILURE_CODES.TIMEOUT, 'LLM_UNAVAILABLE');
});

test('an unclassified error counts as UNAVAILABLE (retried)', async () => {
  const { provider, calls } = scripted([new Error('socket hang up'), new Error('socket hang up')]);
  const err = await failure(callWithRetry(provider, config, request(), { maxRetries: 1, baseDelayMs: 1 }, redact));
  assert.equal(calls.length, 2);
  assert.equal(err.code, 'LLM_UNAVAILABLE');
});

test('an aborted signal: the reason is thrown and nothing is retried, even a retryable failure', async () => {
  const controller = new AbortController();
  const reason = new FlowFailure('CANCELLED', 'Cancelled by the user');
  const { provider, calls } = scripted([
    async () => { controller.abort(reason); throw new LlmError('TIMEOUT', 'the model call was cancelled'); },
    OK,
  ]);
  await assert.rejects(callWithRetry(provider, config, request(controller.signal), { maxRetries: 3, baseDelayMs: 1 }, redact), (err) => err === reason);
  assert.equal(calls.length, 1);
});

test('an abort during the backoff wait ends it at once', async () => {
  const controller = new AbortController();
  const { provider, calls } = scripted([new LlmError('RATE_LIMITED', 'slow down', 429), OK]);
  setTimeout(() => controller.abort(new FlowFailure('CANCELLED', 'stop')), 30);
  const started = Date.now();
  await assert.rejects(callWithRetry(provider, config, request(controller.signal), { maxRetries: 3, baseDelayMs: 5000 }, redact), /stop/);
  assert.ok(Date.now() - started < 1000);
  assert.equal(calls.length, 1);
});

test('a signal aborted before the call: no call at all', async () => {
  const { provider, calls } = scripted([OK]);
  await assert.rejects(callWithRetry(provider, config, request(AbortSignal.abort(new FlowFailure('CANCELLED', 'gone'))), { maxRetries: 3, baseDelayMs: 1 }, redact), /gone/);
  assert.equal(calls.length, 0);
});

test('backoffDelay doubles per attempt within ±25 % jitter', () => {
  const policy = { maxRetries: 5, baseDelayMs: 100 };
  assert.equal(backoffDelay(policy, 0, () => 0.5), 100);
  assert.equal(backoffDelay(policy, 2, () => 0.5), 400);
  assert.equal(backoffDelay(policy, 1, () => 0), 150);
  assert.equal(backoffDelay(policy, 1, () => 1), 250);
});
