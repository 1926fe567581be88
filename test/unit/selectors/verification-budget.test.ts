/**
 * Which candidates skip Playwright's verification (plain CSS the page proved
 * unique) and how recording stays cheap on pages too big to verify role and
 * text candidates in the time budget. Every recorded candidate is still
 * re-resolved with Playwright here: exactly one element, the recorded one.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, ElementHandle, Frame, Page } from 'playwright-core';
import { recordSelectors } from '../../../plugins/drivers/playwright/selectors/record-selectors';
import { planCandidatesInPage } from '../../../plugins/drivers/playwright/selectors/in-page/selector-lib';
import type { PlannedCandidate } from '../../../plugins/drivers/playwright/selectors/in-page/plan';
import { maxVisitsWithin } from '../../../plugins/drivers/playwright/selectors/verification-cost';
import { VERIFY_BUDGET_MS } from '../../../plugins/drivers/playwright/selectors/verify-candidates';
import { launchChromium, offlineContext } from '../../fixtures/pages/browser';
import { startStaticServer, type StaticServer } from '../../fixtures/pages/static-server';

const PAGES = join(import.meta.dirname, '../../fixtures/pages');
const MAX_VISITS = maxVisitsWithin(VERIFY_BUDGET_MS);
/** Enough plain elements to put whole-page role/text queries over the budget. */
const FILLER = `<div>${'<p><span>filler</span> <a href="/x">more</a></p>'.repeat(Math.ceil(MAX_VISITS / 3) + 100)}</div>`;

let browser: Browser;
let server: StaticServer;
let page: Page;

before(async () => {
  [browser, server] = await Promise.all([launchChromium(), startStaticServer({ '/pages/': PAGES })]);
  page = await (await offlineContext(browser, [server.origin])).newPage();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

async function element(selector: string, frame: Page | Frame = page): Promise<ElementHandle<Element>> {
  const handle = await frame.$(selector);
  assert.ok(handle, `fixture element ${selector} exists`);
  return handle as ElementHandle<Element>;
}

async function plan(target: ElementHandle<Element>): Promise<PlannedCandidate[]> {
  return (await target.evaluate(planCandidatesInPage, { maxVisits: MAX_VISITS })).candidates;
}

const find = (candidates: PlannedCandidate[], selector: string): PlannedCandidate => {
  const found = candidates.find((c) => c.selector === selector);
  assert.ok(found, `${selector} among ${candidates.map((c) => c.selector).join(' | ')}`);
  return found;
};

/** Records, then re-resolves each candidate with Playwright. */
async function recordAndCheck(target: ElementHandle<Element>): Promise<string[]> {
  const selectors = await recordSelectors(page, target);
  assert.ok(selectors.length >= 1 && selectors.length <= 5, selectors.join(' | '));
  for (const selector of selectors) {
    const same = await page.locator(selector).evaluateAll((els, t) => els.length === 1 && els[0] === t, target);
    assert.equal(same, true, `${selector} matches exactly the recorded element`);
  }
  return selectors;
}

describe('proven CSS candidates', () => {
  test('plain CSS the page found unique is proven; role, text, label and chains are not', async () => {
    await page.goto(`${server.origin}/pages/selectors.html`);
    const email = await plan(await element('#email'));
    assert.equal(find(email, 'input[name="email"]').proven, true);
    assert.equal(find(email, '#email').proven, true);
    assert.equal(find(email, 'role=textbox[name="Email"]').proven, false);
    assert.equal(find(email, 'internal:label="Email"s').proven, false);
    assert.equal(find(await plan(await element('button[type=submit]')), '[data-testid="save-profile"]').proven, true);
    const bob = await plan(await element('#users tr:nth-child(2) button'));
    assert.ok(bob.every((c) => !c.selector.includes(' >> ') || !c.proven), 'chains are verified by Playwright');
  });

  test('a CSS path with combinators is proven only in a document without shadow roots', async () => {
    await page.setContent('<main><p><b>a</b></p><p><b>x</b></p></main>');
    const path = (await plan(await element('p >> nth=1 >> b'))).find((c) => c.css === 'complex');
    assert.ok(path, 'a CSS path candidate');
    assert.equal(path.proven, true, path.selector);
    await page.evaluate(() => document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' }).innerHTML = '<p><b>y</b></p>');
    const again = await plan(await element('main b >> nth=1'));
    assert.equal(again.find((c) => c.selector === path.selector)?.proven, false, 'Playwright lets `>` cross into shadow roots');
    assert.deepEqual(await recordAndCheck(await element('main b >> nth=1')), await recordSelectors(page, await element('main b >> nth=1')), 'the same recording twice');
  });

  test('elements in shadow roots and frames are always verified by Playwright', async () => {
    await page.goto(`${server.origin}/pages/selectors.html`);
    const shadowInput = (await page.locator('#host input').elementHandle()) as ElementHandle<Element>;
    assert.ok((await plan(shadowInput)).every((c) => !c.proven));
    assert.ok((await recordAndCheck(shadowInput)).includes('input[placeholder="Shadow field"]'));

    await page.goto(`${server.origin}/pages/frames.html`);
    const payment = page.frame({ name: 'payment' });
    assert.ok(payment);
    const pay = await payment.waitForSelector('[data-testid="pay"]');
    assert.ok((await plan(pay as ElementHandle<Element>)).every((c) => !c.proven));
  });
});

describe('recording on a page too big to verify role and text in the budget', () => {
  before(async () => {
    await page.setContent(`${FILLER}<form><label for="q">Query</label><input id="q" name="q"></form><nav><a href="/target">Target link</a></nav>`);
  });

  test('whole-page role and text candidates are neither counted in the page nor verified', async () => {
    const link = await element('a[href="/target"]');
    const candidates = await plan(link);
    const role = find(candidates, 'role=link[name="Target link"]');
    assert.ok(role.visits > MAX_VISITS, `${role.visits} elements to visit`);
    assert.equal(role.likelyUnique, false, 'not counted');
    const selectors = await recordAndCheck(link);
    assert.equal(selectors[0], 'a[href="/target"]');
    assert.ok(selectors.every((s) => !/^(role|text|internal:)/.test(s)), selectors.join(' | '));
  });

  test('a form field keeps its CSS candidates', async () => {
    const selectors = await recordAndCheck(await element('#q'));
    assert.deepEqual(selectors.slice(0, 2), ['input[name="q"]', '#q']);
  });

  test('when no affordable candidate is known to be unique, the full path from the root still records the element', async () => {
    // Two identical subtrees deeper than the 12 steps a CSS path takes, no ids, no distinct texts.
    const deep = `${'<div>'.repeat(14)}<button>Same</button>${'</div>'.repeat(14)}`;
    await page.setContent(`${FILLER}<section>${deep}</section><section>${deep}</section>`);
    const target = await element('section >> nth=1 >> button');
    const selectors = await recordAndCheck(target);
    assert.ok(selectors.some((s) => s.startsWith(':root > body > section:nth-of-type(2) > ')), selectors.join(' | '));
  });

  test('with nothing affordable and nothing proven, the cheapest candidates are verified whatever they cost', async () => {
    // In a shadow root (no full path there), two deep subtrees that CSS paths cannot tell apart.
    await page.setContent(`${FILLER}<div id="host"></div>`);
    const deep = (text: string): string => `${'<div>'.repeat(14)}<button>${text}</button>${'</div>'.repeat(14)}`;
    await page.evaluate((html) => {
      document.getElementById('host')!.attachShadow({ mode: 'open' }).innerHTML = html;
    }, deep('One') + deep('Two'));
    const target = (await page.locator('#host button >> nth=1').elementHandle()) as ElementHandle<Element>;
    const candidates = await plan(target);
    assert.ok(candidates.every((c) => !c.proven && c.visits > MAX_VISITS), candidates.map((c) => `${c.selector} ${c.visits}`).join(' | '));
    assert.deepEqual(await recordAndCheck(target), ['role=button[name="Two"]', 'text="Two"']);
  });
});
