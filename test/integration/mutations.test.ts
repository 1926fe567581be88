/**
 * Replays that survive page changes and never guess: the flows of the
 * mutation suite (test/fixtures/mutations: a team admin page and a settings
 * page with text-only targets and two forms) are recorded on the base pages
 * and replayed against variants, by the service (its DETERMINISTIC rerun,
 * Playwright driver) and by the JavaScript Playwright project generated from
 * them (the real runner, one run over every variant). Unchanged pages replay
 * green; copy edits replay green with the renamed steps reported as healed
 * (`result.healed` kind `renamed`, a `self-healing` annotation naming both
 * names), also with a new look-alike arriving beside a renamed target; a
 * step whose element was removed fails, naming the recorded element and the
 * closest one, and never acts on another element, also when a look-alike
 * arrives in its place. The whole suite on every path, with figures: `npm
 * run bench:mutations`.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlows, replayVariants, type RecordedFlow } from '../fixtures/mutations/replay-service';
import { removeProject, runGeneratedVariants, writeGeneratedProject } from '../fixtures/mutations/replay-generated';
import { checkReplays } from '../fixtures/mutations/check-replays';
import { PAGES } from '../fixtures/mutations/suite';

// A representative subset, kept small so the file stays quick (about a minute alone): every variant on every path is
// `npm run bench:mutations`. The service: unchanged, a copy edit, a rename beside a new look-alike, both must-fail kinds.
const SERVICE = ['unchanged', 'copy', 'lookalike+copy', 'removed', 'lookalike+vanished'];
// The generated project: unchanged, renames beside new look-alikes (copy edits included), a removed element.
const GENERATED = ['unchanged', 'lookalike+copy', 'removed'];
let svc: RunningService;
let sites: MutationSites;
let recorded: RecordedFlow[] = [];
let dir = '';

before(async () => {
  sites = await startMutationSites(SERVICE);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
  recorded = await recordFlows(svc, PAGES, sites.base, 120_000);
});
after(async () => {
  if (dir) await removeProject(dir);
  await svc?.stop();
  await sites?.close();
});

test('each element step of the rerun carries the recorded fingerprint last, with its look-alikes\' names', () => {
  for (const { page, rerun } of recorded) {
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
  const replays = await replayVariants(svc, sites, recorded, { timeoutMs: 120_000, parallel: 2 });
  checkReplays(replays, 'service', PAGES);
  const renamed = replays.filter((r) => r.variant === 'copy').flatMap((r) => r.result.healed).find((h: any) => h.kind === 'renamed' && h.from === 'Weekly digest');
  assert.ok(renamed, 'the span of label text, renamed');
  assert.equal(renamed.to, 'Weekly summary');
  assert.ok(renamed.agreement >= 0.75 && renamed.step === 3 && renamed.tool === 'click' && renamed.recorded && renamed.used, JSON.stringify(renamed));
  // A new look-alike ("Dim") arrived beside the renamed item ("Dark" -> "Dark mode"): the name's kept word decides.
  const dark = replays.filter((r) => r.variant === 'lookalike+copy').flatMap((r) => r.result.healed).find((h: any) => h.kind === 'renamed' && h.from === 'Dark');
  assert.equal(dark?.to, 'Dark mode', JSON.stringify(dark));
  const fallbacks = replays.flatMap((r) => r.result.healed).filter((h: any) => h.kind === 'fallback');
  for (const h of fallbacks) assert.ok(h.from === h.recorded && h.to === h.used, JSON.stringify(h));
});

test('the generated JavaScript project: the same replays, renames annotated with both names', async () => {
  dir = await writeGeneratedProject(recorded, { fingerprints: true, language: 'javascript' });
  const replays = await runGeneratedVariants(dir, sites, recorded, { language: 'javascript', only: GENERATED });
  assert.equal(replays.length, GENERATED.length * PAGES.length);
  checkReplays(replays, 'generated JavaScript', PAGES);
  const annotated = replays.flatMap((r) => r.healed.map((h) => h.description));
  assert.ok(annotated.some((d) => /renamed "Weekly digest" -> "Weekly summary"; used .* \(agreement 0\.\d\d with the recorded element on everything but its name\)/.test(d)), JSON.stringify(annotated));
  assert.ok(annotated.some((d) => d.includes('renamed "Dark" -> "Dark mode"')), JSON.stringify(annotated));
});
