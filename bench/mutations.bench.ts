/**
 * npm run bench:mutations — no silent misfire, in figures. The mutation
 * suite (test/fixtures/mutations: 6 steps, 12 variants of the page) is
 * recorded once through the service, then replayed against every variant:
 * through the service (DETERMINISTIC rerun) on each driver, and through the
 * generated Playwright project (the real runner, BASE_URL at the variant).
 *
 * "before" replays the same recorded candidates without their fingerprint:
 * the order-based failover main had (the code path a target without a
 * fingerprint still takes). With BEFORE_ROOT=/path/to/a/checkout of main,
 * the "before" service and project come from that checkout's own code.
 *
 * Counted per replay: steps that acted on the right element (a failed step
 * ends the replay, so later steps do not count) and actions on a wrong element.
 */
import { startService } from '../test/helpers/service';
import { startMutationSites, type MutationSites } from '../test/fixtures/mutations/serve';
import { STEPS, VARIANTS } from '../test/fixtures/mutations/app-page';
import { recordFlow, replayVariants, withoutFingerprints, type ServiceClient } from '../test/fixtures/mutations/replay-service';
import { removeProject, runGeneratedVariants, writeGeneratedProject } from '../test/fixtures/mutations/replay-generated';

const DRIVERS = (process.env.DRIVERS ?? 'device,webdriver').split(',');
const BEFORE_ROOT = process.env.BEFORE_ROOT;

interface Tally { right: number; wrong: number; failed: number; total: number }

function tally(replays: { correct: number; wrongActions: number }[], failed: (i: number) => boolean): Tally {
  return {
    right: replays.reduce((n, r) => n + r.correct, 0),
    wrong: replays.reduce((n, r) => n + r.wrongActions, 0),
    failed: replays.filter((_, i) => failed(i)).length,
    total: replays.length * STEPS.length,
  };
}

function line(label: string, t: Tally): string {
  return `| ${label} | ${t.wrong} | ${t.right}/${t.total} (${((100 * t.right) / t.total).toFixed(1)} %) | ${t.failed} |`;
}

async function beforeService(): Promise<{ svc: ServiceClient; stop(): Promise<void> }> {
  if (!BEFORE_ROOT) throw new Error('unreachable');
  const mod = await import(`${BEFORE_ROOT}/test/helpers/service.ts`);
  const svc = await mod.startService({ settings: { flows: { actionTimeoutMs: 10_000 } } });
  return { svc, stop: () => svc.stop() };
}

async function main(): Promise<void> {
  const sites: MutationSites = await startMutationSites();
  const svc = await startService({ settings: { flows: { actionTimeoutMs: 10_000 } } });
  const rows: string[] = [];
  try {
    for (const type of DRIVERS) {
      sites.base.reset();
      const { flow, calls, rerun } = await recordFlow(svc, sites.base, 120_000, { using: { type } });
      let before = { svc: svc as ServiceClient, stop: async () => {} };
      if (BEFORE_ROOT) before = await beforeService();
      try {
        const old = await replayVariants(before.svc, sites, withoutFingerprints(rerun), 300_000);
        rows.push(line(`service, ${type} driver, before`, tally(old, (i) => !old[i]!.result.success)));
      } finally {
        await before.stop();
      }
      const now = await replayVariants(svc, sites, rerun, 300_000);
      rows.push(line(`service, ${type} driver, after`, tally(now, (i) => !now[i]!.result.success)));
      if (type !== DRIVERS[0]) continue;
      for (const fingerprints of [false, true]) {
        const emitter = !fingerprints && BEFORE_ROOT ? (await import(`${BEFORE_ROOT}/plugins/codegen/playwright/emitters.ts`)).createProjectEmitter : undefined;
        const dir = await writeGeneratedProject(flow, calls, { fingerprints, emitter });
        try {
          const runs = await runGeneratedVariants(dir, sites);
          rows.push(line(`generated project, ${fingerprints ? 'after' : 'before'}`, tally(runs, (i) => !runs[i]!.passed)));
        } finally {
          await removeProject(dir);
        }
      }
    }
  } finally {
    await svc.stop();
    await sites.close();
  }
  console.log(`mutation suite: ${STEPS.length} steps x ${VARIANTS.length} variants (${VARIANTS.map((v) => v.join('+')).join(', ')})`);
  console.log(`before = ${BEFORE_ROOT ? `the code of ${BEFORE_ROOT}` : 'the recorded candidates without their fingerprint (main\'s order-based failover)'}`);
  console.log('| replay | actions on a wrong element | steps on the right element | replays failed |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
