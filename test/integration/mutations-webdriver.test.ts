/**
 * The mutation suite on the webdriver driver: a flow recorded there carries
 * fingerprints, and its rerun on every mutated variant acts on the right
 * element or fails, never on a wrong one. Apart from mutations.test.ts so
 * the two drivers' replays run in parallel.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlow, replayVariants } from '../fixtures/mutations/replay-service';

let svc: RunningService;
let sites: MutationSites;

before(async () => {
  sites = await startMutationSites();
  svc = await startService({ settings: { flows: { actionTimeoutMs: 10_000 } } });
});
after(async () => {
  await svc?.stop();
  await sites?.close();
});

test('the webdriver driver: recorded and replayed by agreement the same way', async () => {
  sites.base.reset();
  const webdriver = await recordFlow(svc, sites.base, 120_000, { using: { type: 'webdriver' } });
  assert.ok(webdriver.rerun.toolCallsOnStart.every((c: any) => c.parameters.selector.at(-1).startsWith('fingerprint=')), 'fingerprints recorded');
  const replays = await replayVariants(svc, sites, webdriver.rerun, 120_000);
  for (const replay of replays) {
    const where = `${replay.variant}: ${JSON.stringify(replay.result)}`;
    assert.equal(replay.wrong, null, `acted on a wrong element in ${where}`);
    if (!replay.result.success) assert.match(replay.result.error.message, /agreeing with the recorded one|No element matches/, where);
  }
  for (const variant of ['ids', 'classes', 'wrappers', 'reorder', 'lookalike', 'text']) {
    assert.equal(replays.find((r) => r.variant === variant)!.result.success, true, variant);
  }
});
