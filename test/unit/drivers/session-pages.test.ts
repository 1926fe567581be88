/**
 * Page-level methods of the Playwright session: navigation and history,
 * tabs and popups, dialogs, scripts, screenshots and observations.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserSession } from '../../../kernel/contracts/browser-driver';
import { startHarness, timed, type Harness } from './driver-harness';
import { deadPort } from '../../helpers/ports';


let h: Harness;
let s: BrowserSession;

before(async () => {
  h = await startHarness();
  s = await h.open({ actionTimeoutMs: 2_000, navigationTimeoutMs: 1_500 });
});
after(() => h.shutdown());

describe('navigation', () => {
  test('navigate, title, back, forward, reload and redirects', async () => {
    await s.navigate(`${h.site.url}/index.html`);
    assert.equal(await s.title(), 'browserflow test site');
    await s.navigate(`${h.site.url}/redirect?to=/welcome.html%3Fuser%3Dbob`);
    assert.equal(s.currentUrl(), `${h.site.url}/welcome.html?user=bob`);
    assert.equal(await s.waitForText('Welcome, bob!', 1_000), true);
    await s.goBack();
    assert.equal(s.currentUrl(), `${h.site.url}/index.html`);
    await s.goForward();
    assert.equal(await s.waitForUrl('/user=b[o]b$/', 1_000), true);
    await s.evaluate('document.body.dataset.marker = "before-reload"', null);
    await s.reload();
    assert.equal(await s.evaluate('return document.body.dataset.marker ?? null', null), null);
  });

  test('a slow page within the timeout loads', async () => {
    await s.navigate(`${h.site.url}/slow?ms=300`);
    assert.equal(await s.waitForText('Slow page loaded after 300 ms', 500), true);
  });

  test('a page that never becomes ready goes on when its time is up; a page that never answers fails in bounded time', async () => {
    const { ms, value: outcome } = await timed(() => s.navigate(`${h.site.url}/never`));
    assert.equal(outcome.stillLoading, true);
    assert.ok(ms >= 1_400 && ms < 3_000, `took ${ms} ms`);
    assert.equal(await s.title(), 'Never finishes');
    assert.equal(await s.waitForText('Still loading', 500), true);
    const { ms: noPageMs, value: err } = await timed(() => s.navigate(`${h.site.url}/hang`).then(() => null, (e: Error) => e));
    assert.ok(err instanceof Error);
    assert.equal(err.message, `Navigation to ${h.site.url}/hang received no page within 1500 ms`);
    assert.ok(noPageMs < 3_000, `took ${noPageMs} ms`);
    await s.navigate(`${h.site.url}/index.html`);
    assert.equal(await s.title(), 'browserflow test site');
  });

  test('a page whose subresources never answer is ready at once; its requests in flight are counted', async () => {
    const patient = await h.open({ navigationTimeoutMs: 20_000 });
    const { ms, value: outcome } = await timed(() => patient.navigate(`${h.site.url}/hanging.html`));
    assert.deepEqual(outcome, { stillLoading: true, pendingRequests: 2 });
    assert.ok(ms < 8_000, `took ${ms} ms: the page was ready long before the navigation timeout`);
    await patient.close();
  });

  test('an unreachable server gives the network error; the next navigation works', async () => {
    const port = await deadPort();
    await assert.rejects(s.navigate(`http://127.0.0.1:${port}/`), new RegExp(`Navigation to http://127\\.0\\.0\\.1:${port}/ failed: net::ERR_CONNECTION_REFUSED`));
    await s.navigate(`${h.site.url}/login.html`);
    assert.equal(await s.title(), 'Login');
  });

  test('waitForUrl: substring, regex, timeout, invalid regex', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    assert.equal(await s.waitForUrl('login.html', 100), true);
    assert.equal(await s.waitForUrl('/LOGIN\\.html$/i', 100), true);
    assert.equal(await s.waitForUrl('elsewhere', 200), false);
    await assert.rejects(s.waitForUrl('/(/', 100), /Invalid URL pattern/);
  });
});

describe('tabs', () => {
  test('a target=_blank link and window.open are followed; switchTab goes back', async () => {
    await s.navigate(`${h.site.url}/tabs.html`);
    await s.click('#new-tab-link');
    assert.equal(await s.waitForUrl('user=newtab', 2_000), true);
    assert.equal(await s.waitForText('Welcome, newtab!', 2_000), true);
    let tabs = await s.tabs();
    assert.equal(tabs.length, 2);
    assert.deepEqual(tabs.map((t) => t.active), [false, true]);
    const first = await s.switchTab({ index: 0 });
    assert.equal(first.url, `${h.site.url}/tabs.html`);
    assert.equal(first.active, true);
    await s.click('#popup-button');
    assert.equal(await s.waitForUrl('user=popup', 2_000), true);
    tabs = await s.tabs();
    assert.equal(tabs.length, 3);
    assert.equal(tabs[2]!.active, true);
    const back = await s.switchTab({ urlContains: 'newtab' });
    assert.equal(back.index, 1);
    assert.equal(await s.title(), 'Welcome');
    await assert.rejects(s.switchTab({ index: 7 }), /No tab with index 7; open tabs: 0: http/);
    await assert.rejects(s.switchTab({ urlContains: 'nowhere' }), /No tab with a URL containing "nowhere"/);
  });

  test('closing the active tab activates the newest remaining one', async () => {
    const before = (await s.tabs()).length;
    await s.evaluate('window.close()', null);
    const deadline = Date.now() + 2_000;
    while ((await s.tabs()).length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const tabs = await s.tabs();
    assert.equal(tabs.length, before - 1);
    assert.equal(tabs.filter((t) => t.active).length, 1);
    assert.equal(tabs.at(-1)!.active, true);
  });
});

describe('dialogs', () => {
  test('default policy dismisses; accept and prompt text apply; takeDialogs drains', async () => {
    await s.navigate(`${h.site.url}/dialogs.html`);
    await s.click('#confirm-button');
    assert.equal((await s.extractText('#dialog-result')).text, 'confirm: dismissed');
    await s.click('#prompt-button');
    assert.equal((await s.extractText('#dialog-result')).text, 'prompt: dismissed');
    s.setDialogPolicy({ accept: true });
    await s.click('#confirm-button');
    assert.equal((await s.extractText('#dialog-result')).text, 'confirm: accepted');
    await s.click('#prompt-button');
    assert.equal(await s.evaluate('return document.getElementById("dialog-result").textContent', null), 'prompt: ');
    s.setDialogPolicy({ accept: true, promptText: 'Ada' });
    await s.click('#prompt-button');
    assert.equal((await s.extractText('#dialog-result')).text, 'prompt: Ada');
    await s.click('#alert-button');
    assert.equal((await s.extractText('#dialog-result')).text, 'alert closed');
    assert.deepEqual(s.takeDialogs(), [
      { type: 'confirm', message: 'Delete everything?', accepted: false },
      { type: 'prompt', message: 'What is your name?', accepted: false },
      { type: 'confirm', message: 'Delete everything?', accepted: true },
      { type: 'prompt', message: 'What is your name?', accepted: true },
      { type: 'prompt', message: 'What is your name?', accepted: true },
      { type: 'alert', message: 'Heads up!', accepted: true },
    ]);
    assert.deepEqual(s.takeDialogs(), []);
    s.setDialogPolicy({ accept: false });
  });
});

describe('scripts, screenshots, observations', () => {
  test('evaluate runs an async body with params and returns JSON', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    const out = await s.evaluate('await new Promise((r) => setTimeout(r, 10));\nreturn { sum: params.a + params.b, title: document.title } // trailing comment', { a: 2, b: 3 });
    assert.deepEqual(out, { sum: 5, title: 'Login' });
    assert.equal(await s.evaluate('document.title = "x"', null), null);
  });

  test('evaluate rejects with the page error message', async () => {
    await assert.rejects(s.evaluate('throw new Error("boom from page")', {}), (err: Error) => err.message === 'boom from page');
    await assert.rejects(s.evaluate('return missingVariable.x', {}), /missingVariable is not defined/);
    await assert.rejects(s.evaluate('return (', {}), /SyntaxError|Unexpected/);
  });

  test('screenshot is a PNG of the viewport', async () => {
    await s.switchTab({ index: 0 });
    const png = await s.screenshot();
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    assert.equal(png.readUInt32BE(16), 1280);
    assert.equal(png.readUInt32BE(20), 720);
  });

  test('observe describes the active page', async () => {
    await s.navigate(`${h.site.url}/login.html`);
    const obs = await s.observe({ maxTokens: 1_000, screenshot: true });
    assert.equal(obs.url, `${h.site.url}/login.html`);
    assert.equal(obs.title, 'Login');
    assert.ok(obs.refCount >= 3);
    assert.match(obs.text, /Sign in/);
    assert.ok(obs.screenshot && obs.screenshot.length > 100);
  });
});
