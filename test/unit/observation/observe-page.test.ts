import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PageObserver } from '../../../plugins/drivers/playwright/observation/observe-page';
import { getEncoding } from 'js-tiktoken';
import { frameObserveArgs, OBSERVER_STATE_KEY, observeFrameInPage } from '../../../lib/page-scripts/observation/observer-lib';
import { estimateTokens } from '../../../lib/token-estimate/token-estimate';
import { launchChromium, offlineContext } from '../../fixtures/pages/browser';
import { startStaticServer, type StaticServer } from '../../fixtures/pages/static-server';

const PAGES = join(import.meta.dirname, '../../fixtures/pages');

let browser: Browser;
let server: StaticServer;
let crossOrigin: StaticServer;
let context: BrowserContext;
let page: Page;
let observer: PageObserver;

before(async () => {
  [browser, server, crossOrigin] = await Promise.all([launchChromium(), startStaticServer({ '/pages/': PAGES }), startStaticServer({ '/pages/': PAGES })]);
  context = await offlineContext(browser, [server.origin, crossOrigin.origin]);
  page = await context.newPage();
});

after(async () => {
  await browser?.close();
  await Promise.all([server?.close(), crossOrigin?.close()]);
});

/** The ref of the first line matching `pattern` (`[12] button "Save"`). */
function refOf(text: string, pattern: RegExp): number {
  const line = text.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `a line matches ${pattern} in:\n${text}`);
  const match = /\[(\d+)\]/.exec(line);
  assert.ok(match, `the line has a ref: ${line}`);
  return Number(match[1]);
}

describe('PageObserver.observe', () => {
  beforeEach(async () => {
    observer = new PageObserver();
    await page.goto(`${server.origin}/pages/observe.html`);
  });

  test('lists controls with roles, names, values and states, headings and text', async () => {
    const obs = await observer.observe(page, { maxTokens: 6000 });
    assert.equal(obs.url, `${server.origin}/pages/observe.html`);
    assert.equal(obs.title, 'Observation fixture');
    assert.equal(obs.truncated, false);
    const lines = obs.text.split('\n');
    assert.equal(lines[0], `url: ${server.origin}/pages/observe.html`);
    assert.equal(lines[1], 'title: Observation fixture');
    assert.match(lines[2], /^scroll y=0 of \d+px, viewport 1280x720; more below/);
    for (const expected of [
      /^# Observation fixture$/,
      /^Welcome to the test page\.$/,
      /^\[\d+\] textbox "User" value="alice"$/,
      /^\[\d+\] checkbox "Remember me" checked$/,
      /^\[\d+\] combobox "Country" value="Spain" options=\[France, Spain, Italy, Portugal, Germany, Austria, …\+2\]$/,
      /^\[\d+\] link "Docs"$/,
      /^\[\d+\] button "Add item"$/,
      /^\[\d+\] button "Div button"$/,
      /^\[\d+\] checkbox "Accept terms"$/,
      /^Clicked 0 times$/,
      /^Lorem ipsum dolor sit amet.{50,}…$/,
    ]) {
      assert.ok(lines.some((l) => expected.test(l)), `${expected} in:\n${obs.text}`);
    }
    assert.equal(obs.refCount, (obs.text.match(/\[\d+\]/g) ?? []).length);
  });

  test('marks dialogs and lists pointer-cursor elements as clickable', async () => {
    const obs = await observer.observe(page, { maxTokens: 6000 });
    assert.match(obs.text, /\ndialog "Cookies":\nWe use cookies\n\[\d+\] button "Accept all"\nend dialog\n/);
    assert.match(obs.text, /\n\[\d+\] clickable "Pointer card inner"\n/);
    assert.ok(!/clickable "inner"/.test(obs.text), 'children inheriting the cursor are not listed again');
  });

  test('scrubs secret field values', async () => {
    const obs = await observer.observe(page, { maxTokens: 6000 });
    assert.match(obs.text, /\[\d+\] textbox "Password" value=<hidden>/);
    assert.match(obs.text, /\[\d+\] textbox "Card" value=<hidden>/);
    assert.ok(!obs.text.includes('s3cret-pw'));
    assert.ok(!obs.text.includes('4111'));
  });

  test('page text is redacted before it is cut: a secret never survives as a prefix (names, values, text, links, title, URL)', async () => {
    const secret = 'sk-live-7Qm2xV9pL4tR8wZ1nB6cY3hJ5kD0fG2sA9eU4iO7pQ1rT8yW3zX6vC5bN0mL2k';
    assert.equal(secret.length, 70);
    await page.evaluate((s) => {
      const filler = 'x'.repeat(40);
      document.title = `${'Title '.repeat(48)}${s}`;
      history.replaceState(null, '', `?q=${'y'.repeat(1_990)}${s}`);
      document.body.innerHTML = `
        <label>Notes <input id="notes" value="${s}"></label>
        <button>${filler} ${s}</button>
        <p>${'A paragraph that goes on '.repeat(3)}${s}</p>
        <a href="/docs/${s}">Docs</a><a href="/other">Docs</a>
        <h2>${filler}${s}</h2>
        <div role="dialog" aria-label="${filler}${s}"><p>In a dialog</p></div>`;
    }, secret);
    const redact = (text: string) => text.split(secret).join('${API_KEY}');
    const obs = await observer.observe(page, { maxTokens: 6_000, linkTargets: 'all', redact });
    for (let i = 0; i + 8 <= secret.length; i++) {
      assert.ok(!obs.text.includes(secret.slice(i, i + 8)), `a piece of the secret (${secret.slice(i, i + 8)}) survived in:\n${obs.text}`);
    }
    assert.match(obs.text, /textbox "Notes" value="\$\{API_KEY\}"/);
    assert.match(obs.text, /button "x{40} \$\{API_KEY\}"/);
    assert.match(obs.text, /-> \/docs\/\$\{API_KEY\}/);
    // Without redaction the same page would show the secret's first characters where the cuts fall.
    const unredacted = await observer.observe(page, { maxTokens: 6_000 });
    assert.ok(unredacted.text.includes(secret.slice(0, 19)), 'the cut falls inside the secret on this page');
  });

  test('skips hidden noise: display:none, aria-hidden, visibility:hidden, zero size', async () => {
    const obs = await observer.observe(page, { maxTokens: 6000 });
    for (const hidden of ['Hidden display', 'Hidden aria', 'Hidden visibility', 'Zero size']) assert.ok(!obs.text.includes(hidden), hidden);
  });

  test('includes open shadow roots and same-origin iframes', async () => {
    const obs = await observer.observe(page, { maxTokens: 6000 });
    assert.match(obs.text, /\nShadow text\n\[\d+\] button "Shadow button"\n/);
    assert.match(obs.text, /\niframe "Widget":\nFrame paragraph\n\[\d+\] button "Frame button"\n/);
  });

  test('refs resolve to their elements: clicking through a handle changes the page', async () => {
    const obs = await observer.observe(page, { maxTokens: 6000 });
    const increment = await observer.resolveRef(page, refOf(obs.text, /button "Increment"/));
    assert.ok(increment);
    await increment.click();
    assert.equal(await page.textContent('#counter'), 'Clicked 1 times');

    const shadow = await observer.resolveRef(page, refOf(obs.text, /button "Shadow button"/));
    assert.equal(await shadow?.evaluate((el) => el.textContent), 'Shadow button');

    const inFrame = await observer.resolveRef(page, refOf(obs.text, /button "Frame button"/));
    assert.ok(inFrame);
    await inFrame.click();
    assert.equal(await inFrame.evaluate((el) => el.textContent), 'Frame clicked');

    const label = await observer.resolveRef(page, refOf(obs.text, /checkbox "Accept terms"/));
    await label?.click();
    assert.equal(await page.isChecked('#terms'), true, 'the label stands in for its hidden checkbox');
  });

  test('a zero-size link around a floated image is listed and clicked through its image', async () => {
    const obs = await observer.observe(page, { maxTokens: 6000 });
    const link = await observer.resolveRef(page, refOf(obs.text, /^\[\d+\] link "Floated logo"$/));
    assert.ok(link);
    await link.click();
    assert.equal(new URL(page.url()).hash, '#floated');
  });

  test('link targets: shown only where the name does not tell a link apart, or all of them once', async () => {
    // Spelled inline: a named function would reach the page as esbuild's `__name(...)`.
    await page.evaluate((html) => document.body.insertAdjacentHTML('afterbegin', html), '<a href="/a?page=2">More</a><a href="/b">More</a><a href="/same">Same</a><a href="/same">Same</a><a href="/nameless" style="display:inline-block;width:20px;height:20px"></a>'
      + `<a href="/long-1">${'A long title that only ends differently, '.repeat(2)}one</a><a href="/long-2">${'A long title that only ends differently, '.repeat(2)}two</a>`);
    const needed = await observer.observe(page, { maxTokens: 6000 });
    const lines = needed.text.split('\n');
    for (const expected of [/^\[\d+\] link "More" -> \/a\?page=2$/, /^\[\d+\] link "More" -> \/b$/, /^\[\d+\] link -> \/nameless$/, /^\[\d+\] link "Docs"$/]) {
      assert.ok(lines.some((l) => expected.test(l)), `${expected} in:\n${needed.text}`);
    }
    assert.equal(lines.filter((l) => /^\[\d+\] link "Same"$/.test(l)).length, 2, 'one name, one target: nothing to tell apart');
    assert.equal(lines.filter((l) => /^\[\d+\] link "A long title.*…" -> \/long-[12]$/.test(l)).length, 2, 'names that read the same once cut are told apart');

    const all = await observer.observe(page, { maxTokens: 6000, linkTargets: 'all' });
    assert.match(all.text, /\n\[\d+\] link "Docs" -> \/docs\n/);
    assert.match(all.text, /\n\[\d+\] link "Same" -> \/same\n\[\d+\] link "Same"\n/, 'a target already shown is not repeated');
  });

  test('an unknown ref resolves to null', async () => {
    await observer.observe(page, { maxTokens: 6000 });
    assert.equal(await observer.resolveRef(page, 99999), null);
  });

  test('refs are stable across observations; new elements and texts are marked with *', async () => {
    const first = await observer.observe(page, { maxTokens: 6000 });
    assert.ok(!first.text.includes('*'), 'nothing is new on a first observation');
    const addRef = refOf(first.text, /button "Add item"/);
    await (await observer.resolveRef(page, addRef))!.click();

    const second = await observer.observe(page, { maxTokens: 6000 });
    assert.equal(refOf(second.text, /button "Add item"/), addRef);
    assert.match(second.text, /\n\(\* = new since the previous observation\)\n/);
    assert.match(second.text, /\n\[\d+\] button "Add item"\n\*\[\d+\] button "Added later"\n\*Item added\n/);
    const marked = second.text.split('\n').filter((l) => l.startsWith('*'));
    assert.equal(marked.length, 2, marked.join('\n'));

    const third = await observer.observe(page, { maxTokens: 6000 });
    assert.ok(!third.text.split('\n').some((l) => l.startsWith('*')), 'marks last one observation');
  });

  test('a new document starts over: refs from 1, nothing marked', async () => {
    await observer.observe(page, { maxTokens: 6000 });
    await page.goto(`${server.origin}/pages/observe.html`);
    const obs = await observer.observe(page, { maxTokens: 6000 });
    assert.ok(!obs.text.includes('*'));
    assert.equal(refOf(obs.text, /textbox "User"/), 1);
  });

  test('the token budget is a hard limit and drops text before controls', async () => {
    const full = await observer.observe(page, { maxTokens: 6000 });
    const maxTokens = 200;
    const obs = await observer.observe(page, { maxTokens });
    assert.equal(obs.truncated, true);
    assert.ok(estimateTokens(obs.text) <= maxTokens, `${estimateTokens(obs.text)} estimated tokens`);
    const real = getEncoding('o200k_base').encode(obs.text).length;
    assert.ok(real <= maxTokens, `${real} o200k tokens`);
    assert.ok(obs.refCount > 0 && obs.refCount < full.refCount);
    assert.match(obs.text, /\[\d+\] textbox "User"/);
    assert.ok(!obs.text.includes('Welcome to the test page'), 'text goes first');
    assert.match(obs.text, /more lines not shown/);
  });

  test('a huge page sends a bounded walk: items past the budget are only counted, and the note says so', async () => {
    await page.evaluate(() => {
      const html: string[] = [];
      for (let i = 0; i < 20_000; i++) html.push(`<p>Paragraph number ${i} with some words in it</p><button>Button ${i}</button>`);
      document.body.innerHTML = html.join('');
      document.title = 'T'.repeat(200_000);
    });
    const args = frameObserveArgs(true, 1, { maxTokens: 1_000 });
    const json = await page.mainFrame().evaluate(observeFrameInPage, args);
    assert.ok(json.length < 60_000, `the walk sent ${json.length} characters`);
    const snapshot = JSON.parse(json) as { items: unknown[]; dropped: number; title: string };
    assert.ok(snapshot.dropped > 30_000, `${snapshot.dropped} items dropped`);
    assert.ok(snapshot.title.length <= 1_001);
    const obs = await observer.observe(page, { maxTokens: 1_000 });
    assert.equal(obs.truncated, true);
    const note = /… (\d+) more lines not shown/.exec(obs.text);
    assert.ok(note && Number(note[1]) > snapshot.dropped, obs.text.slice(-200));
    assert.match(obs.text, /\[1\] button "Button 0"/);
  });

  test('attaches a PNG screenshot on request', async () => {
    const obs = await observer.observe(page, { maxTokens: 1000, screenshot: true });
    assert.ok(obs.screenshot);
    assert.deepEqual([...obs.screenshot.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal((await observer.observe(page, { maxTokens: 1000 })).screenshot, undefined);
  });

  test('takes the screenshot with the capture it was given, started before the page pass', async () => {
    await page.goto(`${server.origin}/pages/observe.html`);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const seen: { page: Page; observedYet: boolean }[] = [];
    const capturing = new PageObserver(async (p) => {
      // Sent before the observation's evaluate: it finds no observer state in this fresh document yet.
      const observedYet = await p.evaluate((key) => Symbol.for(key) in window, OBSERVER_STATE_KEY);
      seen.push({ page: p, observedYet });
      return png;
    });
    const obs = await capturing.observe(page, { maxTokens: 1000, screenshot: true });
    assert.equal(obs.screenshot, png);
    assert.match(obs.text, /textbox "User"/);
    assert.deepEqual(seen, [{ page, observedYet: false }]);
    await capturing.observe(page, { maxTokens: 1000 });
    assert.equal(seen.length, 1, 'no capture without screenshot: true');
  });

  test('a failing capture fails the observation', async () => {
    const failing = new PageObserver(() => Promise.reject(new Error('capture broke')));
    await assert.rejects(failing.observe(page, { maxTokens: 1000, screenshot: true }), /capture broke/);
  });
});

describe('PageObserver with cross-origin frames', () => {
  test('observes them separately with their own, non-colliding refs', async () => {
    observer = new PageObserver();
    await page.goto(`${server.origin}/pages/frames.html`);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.title = 'Cross';
      frame.src = src;
      document.body.append(frame);
    }, `${crossOrigin.origin}/pages/frame-child.html`);
    const frame = await (await page.waitForSelector('iframe[title="Cross"]')).contentFrame();
    await frame!.waitForSelector('[data-testid="pay"]');

    const obs = await observer.observe(page, { maxTokens: 6000 });
    const host = new URL(crossOrigin.origin).host;
    assert.match(obs.text, new RegExp(`\\nframe ${host.replace(/\./g, '\\.')}/pages/frame-child\\.html:\\n`));
    const refs = (obs.text.match(/\[(\d+)\]/g) ?? []).map((r) => Number(r.slice(1, -1)));
    assert.equal(new Set(refs).size, refs.length, 'refs are unique across frames');
    const payRefs = obs.text.split('\n').filter((l) => /button "Pay now"/.test(l)).map((l) => Number(/\[(\d+)\]/.exec(l)![1]));
    assert.equal(payRefs.length, 2, 'same-origin and cross-origin copies');
    const crossPay = await observer.resolveRef(page, payRefs[1]);
    assert.ok(crossPay);
    assert.equal(await crossPay.evaluate((el) => el.ownerDocument.location.origin), crossOrigin.origin);
    // The password-like card field of the frame is scrubbed too.
    assert.ok(!/Card number" value="\d/.test(obs.text));
  });
});
