/**
 * Element actions of the Playwright session against the test website:
 * failover, frames, shadow DOM, forms, uploads, waits and states.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserSession } from '../../../kernel/contracts/browser-driver';
import { startHarness, timed, type Harness } from './driver-harness';

let h: Harness;
let s: BrowserSession;
/** A second session with a short action timeout, for the tests that wait it out. */
let quick: BrowserSession;
const text = (selector: string) => s.evaluate(`return document.querySelector(${JSON.stringify(selector)}).textContent`, null);

before(async () => {
  h = await startHarness();
  s = await h.open({ actionTimeoutMs: 2_000 });
  quick = await h.open({ actionTimeoutMs: 800 });
});
after(() => h.shutdown());

describe('login form', () => {
  test('types credentials, clicks submit, records selectors of each element', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    const user = await s.type('#username', 'alice');
    assert.ok(user);
    assert.equal(user.matchedSelector, '#username');
    // Up to 5 selectors, then the element's fingerprint.
    assert.ok(user.selectors.length >= 2 && user.selectors.length <= 6, JSON.stringify(user.selectors));
    assert.match(user.selectors.at(-1)!, /^fingerprint=\{"tag":"input","role":"textbox","name":"Username"/);
    assert.ok(user.selectors.every((sel) => !sel.startsWith('ref=')));
    await s.type('[data-testid="password"]', 's3cret-pass');
    const submit = await s.click('#login-button');
    assert.ok(submit.selectors.length >= 1, 'selectors recorded although the click navigated away');
    assert.equal(await s.waitForUrl('/welcome.html?user=alice', 3_000), true);
    assert.equal(await s.waitForText('Welcome, alice!', 3_000), true);
  });

  test('a wrong password shows the error message', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    await s.type('#username', 'alice');
    await s.type('#password', 'wrong', { pressEnter: true });
    assert.equal(await s.waitForText('Invalid username or password', 2_000), true);
  });

  test('type with clear:false appends; type(null) types into the focused element', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    await s.type('#username', 'ali');
    await s.type('#username', 'ce', { clear: false });
    assert.equal(await s.evaluate('return document.querySelector("#username").value', null), 'alice');
    await s.click('#password');
    assert.equal(await s.type(null, 'typed-blind'), null);
    assert.equal(await s.evaluate('return document.querySelector("#password").value', null), 'typed-blind');
  });
});

describe('failover', () => {
  test('a missing first candidate falls over to the second quickly', async () => {
    await s.navigate(`${h.site.url}/volatile.html`);
    const { ms, value } = await timed(() => s.click(['#does-not-exist', '[data-testid="save-button"]']));
    assert.equal(value.matchedSelector, '[data-testid="save-button"]');
    assert.ok(ms < 2_000, `failover took ${ms} ms, not less than one action timeout`);
    assert.equal(await text('[data-slot="status"]'), 'Saved ');
  });

  test('no candidate matching fails within the timeout, naming every candidate', async () => {
    const { ms, value: err } = await timed(() => quick.click(['#nope', 'text=Nothing here'], {}).then(() => null, (e: Error) => e));
    assert.ok(err instanceof Error);
    assert.match(err.message, /No element matches any of: #nope, text=Nothing here \(waited 800 ms\)/);
    assert.ok(ms >= 750 && ms < 2_500, `took ${ms} ms`);
  });

  test('an invalid selector is skipped and reported', async () => {
    const r = await s.click(['div[[[', 'role=button[name="Cancel"]']);
    assert.equal(r.matchedSelector, 'role=button[name="Cancel"]');
    const err = await s.click(['div[[['], {}).catch((e: Error) => e);
    assert.ok(err instanceof Error);
    assert.match(err.message, /skipped "div\[\[\[": invalid selector/);
  });

  test('an ambiguous candidate gives way to a unique later one; alone, its first visible match is used', async () => {
    await s.navigate(`${h.site.url}/interactions.html`);
    const r = await s.click(['button.dup', 'text=Duplicate again']);
    assert.equal(r.matchedSelector, 'text=Duplicate again');
    assert.equal(await text('#click-result'), 'duplicate 2 clicked');
    const only = await s.click('button.dup');
    assert.equal(only.matchedSelector, 'button.dup');
    assert.equal(await text('#click-result'), 'duplicate 0 clicked');
    assert.ok(h.logs.some((l) => l.includes('matches 3 elements')));
  });

  test('xpath candidates work bare and prefixed', async () => {
    await s.click('//button[@id="counter"]');
    await s.click('(//button[@id="counter"])[1]');
    await s.click('xpath=//button[@id="counter"]');
    assert.equal(await text('#click-result'), 'clicks: 3, dblclicks: 0, right: 0');
  });

  test('volatile ids are reached through test ids, labels and roles', async () => {
    await s.navigate(`${h.site.url}/volatile.html`);
    await s.type('internal:label="Email address"i', 'a@b.c');
    await s.click('data-testid=menu-toggle');
    assert.equal(await text('[data-slot="status"]'), 'Menu opened');
    await s.click('role=button[name="Save settings"]');
    assert.equal(await text('[data-slot="status"]'), 'Saved a@b.c');
  });
});

describe('frames and shadow DOM', () => {
  test('acts inside a same-origin iframe', async () => {
    await s.navigate(`${h.site.url}/iframe.html`);
    await s.type('iframe#frame >> internal:control=enter-frame >> #inner-input', 'framed');
    const r = await s.click('iframe#frame >> internal:control=enter-frame >> button#inner');
    assert.ok(r.selectors.length >= 1);
    const inner = await s.extractText('iframe#frame >> internal:control=enter-frame >> #inner-result');
    assert.equal(inner.text, 'Inner clicked: framed');
  });

  test('acts inside an open shadow root', async () => {
    await s.navigate(`${h.site.url}/shadow.html`);
    await s.type('#shadow-input', 'Shadow');
    await s.click('fancy-greeter #shadow-button');
    assert.equal((await s.extractText('#shadow-result')).text, 'Hello, Shadow!');
  });
});

describe('form controls', () => {
  test('select, check, radio, upload and a form post', async () => {
    await s.navigate(`${h.site.url}/form.html`);
    const sel = await s.selectOption('#country', ['Japan']);
    assert.deepEqual(sel.selected, ['jp']);
    const multi = await s.selectOption('#extras', ['support', 'sla']);
    assert.deepEqual(multi.selected, ['support', 'sla']);
    await s.setChecked('#plan-pro', true);
    assert.equal((await s.checkElementState('#next', 'disabled', 0)).ok, true);
    await s.setChecked('#terms', true);
    assert.equal((await s.checkElementState('#terms', 'checked', 500)).ok, true);
    await s.click('#next');
    const file = join(h.tmp, 'report.txt');
    writeFileSync(file, 'hello');
    const up = await s.uploadFile('#attachment', [file]);
    assert.equal(up.matchedSelector, '#attachment');
    assert.equal(await text('#file-name'), 'Chosen: report.txt');
    await s.type('#notes', 'Please hurry');
    await s.click('#submit-order');
    assert.equal(await s.waitForText('Submitted', 3_000), true);
    const echoed = JSON.parse((await s.extractText('#echo')).text);
    assert.deepEqual(echoed, { country: 'jp', extras: ['support', 'sla'], plan: 'pro', terms: 'yes', attachment: 'report.txt', notes: 'Please hurry' });
  });

  test('a found but disabled element fails with the reason, within the timeout', async () => {
    await quick.navigate(`${h.site.url}/form.html`);
    const { ms, value: err } = await timed(() => quick.click('#next').then(() => null, (e: Error) => e));
    assert.ok(err instanceof Error);
    assert.match(err.message, /^Could not click #next: it was not ready \(element is not enabled\) \(waited 800 ms\)$/);
    assert.ok(ms < 2_500, `took ${ms} ms`);
  });

  test('uploadFile answers the file chooser of a non-input element', async () => {
    await s.navigate(`${h.site.url}/form.html`);
    await s.evaluate(`
      const b = document.createElement('button'); b.type = 'button'; b.id = 'pick'; b.textContent = 'Pick';
      b.onclick = () => document.getElementById('attachment').click();
      document.body.appendChild(b);`, null);
    const file = join(h.tmp, 'chosen.txt');
    writeFileSync(file, 'x');
    await s.uploadFile('#pick', [file]);
    assert.equal(await text('#file-name'), 'Chosen: chosen.txt');
  });
});

describe('pointer, keys and scrolling', () => {
  test('hover, double click, right click and key presses', async () => {
    await s.navigate(`${h.site.url}/interactions.html`);
    await s.hover('#hover-box');
    assert.equal(await text('#hover-result'), 'Hovered');
    await s.click('#counter', { clickCount: 2 });
    await s.click('#counter', { button: 'right' });
    assert.match(String(await text('#click-result')), /dblclicks: 1, right: 1/);
    await s.click('#key-input');
    await s.pressKey('ArrowDown');
    assert.equal(await text('#key-result'), 'key: ArrowDown');
    await assert.rejects(s.pressKey('NotAKey'), /Could not press NotAKey/);
  });

  test('scrolls the page and a scrollable element', async () => {
    await s.navigate(`${h.site.url}/interactions.html`);
    assert.equal(await s.scroll('down'), null);
    const y = (await s.evaluate('return scrollY', null)) as number;
    assert.ok(y > 100, `page scrolled to ${y}`);
    await s.scroll('up');
    assert.ok(((await s.evaluate('return scrollY', null)) as number) < y);
    const r = await s.scroll('down', '#scroll-box');
    assert.equal(r?.matchedSelector, '#scroll-box');
    assert.ok(((await s.evaluate('return document.getElementById("scroll-box").scrollTop', null)) as number) > 0);
    await s.scroll('down', '#footer');
    assert.equal(await s.evaluate('const r = document.getElementById("footer").getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight', null), true);
  });

  test('extractText reads the whole page without a target', async () => {
    await s.navigate(`${h.site.url}/table.html`);
    const page = await s.extractText();
    assert.equal(page.element, null);
    assert.match(page.text, /Product 1\b/);
    await s.click('role=button[name="Next page"]');
    assert.match((await s.extractText('#page-info')).text, /Page 2 of 3/);
  });
});

describe('waits and states', () => {
  test('delayed content: waitForSelector waits, a click waits too', async () => {
    await s.navigate(`${h.site.url}/delayed.html`);
    const r = await s.waitForSelector('#late-button', 'visible', 4_000);
    assert.equal(r?.matchedSelector, '#late-button');
    assert.ok(r.selectors.length >= 1);
    assert.equal(await s.waitForSelector('#loading', 'detached', 1_000), null);
    await s.click('#late-button');
    assert.equal(await text('#late-result'), 'Late button clicked');
    await s.evaluate(`setTimeout(() => {
      const b = document.createElement('button'); b.id = 'later'; b.textContent = 'Later';
      b.onclick = () => { b.textContent = 'Later clicked'; };
      document.body.appendChild(b);
    }, 400)`, null);
    await s.click(['#later-missing', '#later']);
    assert.equal(await text('#later'), 'Later clicked');
  });

  test('hidden, enabled/disabled and a timed-out wait', async () => {
    await s.navigate(`${h.site.url}/interactions.html`);
    await s.click('#toggle-visibility');
    assert.equal(await s.waitForSelector('#toggled-box', 'hidden', 1_000), null);
    const stillHidden = await s.checkElementState('#toggled-box', 'visible', 300);
    assert.equal(stillHidden.ok, false);
    assert.ok(stillHidden.element, 'the element exists, so it is described');
    assert.equal(stillHidden.actual, 'it is hidden');
    await s.click('#toggle-enabled');
    assert.equal((await s.checkElementState('#target-button', 'disabled', 500)).ok, true);
    const { ms, value: err } = await timed(() => s.waitForSelector('#target-button', 'enabled', 400).catch((e: Error) => e));
    assert.ok(err instanceof Error);
    assert.match(err.message, /did not become enabled within 400 ms \(it is disabled\)/);
    assert.ok(ms < 2_000, `took ${ms} ms`);
    const missing = await s.checkElementState('#nowhere', 'visible', 200);
    assert.equal(missing.ok, false);
    assert.equal(missing.element, null);
    assert.match(missing.actual ?? '', /^no element matches any of: #nowhere/);
    assert.deepEqual([missing.selectorUsed, missing.selectorsTried], [null, [{ selector: '#nowhere', error: 'matched 0 elements' }]]);
    assert.equal(await s.waitForText('No such text anywhere', 200), false);
    await assert.rejects(s.checkElementState('#counter', 'checked', 200), /not a checkbox or radio button/);
  });

  test('ref=N resolves through the latest observation', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    const obs = await s.observe({ maxTokens: 2_000 });
    assert.ok(obs.refCount > 0);
    const line = obs.text.split('\n').find((l) => /button/.test(l) && /Sign in/.test(l));
    assert.ok(line, obs.text);
    const ref = /\[(\d+)\]/.exec(line)![1];
    await s.type('#username', 'bob');
    const r = await s.click(`ref=${ref}`);
    assert.equal(r.matchedSelector, `ref=${ref}`);
    assert.ok(r.selectors.every((sel) => !sel.startsWith('ref=')));
    assert.equal(await s.waitForText('Invalid username or password', 2_000), true);
    await assert.rejects(s.click('ref=9999'), /ref=9999/);
  });
});
