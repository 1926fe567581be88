/**
 * Accessibility of the web UI, in a real Chromium against the real service:
 * an axe-core scan of every view finds no serious or critical violation, in
 * the light and the dark theme; keyboard focus is always visible; and no
 * view scrolls sideways on a 390-wide phone screen.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow, waitForFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi, seriousViolations } from './support/ui';

let svc: RunningService;
let site: TestSite;
let browser: Browser;
let done: string;
let rerun: string;
let live: string;
let noisy: string;

/** Each view, with what to do once it is open so its interesting parts show. */
const views: Array<{ name: string; path: () => string; ready: (page: Page) => Promise<void> }> = [
  { name: 'Flows', path: () => '/', ready: (p) => p.getByRole('link', { name: 'a11y login' }).first().waitFor() },
  { name: 'New flow (Autonomous)', path: () => '/flows/new', ready: (p) => p.getByRole('textbox', { name: 'Objective' }).waitFor() },
  {
    name: 'New flow (Deterministic, editor)', path: () => '/flows/new?mode=DETERMINISTIC',
    ready: async (p) => {
      await p.getByRole('combobox', { name: 'Tool', exact: true }).selectOption('click');
      await p.getByRole('textbox', { name: 'Selector' }).fill('#login-button');
      await p.getByRole('button', { name: 'Add call' }).click();
      await p.getByText('Paste JSON', { exact: true }).click();
      await p.getByRole('button', { name: 'Start flow' }).click();
      await p.locator('.field-error').first().waitFor();
    },
  },
  {
    name: 'Flow view (finished, a step open)', path: () => `/flows/${done}?step=2`,
    ready: async (p) => {
      await p.getByRole('img', { name: 'Screenshot of step 2' }).waitFor();
      await p.getByRole('button', { name: 'Download test' }).waitFor();
    },
  },
  {
    name: 'Flow view (failed flow: rerun choices, a step before and after, its console and network)', path: () => `/flows/${noisy}?step=2`,
    ready: async (p) => {
      await p.getByRole('img', { name: 'Before step 2' }).waitFor();
      await p.getByRole('button', { name: 'Rerun as it ran' }).waitFor();
      await p.getByRole('region', { name: /^Step 2/ }).getByText(/candidates? tried/).click();
    },
  },
  {
    name: 'Enlarged screenshot dialog', path: () => `/flows/${done}?step=3`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'Enlarge Before step 3' }).click();
      await p.getByRole('dialog').getByRole('button', { name: '200 %' }).click();
    },
  },
  {
    name: 'Flow view (video)', path: () => `/flows/${done}?step=1`,
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Video' }).click();
      await p.locator('video').waitFor();
    },
  },
  {
    name: 'Save as deterministic flow dialog', path: () => `/flows/${done}`,
    ready: async (p) => {
      await p.getByRole('button', { name: 'Save as deterministic flow' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'Live INSTRUCT flow with its console', path: () => `/flows/${live}`,
    ready: async (p) => {
      await p.getByRole('img', { name: 'Latest frame' }).waitFor();
      await p.getByRole('button', { name: 'Send' }).waitFor();
      // Point and act: the picked element, a selector test and the page's refs on show.
      await p.getByRole('textbox', { name: 'Selector' }).fill('#username');
      await p.getByRole('button', { name: 'Test selector' }).click();
      await p.locator('.console .found').waitFor();
      await p.getByRole('button', { name: 'Page elements' }).click();
      await p.locator('.console .refs').waitFor();
    },
  },
  { name: 'Compare', path: () => `/compare?a=${done}&b=${rerun}`, ready: (p) => p.getByRole('table', { name: 'Aligned steps' }).waitFor() },
  { name: 'Settings', path: () => '/settings', ready: (p) => p.getByRole('table', { name: 'GPT configurations' }).waitFor() },
  { name: 'Unknown flow', path: () => '/flows/00000000-0000-4000-8000-000000000000', ready: (p) => p.getByRole('heading', { name: 'Flow not found' }).waitFor() },
];

before(async () => {
  [site, browser] = await Promise.all([startTestSite(), launchChromium()]);
  svc = await startService();
  await svc.request('POST', '/api/env/PASSWORD', { value: 's3cret-pass' });
  await svc.request('POST', '/api/gpt-configs/main', { type: 'OPENAI', apiKey: 'sk-a11y-0123456789', modelName: 'gpt-4o-mini' });
  const calls = [
    { name: 'type', parameters: { selector: '#username', text: 'alice' } },
    { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } },
    { name: 'click', parameters: { selector: '#login-button' } },
    { name: 'assertText', parameters: { text: 'Welcome' } },
  ];
  const [a, b] = await Promise.all([
    runFlow(svc, deterministic(site.url, '/login.html', calls, { name: 'a11y login', envVars: ['PASSWORD'] }), 60_000),
    runFlow(svc, deterministic(site.url, '/login.html', [...calls.slice(0, 3), { name: 'assertText', parameters: { text: 'Nope', timeoutMs: 100 } }], { name: 'a11y login', envVars: ['PASSWORD'] }), 60_000),
  ]);
  done = a.id;
  rerun = b.id;
  const n = await runFlow(svc, deterministic(site.url, '/noisy.html', [
    { name: 'type', parameters: { selector: '#field', text: 'x' } },
    { name: 'click', parameters: { selector: ['#gone', '#noise'] } },
    { name: 'assertText', parameters: { text: 'Noise made' } },
    { name: 'click', parameters: { selector: '#not-there' } },
  ], { name: 'a11y noisy' }), 60_000);
  noisy = n.id;
  const res = await svc.request('POST', '/api/flows', { name: 'a11y instruct', targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT' });
  live = res.body.id;
  await waitForFlow(svc, live, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
});

after(async () => {
  await browser?.close();
  await svc?.stop();
  await site?.close();
});

describe('axe finds no serious or critical violation, in the light and the dark theme', () => {
  let ui: Awaited<ReturnType<typeof openUi>>;
  before(async () => { ui = await openUi(browser, [svc.url], { colorScheme: 'light' }); });
  after(() => ui?.close());
  for (const view of views) {
    test(view.name, async () => {
      const { page } = ui;
      await page.goto(svc.url + view.path());
      await view.ready(page);
      await page.getByRole('combobox', { name: 'Theme' }).selectOption('light').catch(async () => {
        // A modal dialog makes the rest of the page inert: close it, choose, reopen.
        await page.keyboard.press('Escape');
        await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
        await view.ready(page);
      });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
      const light = await seriousViolations(page);
      assert.deepEqual(light, [], `light: ${JSON.stringify(light, null, 2)}`);
      // The dark theme, chosen in the UI (the dialog, when open, is closed first and reopened by its view).
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
      if (view.name.includes('dialog')) await view.ready(page);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      const dark = await seriousViolations(page);
      assert.deepEqual(dark, [], `dark: ${JSON.stringify(dark, null, 2)}`);
      assertNoErrors(ui);
    });
  }
});

describe('keyboard and small screens', () => {
  test('Tab reaches the controls of the flow view and settings, each with a visible focus ring', async () => {
    const ui = await openUi(browser, [svc.url]);
    try {
      const { page } = ui;
      for (const path of [`/flows/${done}?step=1`, '/settings', '/flows/new']) {
        await page.goto(svc.url + path);
        await page.locator('main h1').waitFor();
        const seen = new Set<string>();
        for (let i = 0; i < 30; i++) {
          await page.keyboard.press('Tab');
          const focus = await page.evaluate(() => {
            const el = document.activeElement as HTMLElement | null;
            if (!el || el === document.body) return null;
            // Radios inside a card or a segmented control show the ring on their label.
            // (No function declared here: the test runner's transform would name it with a helper the page lacks.)
            let ring = false;
            for (const x of [el, el.closest('label')]) {
              if (!x) continue;
              const s = getComputedStyle(x);
              if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) ring = true;
            }
            return { name: `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''}`, ring };
          });
          if (!focus) continue;
          assert.ok(focus.ring, `${path}: no visible focus on ${focus.name}`);
          seen.add(focus.name);
        }
        assert.ok(seen.size >= 10, `${path}: Tab reached only ${[...seen].join(', ')}`);
      }
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });

  test('no view scrolls sideways at 390 px wide', async () => {
    const ui = await openUi(browser, [svc.url], { width: 390, height: 844 });
    try {
      for (const view of views) {
        await ui.page.goto(svc.url + view.path());
        await view.ready(ui.page);
        const width = await ui.page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `${view.name}: the page is ${width} px wide`);
      }
      await eventually(() => true);
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });
});
