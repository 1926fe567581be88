/**
 * A bounded HTTP fuzz of the real service (test/helpers/fuzz.ts): oversized,
 * chunked, deep, wrong methods, garbage JSON, hostile paths, shaped bodies
 * with wrong values, random queries, foreign hosts, 8 at a time on raw
 * sockets. 0 answers 5xx, 0 connection resets, and the service still
 * answers afterwards. The 10,000-request version is `npm run bench:fuzz`.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { runFuzz } from '../helpers/fuzz';

let svc: RunningService;
before(async () => { svc = await startService({ settings: { logLevel: 'warn' } }); });
after(() => svc?.stop());

test('600 fuzzed requests: 0 5xx, 0 connection resets', { timeout: 60_000 }, async () => {
  const report = await runFuzz(svc.url, { requests: 600, seed: 20_261_122, concurrency: 8 });
  assert.equal(report.requests, 600);
  assert.equal(report.serverErrors, 0, report.failures.join('\n'));
  assert.equal(report.resets, 0, report.failures.join('\n'));
  assert.equal(report.otherErrors, 0, report.failures.join('\n'));
  for (const kind of ['oversized', 'deep', 'wrong method', 'garbage JSON', 'hostile path', 'shaped body', 'query', 'foreign host']) {
    assert.ok((report.kinds[kind] ?? 0) > 0, `${kind} was exercised`);
  }
  assert.equal((await svc.request('GET', '/api/ping')).status, 200);
  assert.equal(svc.logs.filter((l) => /INTERNAL|unhandled error/.test(l)).length, 0, 'nothing unhandled was logged');
});
