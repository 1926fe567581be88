/**
 * The mutation suite through the generated TypeScript project (the flows
 * recorded by the service, the project in TypeScript, the real runner, one
 * run over a representative subset of variants, kept small so the file
 * stays quick; every variant and the unseen pages on this path: `npm run
 * bench:mutations`): unchanged pages and copy edits green with their
 * renames annotated, a removed element failing even with a look-alike in
 * its place. Apart from mutations.test.ts so the paths run in parallel.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlows, type RecordedFlow } from '../fixtures/mutations/replay-service';
import { removeProject, runGeneratedVariants, writeGeneratedProject } from '../fixtures/mutations/replay-generated';
import { checkReplays } from '../fixtures/mutations/check-replays';
import { PAGES } from '../fixtures/mutations/suite';

const VARIANTS = ['unchanged', 'copy', 'lookalike+vanished'];
let svc: RunningService;
let sites: MutationSites;
let recorded: RecordedFlow[] = [];
let dir = '';

before(async () => {
  sites = await startMutationSites(VARIANTS);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
  recorded = await recordFlows(svc, PAGES, sites.base, 120_000);
});
after(async () => {
  if (dir) await removeProject(dir);
  await svc?.stop();
  await sites?.close();
});

test('the generated TypeScript project: unchanged pages and copy edits replay green, renames annotated, removed elements fail', async () => {
  dir = await writeGeneratedProject(recorded, { fingerprints: true, language: 'typescript' });
  const replays = await runGeneratedVariants(dir, sites, recorded, { language: 'typescript' });
  assert.equal(replays.length, VARIANTS.length * recorded.length);
  checkReplays(replays, 'generated TypeScript', PAGES);
  // Every renamed step of the tuned pages is annotated with both names (a step recorded with one locator too).
  const renames = replays.filter((r) => r.variant === 'copy').flatMap((r) => r.healed.filter((h) => h.kind === 'renamed').map((h) => h.description));
  for (const [from, to] of [['Weekly digest', 'Weekly summary'], ['Dark', 'Dark mode'], ['Pro plan', 'Pro'], ['Advanced', 'Advanced options'], ['Save', 'Save changes']]) {
    assert.ok(renames.some((d) => d.includes(`renamed ${JSON.stringify(from)} -> ${JSON.stringify(to)}`)), `${from} -> ${to}: ${JSON.stringify(renames)}`);
  }
});
