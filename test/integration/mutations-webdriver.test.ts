/**
 * The mutation suite on the webdriver driver: flows recorded there carry
 * fingerprints with their look-alikes' names, and their reruns act on the
 * right element or fail, never on a wrong one. The same in-page functions
 * as the Playwright driver's and the generated helper's decide
 * (lib/page-scripts/selectors/fingerprint.ts, shipped by
 * plugins/drivers/webdriver/in-page/agreement.ts), so a representative
 * subset proves they run on this driver: the settings page of issue 20
 * unchanged (green), renamed beside new look-alikes (green, renames healed
 * with both names: the span of label text, the list item decided by its
 * kept word), and with a plan's row removed (the step fails, naming the
 * recorded element and the closest one). Every kind on every path:
 * `npm run bench:mutations`. Apart from mutations.test.ts so the two
 * drivers' replays run in parallel.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlows, replayVariants, type RecordedFlow } from '../fixtures/mutations/replay-service';
import { checkReplays } from '../fixtures/mutations/check-replays';
import { PAGES } from '../fixtures/mutations/suite';

const SETTINGS = PAGES.filter((p) => p.path === '/settings.html');
const VARIANTS = ['unchanged', 'lookalike+copy', 'removed'];
let svc: RunningService;
let sites: MutationSites;
let recorded: RecordedFlow[] = [];

before(async () => {
  sites = await startMutationSites(VARIANTS, SETTINGS);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
  recorded = await recordFlows(svc, SETTINGS, sites.base, 120_000, { using: { type: 'webdriver' } });
});
after(async () => {
  await svc?.stop();
  await sites?.close();
});

test('the webdriver driver: recorded and replayed by agreement, renames accepted on the same evidence, a removed element fails', async () => {
  for (const { rerun } of recorded) {
    assert.ok(rerun.toolCallsOnStart.every((c: any) => c.parameters.selector.at(-1).startsWith('fingerprint=')), 'fingerprints recorded');
  }
  const replays = await replayVariants(svc, sites, recorded, { timeoutMs: 120_000, parallel: VARIANTS.length });
  assert.equal(replays.length, VARIANTS.length);
  checkReplays(replays, 'webdriver', PAGES);
  assert.ok(replays.some((r) => r.variant === 'removed' && r.mustFail && !r.passed), 'the removed plan\'s step failed');
  const renames = replays.filter((r) => r.variant === 'lookalike+copy').flatMap((r) => r.result.healed.filter((h: any) => h.kind === 'renamed'));
  assert.ok(renames.some((h) => h.from === 'Weekly digest' && h.to === 'Weekly summary'), JSON.stringify(renames));
  assert.ok(renames.some((h) => h.from === 'Dark' && h.to === 'Dark mode'), JSON.stringify(renames));
});
