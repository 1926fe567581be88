/**
 * Recorded selector candidates as public locator calls. First the expected
 * code of each form; then, in real Chromium, every candidate the Playwright
 * driver records on the fixture pages (frames, shadow roots, hostile names
 * included) and a list of hand-written selectors are rewritten, and each
 * rewrite must match exactly the same elements as the original selector.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { selectors as playwrightSelectors, type Browser, type BrowserContext, type ElementHandle, type Frame, type Locator, type Page } from 'playwright-core';
import { locatorCode, type LocatorOptions } from '../../../plugins/codegen/playwright/locator-code';
import { recordSelectors } from '../../../plugins/drivers/playwright/selectors/record-selectors';
import { launchChromium, offlineContext } from '../../fixtures/pages/browser';
import { startStaticServer, type StaticServer } from '../../fixtures/pages/static-server';

const PAGES = join(import.meta.dirname, '../../fixtures/pages');
const DEFAULT: LocatorOptions = { testIdAttribute: 'data-testid' };
const code = (selector: string, options = DEFAULT) => locatorCode(selector, options)?.code ?? null;

describe('locatorCode: the public form of each recorded selector', () => {
  const CASES: [string, string | null][] = [
    ['role=button[name="Sign in"]', "page.getByRole('button', { name: 'Sign in', exact: true })"],
    ['role=button', "page.getByRole('button')"],
    ['role=link[name="Say \\"hi\\" \\\\ now"]', `page.getByRole('link', { name: 'Say "hi" \\\\ now', exact: true })`],
    ['internal:role=link[name="Blue field with"i]', "page.getByRole('link', { name: 'Blue field with' })"],
    ['internal:role=link[name="Exact"s]', "page.getByRole('link', { name: 'Exact', exact: true })"],
    ['role=button[name="sign in"i]', "page.getByRole('button', { name: /^sign in$/i })"],
    ['role=button[name=/sign/i]', "page.getByRole('button', { name: /sign/i })"],
    ['role=checkbox[checked][include-hidden]', "page.getByRole('checkbox', { checked: true, includeHidden: true })"],
    ['role=heading[level=2][name="Title"]', "page.getByRole('heading', { name: 'Title', exact: true, level: 2 })"],
    ['role=checkbox[checked="mixed"]', `page.locator('role=checkbox[checked="mixed"]')`],
    ['internal:label="Email address"s', "page.getByLabel('Email address', { exact: true })"],
    ['internal:label="Email"i', "page.getByLabel('Email')"],
    ['internal:text="Welcome"s', "page.getByText('Welcome', { exact: true })"],
    ['text="Welcome"', "page.getByText('Welcome', { exact: true })"],
    ["text='It\\'s'", "page.getByText('It\\'s', { exact: true })"],
    ['text=Welcome', "page.getByText('Welcome')"],
    ['text=/wel+come/i', "page.getByText(/wel+come/i)"],
    ['"Quoted"', "page.getByText('Quoted', { exact: true })"],
    ['[data-testid="save-profile"]', "page.getByTestId('save-profile')"],
    ['[data-qa="bio"]', `page.locator('[data-qa="bio"]')`],
    ['internal:testid=[data-testid="x"s]', "page.getByTestId('x')"],
    ['internal:testid=[data-qa="x"s]', `page.locator('[data-qa="x"]')`],
    ['internal:testid=[data-testid="x"i]', `page.locator('[data-testid*="x" i]')`],
    ['input[placeholder="you@company.com"]', "page.getByPlaceholder('you@company.com', { exact: true })"],
    ['textarea[placeholder="Notes"]', "page.getByPlaceholder('Notes', { exact: true })"],
    ['my-input[placeholder="Notes"]', `page.locator('my-input[placeholder="Notes"]')`],
    ['internal:attr=[placeholder="Search"i]', "page.getByPlaceholder('Search')"],
    ['internal:attr=[alt="Logo"s]', "page.getByAltText('Logo', { exact: true })"],
    ['internal:attr=[title="Help"s]', "page.getByTitle('Help', { exact: true })"],
    ['internal:attr=[name="q"s]', `page.locator('[name="q"]')`],
    ['button:has-text("Go")', "page.locator('button').filter({ hasText: 'Go' })"],
    ['#email', "page.locator('#email')"],
    ['input[name="email"]', `page.locator('input[name="email"]')`],
    ['xpath=//button[@id="old"]', `page.locator('xpath=//button[@id="old"]')`],
    ['//button', "page.locator('//button')"],
    ['tr:has-text("Bob") >> role=button[name="Delete"]', "page.locator('tr').filter({ hasText: 'Bob' }).getByRole('button', { name: 'Delete', exact: true })"],
    ['#users >> role=button[name="Delete"] >> nth=1', "page.locator('#users').getByRole('button', { name: 'Delete', exact: true }).nth(1)"],
    ['role=button[name="Delete"] >> nth=0', "page.getByRole('button', { name: 'Delete', exact: true }).first()"],
    ['role=button >> nth=-1', "page.getByRole('button').last()"],
    ['button >> visible=true', "page.locator('button').filter({ visible: true })"],
    ['iframe[name="payment"] >> internal:control=enter-frame >> [data-testid="pay"]', `page.frameLocator('iframe[name="payment"]').getByTestId('pay')`],
    ['iframe[name="a"] >> internal:control=enter-frame >> iframe[title="b"] >> internal:control=enter-frame >> role=button[name="Deep"]',
      `page.frameLocator('iframe[name="a"]').frameLocator('iframe[title="b"]').getByRole('button', { name: 'Deep', exact: true })`],
    ['internal:attr=[title="Pay"s] >> internal:control=enter-frame >> #x', "page.getByTitle('Pay', { exact: true }).contentFrame().locator('#x')"],
    ['#host >> div.inner > button', "page.locator('#host').locator('div.inner > button')"],
    ['#a >> internal:has-text="Bob"i', "page.locator('#a').filter({ hasText: 'Bob' })"],
    ['#a >> internal:has="role=button"', "page.locator('#a').filter({ has: page.getByRole('button') })"],
    ['#a >> internal:and="role=button"', "page.locator('#a').and(page.getByRole('button'))"],
    ['#a >> internal:or="text=Save"', "page.locator('#a').or(page.getByText('Save'))"],
    ['#a >> internal:chain="internal:label=\\"X\\"s"', "page.locator('#a').locator(page.getByLabel('X', { exact: true }))"],
    ['#a >> internal:describe="Save button"', "page.locator('#a').describe('Save button')"],
    ['#a >> internal:has-text="Bob"s', null],
    ['internal:control=component', null],
    ['internal:unknown=x', null],
    ['css=div >> span', "page.locator('css=div').locator('span')"],
  ];
  for (const [selector, expected] of CASES) {
    test(selector, () => assert.equal(code(selector), expected));
  }

  test('getByTestId follows the configured test id attribute', () => {
    assert.equal(code('[data-qa="bio"]', { testIdAttribute: 'data-qa' }), "page.getByTestId('bio')");
    assert.equal(code('[data-testid="save"]', { testIdAttribute: 'data-qa' }), `page.locator('[data-testid="save"]')`);
  });

  test('CSS string escapes are decoded: quotes, backslashes, hex escapes', () => {
    assert.equal(code('[data-testid="q\\"u\\\\o>>te"]'), `page.getByTestId('q"u\\\\o>>te')`);
    assert.equal(code('input[placeholder="a\\9 b"]'), "page.getByPlaceholder('a\\tb', { exact: true })");
  });

  test('no rewrite ever holds internal: syntax', () => {
    for (const [selector] of CASES) assert.doesNotMatch(code(selector) ?? '', /internal:/, selector);
  });

  test('what a candidate says about its element', () => {
    assert.deepEqual(locatorCode('role=button[name="Sign in"]', DEFAULT)?.target, { kind: 'role', role: 'button', name: 'Sign in' });
    assert.deepEqual(locatorCode('#users >> role=button[name="Delete"] >> nth=1', DEFAULT)?.target, { kind: 'role', role: 'button', name: 'Delete' });
    assert.deepEqual(locatorCode('internal:label="Email"s', DEFAULT)?.target, { kind: 'label', value: 'Email' });
    assert.deepEqual(locatorCode('iframe >> internal:control=enter-frame >> [data-testid="pay"]', DEFAULT)?.target, { kind: 'testId', value: 'pay' });
    assert.deepEqual(locatorCode('#email', DEFAULT)?.target, { kind: 'css', selector: '#email' });
  });
});

describe('locatorCode in Chromium: the rewrite matches what the selector matches', () => {
  let browser: Browser;
  let server: StaticServer;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    [browser, server] = await Promise.all([launchChromium(), startStaticServer({ '/pages/': PAGES })]);
    context = await offlineContext(browser, [server.origin]);
    page = await context.newPage();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const evalLocator = (expression: string, p: Page): Locator => new Function('page', `return ${expression};`)(p) as Locator;

  /** Gives every element of every frame (shadow roots included) a number, so matches can be compared as sets. */
  async function numberElements(p: Page): Promise<void> {
    let next = 0;
    // A string, not a function: tsx would wrap a nested function in a helper the page lacks.
    const script = `(() => { let n = START; const visit = (root) => { for (const el of root.querySelectorAll('*')) { el.__n = n++; if (el.shadowRoot) visit(el.shadowRoot); } }; visit(document); return n; })()`;
    for (const frame of p.frames()) next = await frame.evaluate(script.replace('START', String(next))) as number;
  }
  const matched = (locator: Locator) => locator.evaluateAll((els) => els.map((e) => (e as unknown as { __n: number }).__n));

  /** Asserts that the rewrite of `selector` matches the same elements, in the same order. */
  async function assertSame(selector: string, p: Page, options = DEFAULT): Promise<void> {
    const rewritten = locatorCode(selector, options);
    assert.ok(rewritten, `${selector} has a public form`);
    assert.deepEqual(await matched(evalLocator(rewritten.code, p)), await matched(p.locator(selector)), `${selector} -> ${rewritten.code}`);
  }

  async function recordAll(p: Page): Promise<string[]> {
    const out: string[] = [];
    for (const frame of p.frames()) {
      const handles = await frame.$$('button, a, input, select, textarea, img, h1, h2, label, td, li > span, [onclick], p, #host');
      const inShadow = frame === p.mainFrame() ? await frame.$$('#host >> button, #host >> input, #host >> span') : [];
      for (const handle of [...handles, ...inShadow]) out.push(...await recordSelectors(p, handle as ElementHandle<Element>));
    }
    return out;
  }

  test('every candidate recorded on the fixture pages (shadow roots, hostile names, tables, frames)', async () => {
    const seen = new Set<string>();
    const long = 'A link whose accessible name is much longer than eighty characters, so only its start is recorded';
    for (const path of ['selectors.html', 'frames.html', 'long-name']) {
      if (path === 'long-name') await page.setContent(`<a href="/x">${long}</a><a href="/y">Another link</a>`);
      else await page.goto(`${server.origin}/pages/${path}`);
      await page.frames().at(-1)?.waitForLoadState();
      await numberElements(page);
      const fresh = [...new Set(await recordAll(page))].filter((s) => !seen.has(s));
      fresh.forEach((s) => seen.add(s));
      // Recorded candidates match exactly their element, so the rewrite must too.
      await Promise.all(fresh.map(async (selector) => {
        await assertSame(selector, page);
        assert.equal(await evalLocator(locatorCode(selector, DEFAULT)!.code, page).count(), 1, selector);
      }));
    }
    assert.ok(seen.size > 60, `${seen.size} candidates`);
    for (const form of ['role=', 'internal:role=', 'internal:label=', '[data-testid=', 'text=', 'input[placeholder=', 'iframe[name="payment"] >> ', ':has-text(', '#host >> ']) {
      assert.ok([...seen].some((s) => s.startsWith(form) || s.includes(form)), `some ${form} candidate was recorded and checked`);
    }
  });

  test('hand-written selectors match the same element sets as their rewrite', async () => {
    await page.setContent(`
      <button>Sign in</button><button>sign IN</button><button>Sign in now</button><button>Sign   in</button>
      <label>Email address <input placeholder="you@x"></label><textarea placeholder="you@x"></textarea><input placeholder="  you@x">
      <div><span>Welcome</span></div><p>welcome back</p><p>  Welcome  </p><p>Wel<b>come</b></p>
      <div data-testid="a b">q</div><div data-testid="A B">Q</div><div data-qa="qa">qa</div>
      <table id="t"><tr><td>Bob</td><td><button>Delete</button></td></tr><tr><td>BOBBY</td><td><button>Delete</button></td></tr></table>
      <h2>Title</h2><input type="checkbox" checked aria-label="Agree"><img alt="Logo" src="data:,"><span title="Help">?</span>
      <button aria-pressed="true">Bold</button><button disabled>Off</button>`);
    await numberElements(page);
    for (const selector of [
      'role=button[name="Sign in"]', 'role=button[name="sign in"i]', 'internal:role=button[name="Sign in"i]', 'internal:role=button[name="Sign in"s]',
      'role=button', 'role=button[name=/^sign/i]', 'role=button[pressed]', 'role=button[disabled=true]', 'role=heading[level=2]', 'role=checkbox[checked=true]',
      'text=Welcome', 'internal:text="welcome"i', 'internal:text="Welcome"s', 'text=/wel+come/i',
      'internal:label="Email address"s', 'internal:label="email"i', 'internal:attr=[placeholder="you@x"i]',
      '[data-testid="a b"]', 'internal:testid=[data-testid="a b"i]', 'internal:attr=[alt="Logo"s]', 'internal:attr=[title="Help"s]',
      'tr:has-text("bob") >> role=button[name="Delete"]', '#t >> internal:has-text="bobby"i', 'role=button[name="Delete"] >> nth=1',
      'role=button >> nth=-1', 'tr >> internal:has="role=button[name=\\"Delete\\"]"', 'button >> visible=true', 'p:has-text("welcome")',
    ]) await assertSame(selector, page);
  });

  test('input[placeholder] and getByPlaceholder(..., { exact: true }): the same value, any form field', async () => {
    // getByPlaceholder leaves the tag out, as Playwright's codegen does: a textarea with the
    // same placeholder matches too (an ambiguous candidate, which locate() skips).
    await page.setContent('<input placeholder="Search"><input placeholder="search"><input placeholder=" Search">');
    await numberElements(page);
    await assertSame('input[placeholder="Search"]', page);
  });

  test('text="..." and getByText(..., { exact: true }) agree on elements whose text is one text node', async () => {
    // text="X" compares an element's own text nodes, getByText its whole text: the same for what the
    // recorder gives a text= candidate (text in one node, no child holding it); markup that splits
    // the text (Wel<b>come</b>) is found by getByText only.
    await page.setContent('<div><span>Welcome</span></div><p>  Welcome  </p><p>welcome</p><p>Wel<b>come</b></p>');
    await numberElements(page);
    const rewritten = evalLocator(locatorCode('text="Welcome"', DEFAULT)!.code, page);
    // html 0, head 1, body 2, div 3, span 4, p 5, p 6, p 7
    assert.deepEqual(await matched(page.locator('text="Welcome"')), [4, 5]);
    assert.deepEqual(await matched(rewritten), [4, 5, 7]);
  });

  test('getByTestId with a custom test id attribute', async () => {
    playwrightSelectors.setTestIdAttribute('data-qa');
    try {
      const other = await context.newPage();
      await other.setContent('<div data-qa="qa">qa</div><div data-testid="qa">t</div>');
      await numberElements(other);
      await assertSame('[data-qa="qa"]', other, { testIdAttribute: 'data-qa' });
      await assertSame('internal:testid=[data-qa="qa"s]', other, { testIdAttribute: 'data-qa' });
      await other.close();
    } finally {
      playwrightSelectors.setTestIdAttribute('data-testid');
    }
  });

  test('frames: frameLocator and contentFrame reach the recorded element', async () => {
    await page.goto(`${server.origin}/pages/frames.html`);
    const payment = page.frame({ name: 'payment' }) as Frame;
    await payment.waitForLoadState();
    const deep = payment.childFrames()[0];
    await deep.waitForLoadState();
    const selectors = await recordSelectors(page, (await deep.$('button')) as ElementHandle<Element>);
    assert.match(locatorCode(selectors[0], DEFAULT)!.code, /^page\.frameLocator\('iframe\[name="payment"\]'\)\.frameLocator\(/);
    assert.equal(await evalLocator(locatorCode(selectors[0], DEFAULT)!.code, page).textContent(), 'Deep button');
  });
});
