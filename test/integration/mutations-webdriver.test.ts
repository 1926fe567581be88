/**
 * The mutation suite on the webdriver driver: flows recorded there carry
 * fingerprints with their look-alikes' names, and their reruns act on the
 * right element or fail, never on a wrong one: unchanged pages and copy
 * edits green (renames healed), removed elements fail. Apart from
 * mutations.test.ts so the two drivers' replays run in parallel.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlow, replayVariants } from '../fixtures/mutations/replay-service';
import { PAGES } from '../fixtures/mutations/suite';

let svc: RunningService;
let sites: MutationSites;

before(async () => {
  sites = await startMutationSites(['unchanged', 'copy', 'removed', 'vanished']);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
});
after(async () => {
  await svc?.stop();
  await sites?.close();
});

test('the webdriver driver: recorded and replayed by agreement, renames accepted on the same evidence', async () => {
  const renames: any[] = [];
  for (const page of PAGES) {
    const recorded = await recordFlow(svc, page, sites.base, 120_000, { using: { type: 'webdriver' } });
    assert.ok(recorded.rerun.toolCallsOnStart.every((c: any) => c.parameters.selector.at(-1).startsWith('fingerprint=')), 'fingerprints recorded');
    for (const replay of await replayVariants(svc, sites, page, recorded.rerun, 120_000)) {
      const what = `${page.path} ${replay.variant}: ${JSON.stringify(replay.result)}`;
      assert.equal(replay.wrong, null, `acted on a wrong element in ${what}`);
      assert.equal(replay.correct, replay.expected, what);
      assert.equal(replay.passed, !replay.mustFail, what);
      if (replay.mustFail) assert.match(replay.error, /agreeing with the recorded one[\s\S]*closest now: /, what);
      if (replay.variant === 'copy') renames.push(...replay.result.healed.filter((h: any) => h.kind === 'renamed'));
    }
  }
  assert.ok(renames.some((h) => h.from === 'Weekly digest' && h.to === 'Weekly summary'), JSON.stringify(renames));
});
