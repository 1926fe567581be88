/**
 * Replays that survive page changes and never guess: the flows of the
 * mutation suite (test/fixtures/mutations: a team admin page and a settings
 * page with text-only targets and two forms) are recorded on the base pages
 * and replayed against variants, by the service (its DETERMINISTIC rerun,
 * Playwright driver) and by the JavaScript Playwright project generated from
 * them (the real runner, BASE_URL at the variant). Unchanged pages replay
 * green; copy edits replay green with the renamed steps reported as healed
 * (`result.healed` kind `renamed`, a `self-healing` annotation naming both
 * names); a step whose element was removed fails, naming the recorded
 * element and the closest one, and never acts on another element. The
 * whole suite on every path, with figures: `npm run bench:mutations`.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlow, replayVariants, type VariantReplay } from '../fixtures/mutations/replay-service';
import { removeProject, runGeneratedVariants, writeGeneratedProject } from '../fixtures/mutations/replay-generated';
import { PAGES } from '../fixtures/mutations/suite';

const VARIANTS = ['unchanged', 'lookalike', 'copy', 'ids+copy', 'removed', 'vanished'];
let svc: RunningService;
let sites: MutationSites;
const recorded: { flow: any; calls: any[]; rerun: any }[] = [];
const dirs: string[] = [];

before(async () => {
  sites = await startMutationSites(VARIANTS);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
  for (const page of PAGES) recorded.push(await recordFlow(svc, page, sites.base, 120_000));
});
after(async () => {
  for (const dir of dirs) await removeProject(dir);
  await svc?.stop();
  await sites?.close();
});

/** The checks every path shares: no wrong element ever; green where it must be, failed where the element is gone. */
function checkReplays(replays: VariantReplay[], where: string): void {
  for (const replay of replays) {
    const what = `${where} ${replay.variant}: ${replay.error} ${JSON.stringify(replay.healed)}`;
    assert.equal(replay.wrong, null, `acted on a wrong element in ${what}`);
    assert.equal(replay.correct, replay.expected, `every step that must act acts on its element: ${what}`);
    assert.equal(replay.passed, !replay.mustFail, what);
    if (replay.mustFail) assert.match(replay.error, /agreeing with the recorded one[\s\S]*the recorded \S+ "[^"]+"[^;]*; closest now: /, `names the recorded element and the closest one: ${what}`);
  }
  for (const variant of ['copy', 'ids+copy']) {
    const renamed = replays.filter((r) => r.variant === variant).flatMap((r) => r.healed.filter((h) => h.kind === 'renamed'));
    assert.ok(renamed.length >= 1, `${where} ${variant}: copy edits are healed as renames: ${JSON.stringify(replays.filter((r) => r.variant === variant).map((r) => r.healed))}`);
  }
}

test('each element step of the rerun carries the recorded fingerprint last, with its look-alikes\' names', () => {
  for (const [i, page] of PAGES.entries()) {
    const { rerun } = recorded[i]!;
    assert.equal(rerun.toolCallsOnStart.length, page.steps.length);
    for (const call of rerun.toolCallsOnStart) {
      const selectors: string[] = call.parameters.selector;
      assert.ok(Array.isArray(selectors) && selectors.length >= 2, JSON.stringify(selectors));
      const fingerprint = JSON.parse(selectors.at(-1)!.slice('fingerprint='.length));
      assert.ok(fingerprint.tag && Array.isArray(fingerprint.position) && Array.isArray(fingerprint.place), selectors.at(-1));
      assert.ok(Array.isArray(fingerprint.peers), `look-alikes recorded: ${selectors.at(-1)}`);
      assert.equal(fingerprint.uid, undefined, 'the per-page number is not recorded');
      if (!fingerprint.name) assert.ok(fingerprint.text, `an element without a name is known by its text: ${selectors.at(-1)}`);
    }
  }
});

test('the service replays: unchanged and edited pages green, renames healed with both names, removed elements fail', async () => {
  const replays: VariantReplay[] = [];
  for (const [i, page] of PAGES.entries()) replays.push(...await replayVariants(svc, sites, page, recorded[i]!.rerun, 120_000));
  checkReplays(replays, 'service');
  const renamed = replays.flatMap((r) => r.result.healed).find((h: any) => h.kind === 'renamed' && h.from === 'Weekly digest');
  assert.ok(renamed, 'the span of label text, renamed');
  assert.equal(renamed.to, 'Weekly summary');
  assert.ok(renamed.agreement >= 0.75 && renamed.step === 3 && renamed.tool === 'click' && renamed.recorded && renamed.used, JSON.stringify(renamed));
  const fallbacks = replays.flatMap((r) => r.result.healed).filter((h: any) => h.kind === 'fallback');
  for (const h of fallbacks) assert.ok(h.from === h.recorded && h.to === h.used, JSON.stringify(h));
});

test('the generated JavaScript project: the same replays, renames annotated with both names', async () => {
  const replays: VariantReplay[] = [];
  for (const [i, page] of PAGES.entries()) {
    const dir = await writeGeneratedProject(recorded[i]!.flow, recorded[i]!.calls, { fingerprints: true, language: 'javascript' });
    dirs.push(dir);
    replays.push(...await runGeneratedVariants(dir, sites, page, ['unchanged', 'copy', 'ids+copy', 'removed']));
  }
  checkReplays(replays, 'generated JavaScript');
  assert.ok(replays.some((r) => r.healed.some((h) => /Weekly digest: renamed "Weekly digest" -> "Weekly summary"; used .* \(agreement 0\.\d\d with the recorded element on everything but its name\)/.test(h.description) || /renamed "Weekly digest" -> "Weekly summary"/.test(h.description))), JSON.stringify(replays.map((r) => r.healed)));
});
