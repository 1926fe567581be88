/**
 * What the webdriver driver does beyond the shared contract
 * (test/contract/browser-driver.contract.ts): each selector syntax it runs
 * and the ones it skips, the selectors it records, ambiguity, readiness
 * failures, uploads, navigation failures and frames.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserSession } from '../../../kernel/contracts/browser-driver';
import { startWebdriverHarness, timed, type WebdriverHarness } from './webdriver-harness';

let h: WebdriverHarness;
let s: BrowserSession;

before(async () => {
  h = await startWebdriverHarness();
  s = await h.open({ actionTimeoutMs: 1_000, navigationTimeoutMs: 2_000 });
});
after(() => h.shutdown());

const text = async (selector: string) => (await s.extractText(selector)).text.trim();

describe('selector syntaxes', () => {
  test('test ids, ids, text, exact text and XPath find their elements', async () => {
    await s.navigate(`${h.site.url}/volatile.html`);
    await s.type('internal:testid=[data-testid="email-input"s]', 'a@b.c');
    await s.click('data-testid=save-button');
    assert.equal(await text('[data-slot="status"]'), 'Saved a@b.c');
    await s.click('text=cancel');
    assert.equal(await text('[data-slot="status"]'), 'Cancelled');
    await s.click('text="Open menu"');
    assert.equal(await text('[data-slot="status"]'), 'Menu opened');
    await s.navigate(`${h.site.url}/interactions.html`);
    await s.click('id=counter');
    await s.click('//button[@id="counter"]');
    await s.click('(//button[@id="counter"])[1]');
    await s.click('xpath=//button[@id="counter"]');
    await s.click('internal:text="Click counter"s');
    assert.equal(await text('#click-result'), 'clicks: 5, dblclicks: 0, right: 0');
  });

  test('Playwright-only syntaxes are skipped for a later candidate, and named when nothing else matched', async () => {
    const r = await s.click(['role=button[name="Click counter"]', 'iframe >> internal:control=enter-frame >> #x', '#counter']);
    assert.equal(r.matchedSelector, '#counter');
    const { ms, value: err } = await timed(() => s.click(['role=button[name="Save"]', 'internal:label="Email"i', 'button:has-text("Save")']).then(() => null, (e: Error) => e));
    assert.ok(err instanceof Error);
    assert.match(err.message, /^No element matches any of: role=button\[name="Save"\], internal:label="Email"i, button:has-text\("Save"\) \(waited 1000 ms\); skipped "role=button\[name="Save"\]": role= selectors are Playwright syntax this driver cannot run; skipped "internal:label="Email"i": internal:label= selectors are Playwright syntax this driver cannot run; skipped "button:has-text\("Save"\)": Playwright-only CSS/);
    assert.ok(ms < 500, `nothing runnable, so no wait (took ${ms} ms)`);
    const bad = await s.click(['div[[[', '//div[', 'ref=9999']).then(() => null, (e: Error) => e);
    assert.ok(bad instanceof Error);
    assert.match(bad.message, /skipped "div\[\[\[": invalid selector \(.+\); skipped "\/\/div\[": invalid selector \(.+\); ref=9999: not on the page any more, or not in the latest observation/);
  });

  test('an ambiguous candidate gives way to a unique later one; alone, its first visible match is used', async () => {
    const r = await s.click(['button.dup', 'text=Duplicate again']);
    assert.equal(r.matchedSelector, 'text=Duplicate again');
    assert.equal(await text('#click-result'), 'duplicate 2 clicked');
    const only = await s.click('button.dup');
    assert.equal(only.matchedSelector, 'button.dup');
    assert.equal(await text('#click-result'), 'duplicate 0 clicked');
    assert.ok(h.logs.some((l) => l.includes('"button.dup" matches 3 elements')));
  });
});

describe('recorded selectors', () => {
  test('test id, id and name, in that order, each unique on the page', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    const user = await s.type('#username', 'alice');
    // The verified selectors, then the element's fingerprint.
    assert.deepEqual(user!.selectors.slice(0, -1), ['[data-testid="username"]', '#username', 'input[name="username"]']);
    assert.match(user!.selectors.at(-1)!, /^fingerprint=\{.*"name":"Username"/);
    const button = await s.click('#login-button');
    // text="Sign in" is left out: the page heading says "Sign in" too.
    assert.deepEqual(button.selectors.slice(0, -1), ['[data-testid="login-submit"]', '#login-button']);
    assert.match(button.selectors.at(-1)!, /^fingerprint=/);
  });

  test('volatile ids are never recorded; text and CSS paths stand in', async () => {
    await s.navigate(`${h.site.url}/volatile.html`);
    const cancel = await s.click('button.secondary');
    assert.ok(cancel.selectors.includes('text="Cancel"'), JSON.stringify(cancel.selectors));
    // No selector uses the id; the fingerprint (last) keeps it only as evidence that counts when it is the same.
    const selectors = cancel.selectors.filter((sel) => !sel.startsWith('fingerprint='));
    assert.equal(selectors.length, cancel.selectors.length - 1, JSON.stringify(cancel.selectors));
    assert.ok(selectors.every((sel) => !/ember/.test(sel)), JSON.stringify(cancel.selectors));
    const status = await s.checkElementState('[data-slot="status"]', 'attached', 500);
    assert.ok(status.element!.selectors.length >= 1);
    assert.ok(status.element!.selectors.every((sel) => !/status-/.test(sel)), JSON.stringify(status.element!.selectors));
  });
});

describe('actions that cannot happen', () => {
  test('a disabled element fails with the reason within the timeout', async () => {
    await s.navigate(`${h.site.url}/interactions.html`);
    await s.click('#toggle-enabled');
    const { ms, value: err } = await timed(() => s.click('#target-button').then(() => null, (e: Error) => e));
    assert.ok(err instanceof Error);
    assert.equal(err.message, 'Could not click #target-button: it was not ready (element is not enabled) (waited 1000 ms)');
    assert.ok(ms >= 900 && ms < 2_500, `took ${ms} ms`);
    await s.click('#toggle-visibility');
    await assert.rejects(s.click('#toggled-box'), /it was not ready \(element is not visible\)/);
    await assert.rejects(s.type('#counter', 'x'), /Could not type into #counter: it was not ready \(element is not editable\)/);
    await assert.rejects(s.selectOption('#counter', ['x']), /Could not select options in #counter: Element is not a <select> element/);
    await assert.rejects(s.setChecked('#counter', true), /Could not check #counter: it is not a checkbox or radio button/);
    await assert.rejects(s.pressKey('Hyper+Q'), /Could not press Hyper\+Q: Unknown key "Hyper"/);
  });

  test('unknown options and unchecking a radio are refused', async () => {
    await s.navigate(`${h.site.url}/form.html`);
    await assert.rejects(s.selectOption('#country', ['Atlantis']), /No option matches "Atlantis"; options: .*fr \(France\)/);
    await assert.rejects(s.setChecked('#plan-pro', false).then(() => s.setChecked('#plan-pro', true)).then(() => s.setChecked('#plan-pro', false)), /a radio button cannot be unchecked/);
  });
});

describe('uploads', () => {
  test('files go into an <input type=file>; other elements are refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bf-wd-upload-'));
    try {
      const a = join(dir, 'a.txt');
      const b = join(dir, 'b.txt');
      writeFileSync(a, 'A');
      writeFileSync(b, 'B');
      await s.navigate(`${h.site.url}/form.html`);
      const r = await s.uploadFile('#attachment', [a, b]);
      assert.equal(r.matchedSelector, '#attachment');
      assert.equal(await s.evaluate('return document.getElementById("file-name").textContent', null), 'Chosen: a.txt, b.txt');
      await assert.rejects(s.uploadFile('#country', [a]), /Could not upload files with #country: this driver can only set the files of an <input type=file>/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('dialogs outside actions', () => {
  test('a dialog opened later is answered by the next command; a script that opens one fails clearly', async () => {
    await s.navigate(`${h.site.url}/dialogs.html`);
    s.takeDialogs();
    await s.evaluate('setTimeout(() => { document.getElementById("dialog-result").textContent = confirm("Later?") ? "yes" : "no"; }, 50)', null);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(await s.title(), 'Dialogs');
    assert.deepEqual(s.takeDialogs(), [{ type: 'confirm', message: 'Later?', accepted: false }]);
    assert.equal(await text('#dialog-result'), 'no');
    await assert.rejects(s.evaluate('alert("from a script"); return 1', null), /The script opened a dialog before it finished .*its result is lost/);
    assert.deepEqual(s.takeDialogs(), [{ type: 'alert', message: 'from a script', accepted: false }]);
  });
});

describe('navigation failures and frames', () => {
  test('a page that never becomes ready goes on when its time is up; no page at all fails in bounded time; an unreachable server gives the network error', async () => {
    const { ms, value: outcome } = await timed(() => s.navigate(`${h.site.url}/never`));
    assert.equal(outcome.stillLoading, true);
    assert.ok(ms >= 1_900 && ms < 5_000, `took ${ms} ms`);
    assert.equal(await s.title(), 'Never finishes');
    const { ms: noPageMs, value: err } = await timed(() => s.navigate(`${h.site.url}/hang`).then(() => null, (e: Error) => e));
    assert.ok(err instanceof Error);
    assert.equal(err.message, `Navigation to ${h.site.url}/hang received no page within 2000 ms`);
    assert.ok(noPageMs < 5_000, `took ${noPageMs} ms`);
    await assert.rejects(s.navigate('http://127.0.0.1:9/'), /^Error: Navigation to http:\/\/127\.0\.0\.1:9\/ failed: net::ERR_(CONNECTION_REFUSED|UNSAFE_PORT)$/);
    await s.navigate(`${h.site.url}/login.html`);
    assert.equal(await s.title(), 'Login');
  });

  test('a page whose subresources never answer is ready at once, with an estimate of what is pending', async () => {
    const patient = await h.open({ navigationTimeoutMs: 20_000 });
    const { ms, value: outcome } = await timed(() => patient.navigate(`${h.site.url}/hanging.html`));
    assert.deepEqual(outcome, { stillLoading: true, pendingRequests: 2 });
    assert.ok(ms < 8_000, `took ${ms} ms: the page was ready long before the navigation timeout`);
    await patient.close();
  });

  test('observation refs inside an iframe are reported as out of reach', async () => {
    await s.navigate(`${h.site.url}/iframe.html`);
    const obs = await s.observe({ maxTokens: 2_000 });
    const m = /\[(\d+)\] button "Inner button"/.exec(obs.text);
    assert.ok(m, obs.text);
    await assert.rejects(s.click(`ref=${m[1]}`), new RegExp(`ref=${m[1]}: it is inside a frame, which this driver cannot act on`));
  });
});
