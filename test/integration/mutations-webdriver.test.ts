/**
 * The mutation suite on the webdriver driver: flows recorded there carry
 * fingerprints with their look-alikes' names, and their reruns act on the
 * right element or fail, never on a wrong one: on the tuned pages,
 * unchanged pages and copy edits green (renames healed, also beside a new
 * look-alike), a vanished element fails; on the unseen pages
 * (test/fixtures/mutations/unseen), unchanged pages green, removed elements
 * fail. A representative subset, kept small so the file stays quick; every
 * variant on every path: `npm run bench:mutations`. Apart from
 * mutations.test.ts so the two drivers' replays run in parallel.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlows, replayVariants, type RecordedFlow } from '../fixtures/mutations/replay-service';
import { checkReplays } from '../fixtures/mutations/check-replays';
import { PAGES, UNSEEN_PAGES } from '../fixtures/mutations/suite';

const TUNED = ['unchanged', 'lookalike+copy', 'vanished'];
const UNSEEN = ['unchanged', 'removed'];
let svc: RunningService;
let sites: MutationSites;
let recorded: RecordedFlow[] = [];

before(async () => {
  sites = await startMutationSites([...new Set([...TUNED, ...UNSEEN])], [...PAGES, ...UNSEEN_PAGES]);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
  recorded = await recordFlows(svc, [...PAGES, ...UNSEEN_PAGES], sites.base, 120_000, { using: { type: 'webdriver' } });
});
after(async () => {
  await svc?.stop();
  await sites?.close();
});

test('the webdriver driver: recorded and replayed by agreement, renames accepted on the same evidence', async () => {
  for (const { rerun } of recorded) {
    assert.ok(rerun.toolCallsOnStart.every((c: any) => c.parameters.selector.at(-1).startsWith('fingerprint=')), 'fingerprints recorded');
  }
  const tuned = recorded.filter((r) => PAGES.includes(r.page));
  const unseen = recorded.filter((r) => !PAGES.includes(r.page));
  const replays = [
    ...await replayVariants(svc, sites, tuned, { timeoutMs: 120_000, parallel: 2, only: TUNED }),
    ...await replayVariants(svc, sites, unseen, { timeoutMs: 120_000, parallel: 2, only: UNSEEN }),
  ];
  assert.equal(replays.length, TUNED.length * tuned.length + UNSEEN.length * unseen.length);
  checkReplays(replays, 'webdriver', PAGES);
  const renames = replays.filter((r) => r.variant === 'lookalike+copy').flatMap((r) => r.result.healed.filter((h: any) => h.kind === 'renamed'));
  assert.ok(renames.some((h) => h.from === 'Weekly digest' && h.to === 'Weekly summary'), JSON.stringify(renames));
  assert.ok(renames.some((h) => h.from === 'Dark' && h.to === 'Dark mode'), JSON.stringify(renames));
});
