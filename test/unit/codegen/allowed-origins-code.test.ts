/**
 * The allowedOrigins block of generated tests (plugins/codegen/playwright/allowed-origins-code.ts):
 * its JavaScript run in a real Chromium page against two loopback origins
 * blocks every navigation to the other one (a tab's, a frame's) and lets
 * the allowed ones and BASE_URL's through; its TypeScript compiles under
 * `strict` as the generated projects do.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { allowedOriginsCode } from '../../../plugins/codegen/playwright/allowed-origins-code';
import { launchChromium } from '../../fixtures/pages/browser';
import { startTwoOrigins, type TwoOrigins } from '../../fixtures/secrets/two-origins';
import { ROOT } from '../../helpers/service';

const run = promisify(execFile);
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...a: unknown[]) => Promise<void>;

describe('the allowedOrigins block of generated tests', () => {
  let site: TwoOrigins;
  let browser: Browser;
  before(async () => { [site, browser] = await Promise.all([startTwoOrigins(), launchChromium()]); });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  test('no block without allowedOrigins', () => {
    assert.deepEqual(allowedOriginsCode(null, true, false), []);
    assert.deepEqual(allowedOriginsCode([], true, false), []);
  });

  test('its JavaScript blocks navigations to other origins, frames included, and lets the allowed ones through', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const install = new AsyncFunction('page', 'baseURL', allowedOriginsCode([site.good, 'https://*.example.test'], true, false).join('\n'));
      await install(page, undefined);
      const from = site.requests.length;
      await page.goto(`${site.good}/injected`);
      assert.equal(await page.locator('h1').textContent(), 'Your account');
      await page.goto(`${site.evil}/collect?x=direct`).catch(() => undefined);
      assert.equal(page.url(), `${site.good}/injected`, 'the tab stayed');
      await page.click('#away').catch(() => undefined);
      await page.waitForTimeout(300);
      assert.equal(page.url(), `${site.good}/injected`);
      assert.deepEqual(site.requests.slice(from).filter((r) => r.host.startsWith('localhost')).map((r) => r.url), [], 'the other origin got no request: not the frame, not the link');
    } finally {
      await context.close();
    }
  });

  test('BASE_URL\'s origin is allowed too', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const install = new AsyncFunction('page', 'baseURL', allowedOriginsCode(['https://recorded.example'], true, false).join('\n'));
      await install(page, site.evil);
      await page.goto(`${site.evil}/collect?x=base`);
      assert.equal(await page.locator('#thanks').textContent(), 'Thanks');
      await page.goto(`${site.good}/login`).catch(() => undefined);
      assert.equal(page.url(), `${site.evil}/collect?x=base`, 'the recorded list still holds elsewhere');
    } finally {
      await context.close();
    }
  });

  test('its TypeScript compiles under strict', async () => {
    const dir = join(ROOT, 'test', `.tmp-origins-${randomBytes(6).toString('hex')}`);
    await mkdir(dir, { recursive: true });
    try {
      const lines = allowedOriginsCode(['https://acme.com', 'https://*.acme.com:8443', '*'], true, true);
      await writeFile(join(dir, 'spec.ts'), `import type { Page } from '@playwright/test';\nexport async function fenced(page: Page, baseURL: string | undefined): Promise<void> {\n${lines.join('\n')}\n}\n`);
      await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], types: [], skipLibCheck: true }, files: ['spec.ts'] }));
      await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir]).catch((err) => assert.fail(`${err.stdout}${err.stderr}`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
