/**
 * The pages of the mutation suite (test/fixtures/mutations), every suite,
 * checked as fixtures without replaying them (so without the fingerprint
 * rules, which a hold-out set must not be tuned on): a page the bench
 * measures must say what it claims. In one real Chromium, with scripts off
 * so the identities (`data-who`) stay in the DOM (page-script.ts removes
 * them at load):
 * - `removed` and `vanished` each name a step that must fail;
 * - on the base page, each step's recorded selector matches exactly one
 *   element, and the identity nearest to it (its own or an ancestor's, as
 *   the page reports a click) is that step's; a selectOption step's values
 *   are options of it; a type step's element takes text; the selector is
 *   one every driver records with (no Playwright-only pseudo-class such as
 *   `:has-text()`: the WebDriver path cannot run it);
 * - on every variant, each step that must act (expectation()) has its
 *   identity on exactly one element, and the step that must fail has its
 *   identity on none;
 * - on `vanished`, every other identity of the base page stays (the
 *   look-alike recorded beside the target among them);
 * - every link is a "#fragment" link (a link elsewhere navigates away
 *   while the flow is recorded).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../fixtures/pages/browser';
import { expectation, SUITES, VARIANTS, variantName, type SuitePage } from '../fixtures/mutations/suite';


let browser: Browser;
let context: BrowserContext;
let page: Page;

before(async () => {
  browser = await launchChromium();
  context = await browser.newContext({ javaScriptEnabled: false });
  page = await context.newPage();
});

after(async () => {
  await browser?.close();
});

/** What a loaded page holds: every identity with how many elements carry it, and the links that lead off the page. */
async function inventory(): Promise<{ identities: Map<string, number>; offPage: string[] }> {
  const { whos, hrefs } = await page.evaluate(() => ({
    whos: [...document.querySelectorAll('[data-who]')].map((el) => el.getAttribute('data-who') ?? ''),
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
  }));
  const identities = new Map<string, number>();
  for (const who of whos) identities.set(who, (identities.get(who) ?? 0) + 1);
  return { identities, offPage: hrefs.filter((h) => !h.startsWith('#')) };
}

/** What is wrong with `suitePage` as a fixture, in words (none: it says what it claims). */
async function problemsOf(suitePage: SuitePage): Promise<string[]> {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => { if (!ok) problems.push(problem); };
  for (const kind of ['removed', 'vanished'] as const) {
    check(suitePage.steps.some((s) => s.who === suitePage.mustFail[kind]), `on ${kind}, the step that must fail (${suitePage.mustFail[kind]}) is not a step`);
  }

  await page.setContent(suitePage.html([]));
  const base = await inventory();
  check(base.offPage.length === 0, `base page: links off the page: ${base.offPage.join(', ')}`);
  for (const step of suitePage.steps) {
    const where = `base page, step ${step.who} (${step.selector})`;
    check(!/:(?:has-text|text|text-is|text-matches|nth-match|left-of|right-of|above|below|near)\(|:visible\b|>>/.test(step.selector), `${where}: a Playwright-only selector the WebDriver path cannot record`);
    const target = page.locator(step.selector);
    const count = await target.count();
    check(count === 1, `${where}: the recorded selector matches ${count} elements, not 1`);
    if (count !== 1) continue;
    const seen = await target.evaluate((el) => ({
      who: el.closest('[data-who]')?.getAttribute('data-who') ?? null,
      tag: el.localName,
      type: (el as HTMLInputElement).type ?? '',
      options: el instanceof HTMLSelectElement ? [...el.options].map((o) => o.value) : [],
    }));
    check(seen.who === step.who, `${where}: the element's identity is ${seen.who}`);
    if (step.values) {
      check(seen.tag === 'select', `${where}: selectOption on <${seen.tag}>`);
      for (const value of step.values) check(seen.options.includes(value), `${where}: no option ${value} (${seen.options.join(', ')})`);
    }
    if (step.text !== undefined) {
      check(seen.tag === 'textarea' || (seen.tag === 'input' && !['checkbox', 'radio', 'button', 'submit', 'hidden'].includes(seen.type)), `${where}: type into <${seen.tag} type=${seen.type}>`);
    }
  }

  for (const mutations of VARIANTS) {
    const where = variantName(mutations);
    await page.setContent(suitePage.html(mutations));
    const { identities, offPage } = await inventory();
    const newOffPage = offPage.filter((href) => !base.offPage.includes(href));
    check(newOffPage.length === 0, `${where}: links off the page: ${newOffPage.join(', ')}`);
    const { acts, fails } = expectation(suitePage, mutations);
    for (const who of acts) check(identities.get(who) === 1, `${where}: ${identities.get(who) ?? 0} elements, not 1, with the identity ${who} (a step that must act)`);
    if (fails !== null) check(!identities.has(fails), `${where}: ${identities.get(fails)} elements with the identity ${fails} (the step that must fail)`);
    if (mutations.length === 1 && mutations[0] === 'vanished') {
      const gone = [...base.identities.keys()].filter((who) => who !== fails && !identities.has(who));
      check(gone.length === 0, `${where}: identities of the base page gone besides ${fails}: ${gone.join(', ')}`);
    }
  }
  return problems;
}

for (const [suite, pages] of Object.entries(SUITES)) {
  describe(`mutation suite "${suite}"`, () => {
    for (const suitePage of pages) {
      test(`${suitePage.path}: recorded selectors and identities on the base page and every variant`, async () => {
        assert.deepEqual(await problemsOf(suitePage), [], `${suitePage.path} as a fixture`);
      });
    }
  });
}
