import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, BrowserContext, ElementHandle, Frame, Page } from 'playwright-core';
import { recordSelectors } from '../../../plugins/drivers/playwright/selectors/record-selectors';
import { launchChromium, offlineContext } from '../../fixtures/pages/browser';
import { startStaticServer, type StaticServer } from '../../fixtures/pages/static-server';

const PAGES = join(import.meta.dirname, '../../fixtures/pages');

let browser: Browser;
let server: StaticServer;
let crossOrigin: StaticServer;
let context: BrowserContext;
let page: Page;

before(async () => {
  [browser, server, crossOrigin] = await Promise.all([launchChromium(), startStaticServer({ '/pages/': PAGES }), startStaticServer({ '/pages/': PAGES })]);
  context = await offlineContext(browser, [server.origin, crossOrigin.origin]);
  page = await context.newPage();
});

after(async () => {
  await browser?.close();
  await Promise.all([server?.close(), crossOrigin?.close()]);
});

async function element(selector: string, frame: Page | Frame = page): Promise<ElementHandle<Element>> {
  const handle = await frame.$(selector);
  assert.ok(handle, `fixture element ${selector} exists`);
  return handle as ElementHandle<Element>;
}

/** Records candidates and checks the contract on each: unique, the same element, at most 5, no refs. */
async function recordAndCheck(target: ElementHandle<Element>): Promise<string[]> {
  const selectors = await recordSelectors(page, target);
  assert.ok(selectors.length >= 1, 'at least one candidate');
  assert.ok(selectors.length <= 5, `at most 5 candidates: ${selectors.join(' | ')}`);
  for (const selector of selectors) {
    assert.ok(!selector.startsWith('ref='), selector);
    const locator = page.locator(selector);
    assert.equal(await locator.count(), 1, `${selector} matches exactly one element`);
    assert.equal(await locator.evaluate((el, t) => el === t, target), true, `${selector} matches the recorded element`);
  }
  return selectors;
}

describe('recordSelectors on form controls and links', () => {
  before(async () => {
    await page.goto(`${server.origin}/pages/selectors.html`);
  });

  test('a button with a test id: the test id first, then role + name', async () => {
    const selectors = await recordAndCheck(await element('button[type=submit]'));
    assert.equal(selectors[0], '[data-testid="save-profile"]');
    assert.ok(selectors.includes('role=button[name="Save"]'), selectors.join(' | '));
  });

  test('an input with a <label for>: role + name, then the label', async () => {
    const selectors = await recordAndCheck(await element('#email'));
    assert.equal(selectors[0], 'role=textbox[name="Email"]');
    assert.ok(selectors.includes('internal:label="Email"s'), selectors.join(' | '));
    assert.ok(selectors.includes('input[name="email"]'), selectors.join(' | '));
  });

  test('an input inside its label with a React id: the label works, the id is never used', async () => {
    const selectors = await recordAndCheck(await element('input[name=fullName]'));
    assert.ok(selectors.includes('internal:label="Full name"s'), selectors.join(' | '));
    assert.ok(selectors.every((s) => !s.includes(':r3:') && !s.includes('\\:r3\\:')), selectors.join(' | '));
  });

  test('a placeholder-only input with a volatile id: placeholder, never the id', async () => {
    const selectors = await recordAndCheck(await element('[placeholder="Search the docs"]'));
    assert.ok(selectors.includes('input[placeholder="Search the docs"]'), selectors.join(' | '));
    assert.ok(selectors.every((s) => !s.includes('mui-12345')), selectors.join(' | '));
  });

  test('a button whose only id is volatile (ember45) is recorded without it', async () => {
    const selectors = await recordAndCheck(await element('#ember45'));
    assert.equal(selectors[0], 'role=button[name="Cancel"]');
    assert.ok(selectors.every((s) => !s.includes('ember45')), selectors.join(' | '));
  });

  test('links: role + name first, href as a stable attribute', async () => {
    const selectors = await recordAndCheck(await element('a[href="/docs"]'));
    assert.equal(selectors[0], 'role=link[name="Docs"]');
    assert.ok(selectors.includes('a[href="/docs"]'), selectors.join(' | '));
  });

  test('a checkbox in its label, a select, an image and a clickable div', async () => {
    assert.equal((await recordAndCheck(await element('input[type=checkbox]')))[0], 'role=checkbox[name="Remember me"]');
    assert.equal((await recordAndCheck(await element('select')))[0], 'role=combobox[name="Country"]');
    assert.equal((await recordAndCheck(await element('img')))[0], 'role=img[name="Company logo"]');
    assert.ok((await recordAndCheck(await element('[onclick]'))).includes('text="Clickable div"'));
  });

  test('a button whose text is in a child span', async () => {
    const selectors = await recordAndCheck(await element('#toolbar button'));
    assert.equal(selectors[0], 'role=button[name="Go"]');
    assert.ok(selectors.every((s) => !s.includes('css-1x2y3z')), 'hashed class names are not used');
  });
});

describe('recordSelectors with nasty values', () => {
  before(async () => {
    await page.goto(`${server.origin}/pages/selectors.html`);
  });

  test('quotes, backslashes, >>, newlines, tabs and unicode are escaped so every candidate resolves', async () => {
    const targets = await page.$$('#nasty > *');
    assert.ok(targets.length >= 7);
    for (const target of targets) await recordAndCheck(target as ElementHandle<Element>);
  });

  test('a test id holding a quote, a backslash and >> comes first and works', async () => {
    const selectors = await recordAndCheck(await element('#nasty button >> nth=1'));
    assert.equal(selectors[0], '[data-testid="q\\"u\\\\o>>te"]');
  });

  test('an aria-label with quotes and a backslash', async () => {
    const selectors = await recordAndCheck(await element('#nasty button >> nth=0'));
    assert.equal(selectors[0], 'role=button[name="He said \\"hi\\" \\\\ back"]');
  });

  test('an id with CSS-special characters is escaped', async () => {
    const selectors = await recordAndCheck(await element('[id="a:b.c[d]"]'));
    assert.ok(selectors.includes('#a\\:b\\.c\\[d\\]'), selectors.join(' | '));
  });
});

describe('recordSelectors on duplicates', () => {
  before(async () => {
    await page.goto(`${server.origin}/pages/selectors.html`);
  });

  test('two identical Delete buttons in table rows: the row context tells them apart', async () => {
    const selectors = await recordAndCheck(await element('#users tr:nth-child(2) button'));
    assert.equal(selectors[0], 'tr:has-text("Bob") >> role=button[name="Delete"]');
    assert.ok(!selectors.includes('role=button[name="Delete"]'), 'the ambiguous candidate is not recorded');
  });

  test('cards in a list: the item text tells them apart', async () => {
    const selectors = await recordAndCheck(await element('.cards li:nth-child(1) button'));
    assert.equal(selectors[0], 'li:has-text("Plan A") >> role=button[name="Choose"]');
  });

  test('identical siblings with no context still get a unique candidate (position)', async () => {
    const selectors = await recordAndCheck(await element('text=Duplicate >> nth=1'));
    assert.ok(selectors.includes('role=button[name="Duplicate"] >> nth=1'), selectors.join(' | '));
  });
});

describe('recordSelectors across shadow roots and frames', () => {
  test('elements in an open shadow root', async () => {
    await page.goto(`${server.origin}/pages/selectors.html`);
    const button = (await page.locator('#host button').elementHandle()) as ElementHandle<Element>;
    assert.equal((await recordAndCheck(button))[0], 'role=button[name="Shadow action"]');
    const input = (await page.locator('#host input').elementHandle()) as ElementHandle<Element>;
    assert.ok((await recordAndCheck(input)).includes('input[placeholder="Shadow field"]'));
  });

  test('elements in same-origin, srcdoc and nested iframes get the frame prefix', async () => {
    await page.goto(`${server.origin}/pages/frames.html`);
    const payment = page.frame({ name: 'payment' });
    assert.ok(payment);
    await payment.waitForSelector('[data-testid="pay"]');
    const pay = await recordAndCheck(await element('[data-testid="pay"]', payment));
    assert.equal(pay[0], 'iframe[name="payment"] >> internal:control=enter-frame >> [data-testid="pay"]');
    assert.ok(pay.every((s) => s.startsWith('iframe[name="payment"] >> internal:control=enter-frame >> ')));

    const inline = page.frames().find((f) => f.parentFrame() === page.mainFrame() && f.url() === 'about:srcdoc');
    assert.ok(inline);
    assert.ok((await recordAndCheck(await element('button', inline)))[0].startsWith('iframe[title="Inline note"] >> internal:control=enter-frame >> '));

    const nested = page.frames().find((f) => f.parentFrame() === payment);
    assert.ok(nested);
    await nested.waitForSelector('button');
    const deep = await recordAndCheck(await element('button', nested));
    assert.equal(deep[0], 'iframe[name="payment"] >> internal:control=enter-frame >> iframe[title="Nested"] >> internal:control=enter-frame >> role=button[name="Deep button"]');
  });

  test('elements in a cross-origin iframe', async () => {
    await page.goto(`${server.origin}/pages/frames.html`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.title = 'Cross';
      frame.src = src;
      document.body.append(frame);
    }, `${crossOrigin.origin}/pages/frame-child.html`);
    const frame = await (await page.waitForSelector('iframe[title="Cross"]')).contentFrame();
    assert.ok(frame);
    const pay = await frame.waitForSelector('[data-testid="pay"]');
    const selectors = await recordAndCheck(pay as ElementHandle<Element>);
    assert.equal(selectors[0], 'iframe[title="Cross"] >> internal:control=enter-frame >> [data-testid="pay"]');
  });
});

describe('recordSelectors edge cases', () => {
  test('a detached element yields no candidates', async () => {
    await page.setContent('<button id="gone">Gone</button>');
    const target = await element('#gone');
    await page.evaluate(() => document.getElementById('gone')!.remove());
    assert.deepEqual(await recordSelectors(page, target), []);
  });

  test('an element with nothing but its position still gets a CSS path', async () => {
    await page.setContent('<div><span></span><span></span></div>');
    const selectors = await recordAndCheck(await element('span >> nth=1'));
    assert.ok(selectors.includes('span:nth-of-type(2)'), selectors.join(' | '));
  });

  test('a button named like another is narrowed by its named region', async () => {
    await page.setContent('<section aria-label="First"><button>Go</button></section><section aria-label="Second"><button>Go</button></section>');
    const selectors = await recordAndCheck(await element('section >> nth=1 >> button'));
    assert.equal(selectors[0], 'role=region[name="Second"] >> role=button[name="Go"]');
  });
});
