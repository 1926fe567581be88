/**
 * The mutation suite through the generated TypeScript project (the flows
 * recorded by the service, the project in TypeScript, the real runner):
 * unchanged pages green, copy edits green with their renames annotated.
 * Apart from mutations.test.ts so the paths run in parallel.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlow } from '../fixtures/mutations/replay-service';
import { removeProject, runGeneratedVariants, writeGeneratedProject } from '../fixtures/mutations/replay-generated';
import { PAGES } from '../fixtures/mutations/suite';

let svc: RunningService;
let sites: MutationSites;
const dirs: string[] = [];

before(async () => {
  sites = await startMutationSites(['unchanged', 'copy']);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
});
after(async () => {
  for (const dir of dirs) await removeProject(dir);
  await svc?.stop();
  await sites?.close();
});

test('the generated TypeScript project: unchanged pages and copy edits replay green, renames annotated', async () => {
  const renames: string[] = [];
  for (const page of PAGES) {
    const { flow, calls } = await recordFlow(svc, page, sites.base, 120_000);
    const dir = await writeGeneratedProject(flow, calls, { fingerprints: true, language: 'typescript' });
    dirs.push(dir);
    for (const replay of await runGeneratedVariants(dir, sites, page)) {
      const what = `${page.path} ${replay.variant}: ${replay.error} ${JSON.stringify(replay.healed)}`;
      assert.equal(replay.wrong, null, what);
      assert.equal(replay.passed, true, what);
      assert.equal(replay.correct, page.steps.length, what);
      if (replay.variant === 'unchanged') assert.deepEqual(replay.healed, [], `nothing to heal on the unchanged page: ${what}`);
      else renames.push(...replay.healed.filter((h) => h.kind === 'renamed').map((h) => h.description));
    }
  }
  assert.ok(renames.some((d) => d.includes('renamed "Weekly digest" -> "Weekly summary"')), JSON.stringify(renames));
});
