/**
 * A quick look at the mutation suite before running it: every step of every
 * variant of the chosen suites, each alone, judged by the real fingerprint
 * functions (lib/page-scripts/selectors/fingerprint.ts) in one Chromium page,
 * the way a replay chooses (chooseByAgreement, then chooseRenamed with the
 * recorded name checked gone). Under a minute for every suite, against some
 * 15 minutes for `npm run bench:mutations` on one path.
 *
 * What it is not: the replay. It runs no selector candidates, no service, no
 * driver and no generated project, and it judges steps a flow would never
 * reach after an earlier failure. The bench is the figure; this is where to
 * look while changing a rule (its counts of steps on the right element have
 * matched the bench's on every suite so far: docs/benchmarks.md, round 8).
 * A changed rule must still be measured by the bench on every path.
 *
 * Prints, per page and variant, the steps that failed (with the closest
 * elements and their agreements) or acted on a wrong element, then per
 * suite the steps on the right element of those reached, and the wrong ones.
 *
 *   SUITES=holdout3,holdout4 npm run predict:mutations
 *   VERBOSE=1 ... also lists the variants where every step acted right.
 */
import { chromium, type Page } from 'playwright-core';
import {
  captureFingerprints, chooseByAgreement, chooseRenamed, describeClosest, fingerprintAgreement, labelNamesElement, scoreMatch, type Fingerprint,
} from '../lib/page-scripts/selectors/fingerprint';
import { HOLDOUT3_PAGES, HOLDOUT4_PAGES, HOLDOUT_PAGES, PAGES, UNSEEN_PAGES, VARIANTS, expectation, variantName, type SuitePage } from '../test/fixtures/mutations/suite';
import { TEST_CHROMIUM } from '../test/helpers/chromium';

const SUITES: Record<string, SuitePage[]> = { tuned: PAGES, unseen: UNSEEN_PAGES, holdout: HOLDOUT_PAGES, holdout3: HOLDOUT3_PAGES, holdout4: HOLDOUT4_PAGES };
const names = (process.env.SUITES ?? 'tuned,unseen,holdout,holdout3,holdout4').split(',').filter((n) => SUITES[n]);
const verbose = process.env.VERBOSE === '1';

// tsx wraps nested functions in __name(): in-page code gets a stand-in (docs/selectors-and-observation.md, "How in-page code is written").
const capture = new Function(`return (els, record) => { const __name = (f) => f; return (${captureFingerprints.toString()})(els, 300, record); }`)() as (els: Element[], record: boolean) => Fingerprint[];
const stillNamed = new Function(`return (named) => { const __name = (f) => f; return (${labelNamesElement.toString()})(named); }`)() as (named: { label: string; tag?: string; control?: boolean }) => boolean;

/** The identity (`data-who`) of the element a step recorded as `print` acts on in `page`, how, and the candidates when none. */
async function actOn(page: Page, print: Fingerprint): Promise<{ who: string | null; how: string; why: string }> {
  const elements = page.locator(print.tag);
  const seen = await elements.evaluateAll(capture, false);
  const matches = [scoreMatch(print, seen, seen.length)];
  let chosen = chooseByAgreement(matches, print);
  if (!chosen) {
    const renamed = chooseRenamed(matches, print);
    if (renamed && !(await page.evaluate(stillNamed, { label: renamed.renamed!.from, tag: print.tag, control: print.control !== undefined }))) chosen = renamed;
  }
  if (!chosen) {
    const closest = seen.map((s) => `${JSON.stringify(s.name || s.text)} ${fingerprintAgreement(print, s)}/${fingerprintAgreement(print, s, true)}`)
      .sort((a, b) => Number(b.split('/')[1]) - Number(a.split('/')[1])).slice(0, 3);
    return { who: null, how: '', why: `${describeClosest(print, matches).slice(0, 300)}; by name/as a rename: ${closest.join(', ')}` };
  }
  const who = await elements.nth(chosen.nth).evaluate((el) => el.closest('[data-who]')?.getAttribute('data-who') ?? 'unknown');
  return { who, how: chosen.renamed ? `renamed ${JSON.stringify(chosen.renamed.to)}` : 'by name', why: '' };
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
      for (const step of suitePage.steps) prints.push({ ...(await page.locator(step.selector).evaluateAll(capture, true))[0]!, uid: undefined });
      for (const variant of VARIANTS) {
        const { acts, fails } = expectation(suitePage, variant);
        await page.setContent(suitePage.html(variant));
        const said: string[] = [];
        for (const [i, step] of suitePage.steps.entries()) {
          const mustAct = acts.includes(step.who);
          if (!mustAct && fails !== step.who) break;
          const { who, how, why } = await actOn(page, prints[i]!);
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
