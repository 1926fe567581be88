/**
 * The BrowserSession behaviours every browser driver must have
 * (kernel/contracts/browser-driver.ts), run against the local test website.
 * A driver test file calls `runBrowserDriverContract` with a factory of its
 * driver; `loadDriverFromPlugin` builds one the way the kernel does.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { container as rootContainer } from 'tsyringe';
import * as v from 'valibot';
import type { BrowserDriver, BrowserSession, OpenSessionOptions } from '../../kernel/contracts/browser-driver';
import type { BrowserConfig } from '../../kernel/flows/flow-types';
import type { KernelSettings } from '../../kernel/config';
import type { PluginManifest } from '../../kernel/plugin';
import { createLogger } from '../../lib/logging/logger';
import { drivenBrowserMarker } from '../../lib/service-guard/driven-browser-marker';
import { BROWSER_DRIVERS, LIFECYCLE, LOGGER, SETTINGS, provide, resolveAll } from '../../kernel/tokens';
import { registerPlugin } from '../../kernel/loader';
import { startFakeService, type FakeService } from '../fixtures/site/fake-service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { HTTP_SERVER } from '../../lib/http/route-contract';

/** A driver to test, the `browser.using` to open sessions with, and how to shut it down. */
export interface DriverUnderTest {
  driver: BrowserDriver;
  using: BrowserConfig;
  cleanup(): Promise<void>;
}

/** What the suite sets up for the driver: the address of the (fake) service the driver must keep its browsers from. */
export interface ContractEnv {
  /** `http://127.0.0.1:<port>` of the service, as HTTP_SERVER would give it. */
  serviceUrl: string;
}

/**
 * Registers `plugin` in a child container, as the kernel does, and returns
 * its driver of `type`. With `serviceUrl`, an HTTP_SERVER at that address is
 * registered too (the origin the driver blocks).
 */
export async function loadDriverFromPlugin(plugin: PluginManifest, type: string, using: BrowserConfig, config: unknown = {}, serviceUrl?: string): Promise<DriverUnderTest> {
  const container = rootContainer.createChildContainer();
  const logger = createLogger('warn', () => undefined);
  const settings = { dataDir: '/tmp', configFile: '/tmp/config.json', version: 'test', host: '127.0.0.1', port: 0, allowedHosts: [] } as unknown as KernelSettings;
  provide(container, LOGGER, () => logger);
  provide(container, SETTINGS, () => settings);
  if (serviceUrl) provide(container, HTTP_SERVER, () => ({ url: () => serviceUrl }));
  await registerPlugin(container, plugin, { config: v.parse(plugin.configSchema!, config), settings, pluginDir: process.cwd() });
  const driver = resolveAll(container, BROWSER_DRIVERS).find((d) => d.type === type);
  if (!driver) throw new Error(`plugin ${plugin.id} provides no driver of type ${type}`);
  const lifecycles = resolveAll(container, LIFECYCLE);
  return {
    driver,
    using,
    async cleanup() {
      for (const lifecycle of lifecycles) await lifecycle.stop?.();
    },
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await fn();
  return { ms: Date.now() - started, value };
}

/** Runs the contract suite against the driver `makeDriver` builds. */
export function runBrowserDriverContract(name: string, makeDriver: (env: ContractEnv) => Promise<DriverUnderTest>): void {
  describe(`BrowserSession contract: ${name}`, () => {
    // An action's timeout: long enough that a loaded machine does not time out a ready element (2 s
    // did, at load 25-70: "#country not ready", "#plan-pro not ready"); failover must stay well under it.
    const ACTION_MS = 5_000;
    const QUICK_MS = 600;
    let dut: DriverUnderTest;
    let site: TestSite;
    /** The service the driver must keep away from, and another loopback server it may reach. */
    let service: FakeService;
    let witness: FakeService;
    let s: BrowserSession;
    let quick: BrowserSession;
    const open = (options: Partial<OpenSessionOptions>) => dut.driver.open(dut.using, {
      flowId: `contract-${name}`, videoPath: null, actionTimeoutMs: ACTION_MS, navigationTimeoutMs: 5_000, ...options,
    });
    const text = async (selector: string) => (await s.extractText(selector)).text.trim();
    const value = (selector: string) => s.evaluate(`return document.querySelector(${JSON.stringify(selector)}).value`, null);

    before(async () => {
      site = await startTestSite();
      [service, witness] = await Promise.all([startFakeService(), startFakeService('WITNESS-SECRET')]);
      dut = await makeDriver({ serviceUrl: service.url });
      dut.driver.validate?.(dut.using);
      [s, quick] = await Promise.all([open({}), open({ actionTimeoutMs: QUICK_MS })]);
    });
    after(async () => {
      await Promise.all([s, quick].map((x) => x?.close().catch(() => undefined)));
      await dut?.cleanup();
      await site?.close();
      await Promise.all([service?.close(), witness?.close()]);
    });

    test('navigate, title, currentUrl, back, forward and reload', async () => {
      assert.equal(s.recordsVideo, false, 'no video path was given');
      await s.navigate(`${site.url}/login.html`);
      assert.equal(s.currentUrl(), `${site.url}/login.html`);
      assert.equal(await s.title(), 'Login');
      await s.navigate(`${site.url}/form.html`);
      await s.goBack();
      assert.equal(s.currentUrl(), `${site.url}/login.html`);
      await s.goForward();
      assert.equal(s.currentUrl(), `${site.url}/form.html`);
      await s.reload();
      assert.equal(await s.title(), 'Multi-step form');
    });

    test('type and click with failover log in, with verified recorded selectors', async () => {
      await s.navigate(`${site.url}/login.html`);
      const user = await s.type('#username', 'alice');
      assert.ok(user);
      assert.equal(user.matchedSelector, '#username');
      // Up to 5 selectors, then the element's fingerprint, last (itself a candidate: the element agreeing with it).
      const real = user.selectors.filter((sel) => !sel.startsWith('fingerprint='));
      assert.ok(real.length >= 1 && real.length <= 5, JSON.stringify(user.selectors));
      assert.equal(user.selectors.at(-1)!.startsWith('fingerprint='), true, JSON.stringify(user.selectors));
      assert.equal(user.selectors.length, real.length + 1);
      for (const selector of user.selectors) {
        assert.ok(!selector.startsWith('ref='));
        const check = await s.checkElementState(selector, 'attached', 500);
        assert.ok(check.ok, `recorded selector ${selector} finds the element again`);
        assert.equal(check.element?.matchedSelector, selector);
      }
      assert.equal(await value('#username'), 'alice');
      await s.type('[data-testid="password"]', 's3cret-pass');
      const { ms, value: submit } = await timed(() => s.click(['#does-not-exist', 'button[type=submit]']));
      assert.equal(submit.matchedSelector, 'button[type=submit]');
      assert.ok(ms < ACTION_MS, `failover took ${ms} ms, not less than one action timeout`);
      assert.ok(submit.selectors.length >= 1, 'selectors recorded although the click navigated away');
      assert.equal(await s.waitForUrl('/welcome.html', 3_000), true);
      assert.equal(await s.waitForText('Welcome, alice!', 3_000), true);
      assert.match(s.currentUrl(), /\/welcome\.html\?user=alice$/);
    });

    test('a candidate the driver cannot run is skipped, and named when nothing matched', async () => {
      await s.navigate(`${site.url}/login.html`);
      const r = await s.click(['div[[[', '#login-button']);
      assert.equal(r.matchedSelector, '#login-button');
      assert.equal(await s.waitForText('Invalid username or password', 2_000), true);
      const err = await s.click(['div[[['], {}).then(() => null, (e: Error) => e);
      assert.ok(err instanceof Error);
      assert.match(err.message, /skipped "div\[\[\["/);
    });

    test('an element action reports the candidates tried with why each was passed over, ending with the one used', async () => {
      await s.navigate(`${site.url}/login.html`);
      const r = await s.click(['#does-not-exist', 'input', 'div[[[', '#login-button']);
      assert.equal(r.matchedSelector, '#login-button');
      assert.deepEqual(r.selectorsTried, [
        { selector: '#does-not-exist', error: 'matched 0 elements' },
        { selector: 'input', error: 'matched 2 elements' },
        { selector: 'div[[[', error: 'syntax not supported by this driver' },
        { selector: '#login-button', error: null },
      ]);
      // The first candidate found the element: it is all that was tried.
      const first = await s.hover(['#username', '#password']);
      assert.deepEqual(first.selectorsTried, [{ selector: '#username', error: null }]);
      // A candidate matching several elements is used only when no later one is unique: it goes last.
      const ambiguous = await s.hover(['input', '#nope']);
      assert.deepEqual(ambiguous.selectorsTried, [{ selector: '#nope', error: 'matched 0 elements' }, { selector: 'input', error: null }]);
    });

    test('with a recorded fingerprint, a candidate now on another element is reported as disagreeing', async () => {
      await s.navigate(`${site.url}/login.html`);
      const password = await s.hover('#password');
      const fingerprint = password.selectors.at(-1)!;
      assert.match(fingerprint, /^fingerprint=/);
      // `#username` is a unique match, but of an element unlike the recorded one: the fingerprint finds the password field.
      const r = await s.hover(['#nope', '#username', fingerprint]);
      assert.equal(r.matchedSelector, fingerprint);
      assert.equal(r.selectorsTried?.length, 3, JSON.stringify(r.selectorsTried));
      assert.deepEqual(r.selectorsTried![0], { selector: '#nope', error: 'matched 0 elements' });
      assert.equal(r.selectorsTried![1]!.selector, '#username');
      assert.match(r.selectorsTried![1]!.error ?? '', /^disagrees with the recorded element \(agreement 0\.\d\d\)$/);
      assert.deepEqual(r.selectorsTried![2], { selector: fingerprint, error: null });
    });

    test('a failed search carries every candidate with its reason', async () => {
      await quick.navigate(`${site.url}/login.html`);
      const failed = await quick.click(['#nope', 'div[[[']).then(() => null, (e: Error & Record<string, unknown>) => e);
      assert.ok(failed instanceof Error);
      assert.equal(failed.selectorUsed, null);
      assert.deepEqual(failed.selectorsTried, [
        { selector: '#nope', error: 'matched 0 elements' },
        { selector: 'div[[[', error: 'syntax not supported by this driver' },
      ]);
      // A wait that finds nothing carries them the same way.
      const waited = await quick.waitForSelector(['#nope', '#also-nope'], 'visible', 300).then(() => null, (e: Error & Record<string, unknown>) => e);
      assert.ok(waited instanceof Error);
      assert.equal(waited.selectorUsed, null);
      assert.deepEqual(waited.selectorsTried, [
        { selector: '#nope', error: 'matched 0 elements' },
        { selector: '#also-nope', error: 'matched 0 elements' },
      ]);
    });

    test('unknown selectors fail with a clear message in bounded time', async () => {
      await quick.navigate(`${site.url}/login.html`);
      const { ms, value: err } = await timed(() => quick.click(['#nope', 'text=Nothing here']).then(() => null, (e: Error) => e));
      assert.ok(err instanceof Error);
      assert.match(err.message, new RegExp(`No element matches any of: #nope, text=Nothing here \\(waited ${QUICK_MS} ms\\)`));
      assert.ok(ms >= QUICK_MS - 50 && ms < QUICK_MS + 2_500, `took ${ms} ms`);
    });

    test('select options and set checkboxes and radios', async () => {
      await s.navigate(`${site.url}/form.html`);
      assert.deepEqual((await s.selectOption('#country', ['de'])).selected, ['de']);
      assert.deepEqual((await s.selectOption('#country', ['Japan'])).selected, ['jp']);
      assert.deepEqual((await s.selectOption('#extras', ['support', 'SLA'])).selected, ['support', 'sla']);
      assert.equal((await s.checkElementState('#next', 'disabled', 0)).ok, true);
      await s.setChecked('#terms', true);
      assert.equal((await s.checkElementState('#terms', 'checked', 500)).ok, true);
      assert.equal((await s.checkElementState('#next', 'enabled', 1_000)).ok, true);
      await s.setChecked('#plan-pro', true);
      assert.equal(await s.evaluate('return document.querySelector("input[name=plan]:checked").value', null), 'pro');
      await s.setChecked('#terms', false);
      assert.equal((await s.checkElementState('#terms', 'unchecked', 500)).ok, true);
      await s.setChecked('#terms', true);
      await s.click('#next');
      assert.equal(await text('#step-indicator'), 'Step 2 of 2');
    });

    test('extractText, typing modes, key presses, hover, double and right click, scrolling', async () => {
      await s.navigate(`${site.url}/interactions.html`);
      const page = await s.extractText();
      assert.equal(page.element, null);
      assert.match(page.text, /Interactions[\s\S]*Bottom of the page/);
      await s.hover('#hover-box');
      assert.equal(await text('#hover-result'), 'Hovered');
      await s.click('#counter', { clickCount: 2 });
      await s.click('#counter', { button: 'right' });
      assert.match(await text('#click-result'), /^clicks: 2, dblclicks: [12], right: 1$/);
      await s.type('#key-input', 'ab');
      await s.type('#key-input', 'cd', { clear: false });
      assert.equal(await value('#key-input'), 'abcd');
      assert.equal(await s.type(null, 'ef', { clear: false }), null);
      assert.equal(await value('#key-input'), 'abcdef');
      await s.pressKey('ArrowDown');
      assert.equal(await text('#key-result'), 'key: ArrowDown');
      await s.scroll('down');
      assert.ok(Number(await s.evaluate('return window.scrollY', null)) > 0);
      await s.scroll('down', '#scroll-box');
      assert.ok(Number(await s.evaluate('return document.querySelector("#scroll-box").scrollTop', null)) > 0);
    });

    test('waits: delayed elements, text and URL answer within their timeouts', async () => {
      await s.navigate(`${site.url}/delayed.html`);
      const late = await s.waitForSelector('#late-button', 'visible', 4_000);
      assert.ok(late && late.selectors.length >= 1);
      assert.equal(await s.waitForSelector('#loading', 'detached', 1_000), null);
      await s.click('#late-button');
      assert.equal(await s.waitForText('late button CLICKED', 1_000), true, 'case-insensitive substring');
      const { ms, value: missing } = await timed(() => s.waitForText('No such words anywhere', 300));
      assert.equal(missing, false);
      assert.ok(ms >= 250 && ms < 2_000, `took ${ms} ms`);
      assert.equal(await s.waitForUrl('/DELAYED\\.html$/i', 200), true);
      assert.equal(await s.waitForUrl('elsewhere', 200), false);
      await assert.rejects(s.waitForSelector('#never-there', 'visible', 300), /did not become visible within 300 ms/);
    });

    test('tabs: opened tabs are followed; tabs lists them; switchTab changes the active one', async () => {
      await s.navigate(`${site.url}/tabs.html`);
      await s.click('#new-tab-link');
      assert.equal(await s.waitForUrl('user=newtab', 3_000), true);
      assert.equal(await s.waitForText('Welcome, newtab!', 3_000), true);
      let tabs = await s.tabs();
      assert.equal(tabs.length, 2);
      assert.deepEqual(tabs.map((t) => t.active), [false, true]);
      const first = await s.switchTab({ index: 0 });
      assert.equal(first.url, `${site.url}/tabs.html`);
      assert.equal(first.active, true);
      await s.click('#popup-button');
      assert.equal(await s.waitForUrl('user=popup', 3_000), true);
      tabs = await s.tabs();
      assert.equal(tabs.length, 3);
      assert.equal(tabs[2]!.active, true);
      const back = await s.switchTab({ urlContains: 'newtab' });
      assert.equal(back.index, 1);
      assert.equal(await s.title(), 'Welcome');
      await assert.rejects(s.switchTab({ index: 7 }), /No tab with index 7; open tabs: 0: http/);
      await assert.rejects(s.switchTab({ urlContains: 'nowhere' }), /No tab with a URL containing "nowhere"/);
      await s.switchTab({ index: 0 });
    });

    test('dialogs follow the policy (default: dismiss) and are reported once', async () => {
      await s.navigate(`${site.url}/dialogs.html`);
      await s.click('#confirm-button');
      assert.equal(await text('#dialog-result'), 'confirm: dismissed');
      await s.click('#prompt-button');
      assert.equal(await text('#dialog-result'), 'prompt: dismissed');
      s.setDialogPolicy({ accept: true });
      await s.click('#confirm-button');
      assert.equal(await text('#dialog-result'), 'confirm: accepted');
      await s.click('#prompt-button');
      assert.equal(await s.evaluate('return document.getElementById("dialog-result").textContent', null), 'prompt: ');
      s.setDialogPolicy({ accept: true, promptText: 'Ada' });
      await s.click('#prompt-button');
      assert.equal(await text('#dialog-result'), 'prompt: Ada');
      await s.click('#alert-button');
      assert.equal(await text('#dialog-result'), 'alert closed');
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

    test('evaluate runs an async body with params, returns JSON, rejects with the page error', async () => {
      await s.navigate(`${site.url}/login.html`);
      const out = await s.evaluate('await new Promise((r) => setTimeout(r, 10));\nreturn { sum: params.a + params.b, title: document.title } // trailing comment', { a: 2, b: 3 });
      assert.deepEqual(out, { sum: 5, title: 'Login' });
      assert.equal(await s.evaluate('document.title = "x"', null), null);
      await assert.rejects(s.evaluate('throw new Error("boom from page")', {}), (err: Error) => err.message === 'boom from page');
      await assert.rejects(s.evaluate('return missingVariable.x', {}), /missingVariable is not defined/);
    });

    test('results are capped in the page: a huge script result, error, text or title never crosses whole', async () => {
      await s.navigate(`${site.url}/login.html`);
      const huge = await s.evaluate('return { big: "é".repeat(params.n), tail: "end" }', { n: 150_000 }) as Record<string, unknown>;
      assert.equal(huge.truncated, true);
      assert.equal(huge.limitBytes, 100_000);
      assert.equal(huge.bytes, 300_000 + '{"big":"","tail":"end"}'.length);
      assert.ok(typeof huge.preview === 'string' && huge.preview.startsWith('{"big":"éé'));
      assert.ok(Buffer.byteLength(JSON.stringify(huge)) <= 100_000, `stored as ${Buffer.byteLength(JSON.stringify(huge))} bytes`);
      assert.deepEqual(await s.evaluate('return "x".repeat(99_000)', null), 'x'.repeat(99_000), 'a result within the limit comes back whole');
      await assert.rejects(s.evaluate('const a = {}; a.self = a; return a', null), /not JSON-serialisable/);
      const thrown = await s.evaluate('throw new Error("boom ".repeat(20_000))', null).then(() => null, (e: Error) => e);
      assert.ok(thrown instanceof Error && thrown.message.startsWith('boom boom') && thrown.message.length <= 2_001, `${thrown?.message.length} characters`);
      await assert.rejects(s.evaluate('return missingVariable', null), /ReferenceError: missingVariable is not defined/);
      await s.evaluate('document.title = "T".repeat(50_000); document.body.innerText = "word ".repeat(40_000)', null);
      assert.equal((await s.title()).length, 1_001);
      const text = await s.extractText(undefined, { maxChars: 5_000 });
      assert.deepEqual({ length: text.text.length, truncated: text.truncated, whole: text.length }, { length: 5_000, truncated: true, whole: 200_000 - 1 });
      const capped = await s.extractText();
      assert.equal(capped.text.length, 100_000, 'never more than the driver\'s limit');
      const small = await s.extractText('body', { maxChars: 10 });
      assert.deepEqual([small.text, small.truncated], ['word word ', true]);
    });

    test('a URL regex runs in the page, bounded: a catastrophic one is stopped and the service\'s thread stays free', async () => {
      await s.navigate(`${site.url}/login.html?q=${'a'.repeat(30)}`);
      let last = Date.now();
      let maxGap = 0;
      const ticker = setInterval(() => {
        const now = Date.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
      }, 10);
      const { ms, value: err } = await timed(() => s.waitForUrl('/(a+)+b/', 800).then(() => null, (e: Error) => e));
      clearInterval(ticker);
      assert.ok(err instanceof Error, 'the pattern was stopped');
      assert.match(err.message, /^The URL pattern \/\(a\+\)\+b\/ did not finish matching within \d+ ms and was stopped/);
      assert.ok(ms < 4_000, `took ${ms} ms`);
      assert.ok(maxGap < 500, `the service's event loop stalled for ${maxGap} ms`);
      assert.equal(await s.waitForUrl('/a{30}$/', 500), true, 'the page still answers');
      assert.equal(await s.waitForUrl('/A{30}$/', 200), false);
      assert.equal(await s.title(), 'Login');
    });

    test('screenshot is a PNG', async () => {
      const png = await s.screenshot();
      assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
      assert.ok(png.readUInt32BE(16) > 100 && png.readUInt32BE(20) > 100, 'a real viewport size');
    });

    test('observe lists the page with refs that resolve through ref=N', async () => {
      await s.navigate(`${site.url}/login.html`);
      const obs = await s.observe({ maxTokens: 2_000, screenshot: true });
      assert.equal(obs.url, `${site.url}/login.html`);
      assert.equal(obs.title, 'Login');
      assert.ok(obs.refCount >= 3);
      assert.equal(obs.truncated, false);
      assert.ok(obs.screenshot && obs.screenshot.subarray(1, 4).toString('latin1') === 'PNG');
      const ref = (pattern: RegExp) => {
        const m = obs.text.split('\n').map((line) => pattern.exec(line)).find(Boolean);
        assert.ok(m, `no line matches ${pattern} in:\n${obs.text}`);
        return `ref=${m[1]}`;
      };
      const username = ref(/\[(\d+)\] textbox "Username"/);
      const typed = await s.type(username, 'bob');
      assert.equal(typed?.matchedSelector, username);
      assert.ok(typed!.selectors.length >= 1 && typed!.selectors.every((sel) => !sel.startsWith('ref=')));
      assert.equal(await value('#username'), 'bob');
      await s.click(ref(/\[(\d+)\] button "Sign in"/));
      assert.equal(await s.waitForText('Invalid username or password', 2_000), true);
      const small = await s.observe({ maxTokens: 40 });
      assert.equal(small.truncated, true);
      assert.ok(small.text.length <= 160);
    });

    test('sessions are isolated from each other', async () => {
      await s.navigate(`${site.url}/login.html`);
      await s.evaluate('localStorage.setItem("contract", "s"); document.cookie = "contract=s"', null);
      await quick.navigate(`${site.url}/login.html`);
      assert.deepEqual(await quick.evaluate('return [localStorage.getItem("contract"), document.cookie]', null), [null, '']);
    });

    test('a page whose subresources never answer is used once ready: navigate, history, reload and new tabs go on, saying so', async () => {
      const patient = await open({ navigationTimeoutMs: 20_000 });
      const { ms, value: first } = await timed(() => patient.navigate(`${site.url}/hanging.html`));
      await patient.close();
      assert.equal(first.stillLoading, true);
      assert.ok(first.pendingRequests >= 1, JSON.stringify(first));
      assert.ok(ms < 8_000, `took ${ms} ms, far from the 20 s navigation timeout`);
      await s.navigate(`${site.url}/hanging.html`);
      await s.click('#greet');
      assert.equal(await s.waitForText('Hello from a hanging page', 2_000), true);
      assert.equal((await s.reload()).stillLoading, true);
      assert.deepEqual(await s.navigate(`${site.url}/login.html`), { stillLoading: false, pendingRequests: 0 });
      const { ms: backMs } = await timed(() => s.goBack());
      assert.ok(backMs < 7_000, `going back took ${backMs} ms`);
      assert.equal(s.currentUrl(), `${site.url}/hanging.html`);
      assert.deepEqual(await s.goForward(), { stillLoading: false, pendingRequests: 0 });
      await s.navigate(`${site.url}/hanging.html`);
      const { ms: tabMs } = await timed(async () => {
        await s.click('#again-tab');
        assert.equal(await s.waitForUrl('tab=2', 3_000), true);
        await s.click('#greet');
        return s.waitForText('Hello from a hanging page', 2_000);
      });
      assert.ok(tabMs < 8_000, `the new tab took ${tabMs} ms`);
      assert.equal((await s.tabs()).length >= 2, true);
      await s.switchTab({ index: 0 });
    });

    /** Everything a flow could read of the active tab: its text, its observation (frames included). */
    const everythingReadable = async (session: BrowserSession): Promise<string> => {
      const parts: string[] = [session.currentUrl()];
      parts.push(await session.extractText().then((r) => r.text, (e: Error) => `extractText failed: ${e.message}`));
      parts.push(await session.observe({ maxTokens: 4_000 }).then((o) => o.text, (e: Error) => `observe failed: ${e.message}`));
      return parts.join('\n');
    };
    const hostile = (kind: string, to: string) => `${site.url}/hostile/${kind}?to=${encodeURIComponent(to)}`;
    /** Waits until the hostile fetch page wrote its outcome. */
    const fetchOutcome = async (session: BrowserSession): Promise<string> => {
      for (let i = 0; i < 50; i++) {
        const result = String(await session.evaluate('return document.getElementById("result").textContent', null));
        if (result !== 'pending') return result;
        await new Promise((r) => setTimeout(r, 100));
      }
      return 'pending';
    };

    test('the service\'s own address cannot be loaded: navigate refuses it; frames, fetches, redirects and popups get nothing', async () => {
      for (const url of [`${service.url}/api/env`, `http://localhost:${service.port}/api/env`, `http://[::1]:${service.port}/`, `http://127.0.0.2:${service.port}/api/env`, `http://0.0.0.0:${service.port}/x`]) {
        const err = await s.navigate(url).then(() => null, (e: Error) => e);
        assert.ok(err instanceof Error, `navigate ${url} was not refused`);
        assert.match(err.message, new RegExp(`^Navigation to .* was blocked: .* is this browserflow service's own address \\(127\\.0\\.0\\.1:${service.port}\\)`));
      }
      const readable: string[] = [];
      for (const to of [`${service.url}/api/env`, `http://localhost:${service.port}/api/env`]) {
        await s.navigate(hostile('iframe', to));
        readable.push(await everythingReadable(s));
      }
      await s.navigate(hostile('fetch', `${service.url}/api/env`));
      const fetched = await fetchOutcome(s);
      assert.notEqual(fetched, 'pending');
      readable.push(fetched, await everythingReadable(s));
      // Playwright's routes do not see a redirect's hops: the marked User-Agent is what the service refuses.
      const redirected = await s.navigate(hostile('redirect', `${service.url}/api/env`)).then(() => 'loaded', (e: Error) => e.message);
      readable.push(redirected, await everythingReadable(s));
      // A driver that sees the popup land on the service empties it and may fail this very call, saying so.
      const popup = await s.navigate(hostile('popup', `${service.url}/api/env`)).then(() => 'loaded', (e: Error) => e.message);
      assert.match(popup, /^loaded$|own address/);
      await new Promise((r) => setTimeout(r, 500));
      readable.push(await everythingReadable(s));
      const tabs = await s.tabs();
      for (const tab of tabs) readable.push(tab.title, tab.url);
      for (const text of readable) assert.ok(!text.includes(service.secret), `the secret leaked into: ${text.slice(0, 500)}`);
      assert.ok(service.seen.every((r) => r.marked), `unmarked requests reached the service: ${JSON.stringify(service.seen)}`);
      await s.switchTab({ index: 0 });
    });

    test('every request of a driven browser carries the marker: direct, redirected, framed, fetched, from a popup', async () => {
      witness.seen.length = 0;
      await s.navigate(`${witness.url}/?via=direct`);
      await s.navigate(hostile('redirect', `${witness.url}/?via=redirect`));
      await s.navigate(hostile('iframe', `${witness.url}/?via=iframe`));
      await s.navigate(hostile('fetch', `${witness.url}/?via=fetch`));
      assert.match(await fetchOutcome(s), /refused/);
      await s.navigate(hostile('popup', `${witness.url}/?via=popup`));
      for (let i = 0; i < 30 && !witness.seen.some((r) => r.path.includes('via=popup')); i++) await new Promise((r) => setTimeout(r, 100));
      const vias = new Set(witness.seen.map((r) => /via=(\w+)/.exec(r.path)?.[1]).filter(Boolean));
      assert.deepEqual([...vias].sort(), ['direct', 'fetch', 'iframe', 'popup', 'redirect']);
      for (const r of witness.seen) assert.ok(r.userAgent.endsWith(` ${drivenBrowserMarker()}`), `unmarked: ${r.path} ${r.userAgent}`);
      assert.match(witness.seen[0]!.userAgent, /^Mozilla\/5\.0 .*Chrom/, 'the browser\'s own User-Agent comes first');
      await s.switchTab({ index: 0 });
    });

    test('close is idempotent and a closed session refuses work', async () => {
      await Promise.all([quick.close(), quick.close()]);
      await quick.close();
      await assert.rejects(quick.navigate(`${site.url}/login.html`), /closed/);
    });
  });
}
