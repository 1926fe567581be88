/**
 * Replays that survive page changes and never guess, on the Playwright
 * driver and in the generated JavaScript project: the flows of the mutation
 * suite (test/fixtures/mutations) are recorded on the base pages and
 * replayed against the variants no other test covers on these paths, by the
 * service (its DETERMINISTIC rerun, Playwright driver) and by the
 * JavaScript Playwright project generated from them (the real runner, one
 * run, alongside the service's replays). The unchanged settings page of
 * issue 20 replays green; copy edits beside new look-alikes replay green
 * with the renamed steps reported as healed (`result.healed` kind `renamed`, a `self-healing` annotation
 * naming both names: "Weekly digest" is told from a new "Monthly digest"
 * by the checkbox its label belongs to, recorded in the fingerprint); a
 * step whose element was removed fails, naming the recorded element and
 * the closest one, and never acts on another element, also when a
 * look-alike arrives in its place. Kept to the pairs of page and variant
 * that prove one thing each (the TypeScript project and the webdriver
 * driver: their own files); every variant on every path, with figures:
 * `npm run bench:mutations`.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlows, replayVariants, type RecordedFlow } from '../fixtures/mutations/replay-service';
import { removeProject, runGeneratedVariants, writeGeneratedProject } from '../fixtures/mutations/replay-generated';
import type { VariantReplay } from '../fixtures/mutations/replay-service';
import { checkReplays } from '../fixtures/mutations/check-replays';
import { PAGES } from '../fixtures/mutations/suite';

// The pairs of variant and page, kept few so the file stays quick: the settings page unchanged (issue 20's span of
// label text) and renamed beside new look-alikes, the team page's removed row and its vanished button beside a new
// look-alike (the must-fail kinds). The unseen pages' rules are unit-tested (test/unit/selectors/fingerprint.test.ts).
const SERVICE: [string, string][] = [['unchanged', '/settings.html'], ['lookalike+copy', '/settings.html'], ['removed', '/team.html'], ['lookalike+vanished', '/team.html']];
// The generated project: unchanged, renames beside new look-alikes, a removed element.
const GENERATED: [string, string][] = [['unchanged', '/settings.html'], ['lookalike+copy', '/settings.html'], ['removed', '/team.html']];
const pick = (pairs: [string, string][]) => (variant: string, page: string) => pairs.some(([v, p]) => v === variant && p === page);
let svc: RunningService;
let sites: MutationSites;
let generatedSites: MutationSites;
let recorded: RecordedFlow[] = [];
let dir = '';
/** The generated project's run, started as soon as the flows are recorded: it runs while the service replays (its own sites, so their reports never mix). */
let generated: Promise<{ replays?: VariantReplay[]; error?: unknown }>;

before(async () => {
  [sites, generatedSites] = await Promise.all([
    startMutationSites([...new Set(SERVICE.map(([v]) => v))], PAGES),
    startMutationSites([...new Set(GENERATED.map(([v]) => v))], PAGES),
  ]);
  // 10 s: the generated project runs at the same time, and a loaded machine must not make a step that acts time out.
  svc = await startService({ settings: { flows: { actionTimeoutMs: 10_000 } } });
  recorded = await recordFlows(svc, PAGES, sites.base, 120_000);
  generated = (async () => {
    dir = await writeGeneratedProject(recorded, { fingerprints: true, language: 'javascript' });
    return runGeneratedVariants(dir, generatedSites, recorded, { language: 'javascript', pick: pick(GENERATED) });
  })().then((replays) => ({ replays }), (error: unknown) => ({ error }));
});
after(async () => {
  await generated;
  if (dir) await removeProject(dir);
  await svc?.stop();
  await sites?.close();
  await generatedSites?.close();
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
  // All at once: the must-fail replays spend most of their time waiting out the action timeout.
  const replays = await replayVariants(svc, sites, recorded, { timeoutMs: 120_000, parallel: SERVICE.length, pick: pick(SERVICE) });
  assert.equal(replays.length, SERVICE.length);
  checkReplays(replays, 'service', PAGES);
  const renamed = replays.filter((r) => r.variant === 'lookalike+copy').flatMap((r) => r.result.healed).find((h: any) => h.kind === 'renamed' && h.from === 'Weekly digest');
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
  const run = await generated;
  if (run.error) throw run.error;
  const replays = run.replays!;
  assert.equal(replays.length, GENERATED.length);
  checkReplays(replays, 'generated JavaScript', PAGES);
  const annotated = replays.flatMap((r) => r.healed.map((h) => h.description));
  assert.ok(annotated.some((d) => /renamed "Weekly digest" -> "Weekly summary"; used .* \(agreement [01]\.\d\d with the recorded element on everything but its name\)/.test(d)), JSON.stringify(annotated));
  assert.ok(annotated.some((d) => d.includes('renamed "Dark" -> "Dark mode"')), JSON.stringify(annotated));
});
