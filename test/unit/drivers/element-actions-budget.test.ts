/**
 * The action timeout of the Playwright element actions is the page's: the
 * time waiting for the element is charged to it, the service's own work once
 * the element is found (the target check, the recording, masking a field)
 * is not. On a loaded machine a recording can take seconds; charged, it left
 * the action 500 ms and a field that became ready a moment later failed.
 */
import { after, before, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { ElementActions } from '../../../plugins/drivers/playwright/element-actions';
import { ElementFinder } from '../../../plugins/drivers/playwright/element-finder';
import { PageObserver } from '../../../plugins/drivers/playwright/observation/observe-page';
import { createLogger } from '../../../lib/logging/logger';
import { sleep } from '../../../lib/async/timing';
import { launchChromium } from '../../fixtures/pages/browser';

let browser: Browser;
let page: Page;

before(async () => {
  browser = await launchChromium();
});
// A page per test: a timer one test left must not make another's field ready.
beforeEach(async () => {
  await page?.close();
  page = await browser.newPage();
});
after(() => browser?.close());

/** Element actions whose target check takes `checkMs` and then makes `#f` editable `readyMs` later. */
function actions(actionTimeoutMs: number, checkMs: number, readyMs: number): ElementActions {
  const logger = createLogger('error', () => undefined);
  return new ElementActions({
    page: async () => page,
    finder: new ElementFinder(new PageObserver(), logger),
    logger,
    actionTimeoutMs,
    maxResultBytes: 10_000,
    checkTarget: async () => {
      await sleep(checkMs);
      await page.evaluate((ms) => { setTimeout(() => { (document.getElementById('f') as HTMLInputElement).disabled = false; }, ms); }, readyMs);
    },
  });
}

test('the service\'s work after finding the element is not charged to the action timeout', async () => {
  await page.setContent('<label for="f">Field</label><input id="f" disabled>');
  // The check alone outlasts the 4 s timeout; the field is ready 1.5 s after it. Charged, the fill had 500 ms; now it has
  // what finding the element left of the 4 s (wide margins: the suite runs on a loaded machine).
  const done = await actions(4_000, 4_500, 1_500).type('#f', 'typed');
  assert.equal(done?.matchedSelector, '#f');
  assert.equal(await page.inputValue('#f'), 'typed');
});

test('waiting for the element is charged: a field never ready fails after the timeout, saying it waited', async () => {
  await page.setContent('<label for="f">Field</label><input id="f" disabled>');
  const started = Date.now();
  await assert.rejects(actions(1_000, 0, 60_000).type('#f', 'typed'), /Could not type into #f: it was not ready.*\(waited 1000 ms\)/);
  const took = Date.now() - started;
  assert.ok(took >= 900 && took < 5_000, `failed after ${took} ms`);
});
