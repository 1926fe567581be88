/**
 * A quick look at the mutation suite before running it: every step of every
 * variant of the chosen suites, each alone, judged by the real fingerprint
 * functions (lib/page-scripts/selectors/fingerprint.ts) in one Chromium page,
 * the way a replay chooses (chooseByAgreement, then chooseRenamed with the
 * recorded name checked gone: the device driver's own probeByAgreement and
 * captureElement, the fingerprint its only candidate). Under a minute for
 * every suite, against some 15 minutes for `npm run bench:mutations` on
 * one path.
 *
 * What it is not: the replay. It runs no other selector candidate, no
 * service, no driver session and no generated project, and it judges steps a flow would never
 * reach after an earlier failure. The bench is the figure; this is where to
 * look while changing a rule (its counts of steps on the right element have
 * matched the bench's on every suite so far: docs/benchmarks.md, round 8).
 * A changed rule must still be measured by the bench on every path.
 *
 * Prints, per page and variant, the steps that failed (with what the
 * driver saw: the closest elements) or acted on a wrong element, then per
 * suite the steps on the right element of those reached, and the wrong ones.
 *
 *   SUITES=holdout3,holdout4 npm run predict:mutations
 *   VERBOSE=1 ... also lists the variants where every step acted right.
 *   RENAMES=1 ... also prints every rename a step accepted (recorded name -> new name, right or wrong).
 */
import { chromium, type Page } from 'playwright-core';
import { describeClosest, type Fingerprint } from '../lib/page-scripts/selectors/fingerprint';
import { fingerprintCandidate } from '../lib/page-scripts/selectors/fingerprint-candidate';
import { captureElement, probeByAgreement } from '../plugins/drivers/playwright/agreement-probe';
import type { ProbeState } from '../plugins/drivers/playwright/found-element';
import { SUITES, VARIANTS, expectation, variantName } from '../test/fixtures/mutations/suite';
import { TEST_CHROMIUM } from '../test/helpers/chromium';

const names = (process.env.SUITES ?? 'tuned,unseen,holdout,holdout3,holdout4,holdout5,holdout6,holdout7,holdout8,holdout9,holdout10,holdout11,holdout12,holdout13,holdout14,holdout15,holdout16,holdout17,holdout18,holdout19,holdout20,holdout21,holdout22,holdout23,holdout24,holdout25,holdout26,holdout27,holdout28,holdout29,holdout30,holdout31,holdout32,holdout33,holdout34,holdout35,holdout36,holdout37,holdout38,holdout39,holdout40,holdout41,holdout42,holdout43,holdout44,holdout45,holdout46,holdout47,holdout48,holdout49,holdout50,holdout51,holdout52,holdout53,holdout54,holdout55,holdout56,holdout57,holdout58,holdout59,holdout60,holdout61,holdout62,holdout63,holdout64,holdout65').split(',').filter((n) => SUITES[n]);
const verbose = process.env.VERBOSE === '1';
const renames = process.env.RENAMES === '1';

/**
 * The identity (`data-who`) of the element a step recorded as `print` acts on in `page` (the device driver's own
 * pass by agreement, with the fingerprint as its only candidate), how, and what it saw when it found none.
 */
async function actOn(page: Page, print: Fingerprint): Promise<{ who: string | null; how: string; why: string }> {
  const state: ProbeState = { invalid: new Map(), refMisses: new Map() };
  const found = await probeByAgreement(page, [{ raw: fingerprintCandidate(print), kind: 'fingerprint', fingerprint: print }], print, state);
  if (!found) return { who: null, how: '', why: state.agreement ?? describeClosest(print, []) };
  const who = await found.locator!.evaluate((el) => el.closest('[data-who]')?.getAttribute('data-who') ?? 'unknown');
  return { who, how: found.renamed ? `renamed ${JSON.stringify(found.renamed.to)}` : 'by name', why: '' };
}

const browser = await chromium.launch({ executablePath: TEST_CHROMIUM });
try {
  // Scripts off: the identities stay in the DOM (page-script.ts removes them at load).
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  for (const suite of names) {
    let right = 0;
    let reached = 0;
    let wrong = 0;
    for (const suitePage of SUITES[suite]!) {
      await page.setContent(suitePage.html([]));
      const prints: Fingerprint[] = [];
      for (const step of suitePage.steps) prints.push({ ...(await captureElement((await page.locator(step.selector).elementHandle())!)), uid: undefined });
      for (const variant of VARIANTS) {
        const { acts, fails } = expectation(suitePage, variant);
        await page.setContent(suitePage.html(variant));
        const said: string[] = [];
        for (const [i, step] of suitePage.steps.entries()) {
          const mustAct = acts.includes(step.who);
          if (!mustAct && fails !== step.who) break;
          const { who, how, why } = await actOn(page, prints[i]!);
          if (renames && how.startsWith('renamed')) console.log(`RENAME ${who === step.who ? 'right' : 'WRONG'} ${suite} ${suitePage.path} ${variantName(variant)} ${step.who}: ${JSON.stringify(prints[i]!.name || prints[i]!.text)} -> ${how.slice(8)}`);
          if (mustAct) reached++;
          if (mustAct && who === step.who) right++;
          else if (who) {
            wrong++;
            said.push(`WRONG step ${i + 1} ${step.who}${mustAct ? '' : ' (must fail)'} -> ${who} (${how})`);
          } else if (mustAct) said.push(`failed step ${i + 1} ${step.who}: ${why}`);
          if (!who) break;
        }
        if (said.length || verbose) console.log(`${suite} ${suitePage.path} ${variantName(variant)}: ${said.join('; ') || 'every step right'}`);
      }
    }
    console.log(`== ${suite}: ${right}/${reached} steps reached on the right element (${((100 * right) / reached).toFixed(1)} %), ${wrong} wrong`);
  }
} finally {
  await browser.close();
}
