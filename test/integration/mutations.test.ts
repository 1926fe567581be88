/**
 * No silent misfire: a flow recorded on the base page of the mutation suite
 * (test/fixtures/mutations) is replayed against each mutated variant, by the
 * service (its DETERMINISTIC rerun) and by the Playwright project generated
 * from it (the real runner, BASE_URL at the variant). Every step acts on
 * the element it was recorded on or the replay fails, never on another
 * element. Steps found by a later candidate are listed in `result.healed`
 * (service) or annotated `self-healing` (generated test).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { recordFlow, replayVariants } from '../fixtures/mutations/replay-service';
import { removeProject, runGeneratedVariants, writeGeneratedProject } from '../fixtures/mutations/replay-generated';
import { STEPS } from '../fixtures/mutations/app-page';

let svc: RunningService;
let sites: MutationSites;
let rerun: any;
let recorded: { flow: any; calls: any[] };
const dirs: string[] = [];

before(async () => {
  sites = await startMutationSites();
  svc = await startService({ settings: { flows: { actionTimeoutMs: 10_000 } } });
  const { flow, calls, rerun: body } = await recordFlow(svc, sites.base, 120_000);
  rerun = body;
  recorded = { flow, calls };
});
after(async () => {
  for (const dir of dirs) await removeProject(dir);
  await svc?.stop();
  await sites?.close();
});

test('each element step of the rerun carries the recorded fingerprint last', () => {
  assert.equal(rerun.toolCallsOnStart.length, STEPS.length);
  for (const call of rerun.toolCallsOnStart) {
    const selectors: string[] = call.parameters.selector;
    assert.ok(Array.isArray(selectors) && selectors.length >= 2, JSON.stringify(selectors));
    const fingerprint = JSON.parse(selectors.at(-1)!.slice('fingerprint='.length));
    assert.ok(fingerprint.tag && Array.isArray(fingerprint.position), selectors.at(-1));
    assert.equal(fingerprint.uid, undefined, 'the per-page number is not recorded');
  }
});

test('every mutated variant: each step acts on the right element or the flow fails', async () => {
  const replays = await replayVariants(svc, sites, rerun, 120_000);
  for (const replay of replays) {
    const where = `${replay.variant}: ${JSON.stringify(replay.result)}`;
    assert.equal(replay.wrong, null, `acted on a wrong element in ${where}; step ${replay.correct} was recorded with ${JSON.stringify(rerun.toolCallsOnStart[replay.correct]?.parameters.selector ?? null)}`);
    if (replay.result.success) assert.equal(replay.correct, STEPS.length, where);
    else assert.match(replay.result.error.message, /agreeing with the recorded one|No element matches/, where);
    assert.ok(Array.isArray(replay.result.healed), where);
    for (const healed of replay.result.healed) {
      assert.ok(healed.step >= 0 && healed.step < STEPS.length && healed.tool && healed.recorded && healed.used, JSON.stringify(healed));
      assert.ok(healed.agreement >= 0.75 && healed.agreement <= 1, JSON.stringify(healed));
    }
  }
  // Each mutation alone leaves enough of every element to find it again.
  for (const variant of ['ids', 'classes', 'wrappers', 'reorder', 'lookalike', 'text']) {
    const replay = replays.find((r) => r.variant === variant)!;
    assert.equal(replay.result.success, true, `${variant}: ${JSON.stringify(replay.result)}`);
  }
  // Renamed labels and buttons: found again through later candidates, reported as healed.
  const text = replays.find((r) => r.variant === 'text')!;
  assert.ok(text.result.healed.length >= 1, JSON.stringify(text.result));
});

test('the generated project: each step acts on the right element or the test fails', async () => {
  const dir = await writeGeneratedProject(recorded.flow, recorded.calls, { fingerprints: true });
  dirs.push(dir);
  const replays = await runGeneratedVariants(dir, sites);
  for (const replay of replays) {
    const where = `${replay.variant}: ${replay.errors} ${JSON.stringify(replay.annotations)}`;
    // On a misfire, what the step had to go on: the candidates recorded for it.
    const recordedFor = (step: number) => JSON.stringify(recorded.calls[step]?.outcome?.selectors ?? null);
    assert.equal(replay.wrong, null, `acted on a wrong element in ${where}; step ${replay.correct} was recorded with ${recordedFor(replay.correct)}`);
    if (replay.passed) assert.equal(replay.correct, STEPS.length, where);
    else assert.match(replay.errors, /matched an element agreeing with the recorded one/, where);
  }
  for (const variant of ['ids', 'classes', 'wrappers', 'reorder', 'lookalike', 'text']) {
    const replay = replays.find((r) => r.variant === variant)!;
    assert.equal(replay.passed, true, `${variant}: ${replay.errors}`);
  }
  const text = replays.find((r) => r.variant === 'text')!;
  assert.ok(text.annotations.some((a) => a.type === 'self-healing' && /agreement 0\.\d\d with the recorded element/.test(a.description ?? '')), JSON.stringify(text.annotations));
});
