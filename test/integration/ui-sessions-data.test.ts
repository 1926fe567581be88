/**
 * The web UI's parts of sessions and data, in a real Chromium against the
 * real service: Settings lists browser profiles (never a value) and deletes
 * them; the New flow form offers them and "Save as profile"; a finished
 * flow's view shows its result data, its downloads and links to its trace
 * and HAR. Axe finds no serious or critical violation there, in both themes.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startSessionSite, type SessionSite } from '../fixtures/session-site/serve';
import { assertNoErrors, eventually, launchChromium, openUi, seriousViolations } from './support/ui';
import { deterministic, runFlow } from './support/flows';

const COOKIE = 'c0okie-value-never-shown';
let svc: RunningService;
let site: SessionSite;
let browser: Browser;
let flow: any;

before(async () => {
  [svc, site, browser] = await Promise.all([startService({ settings: { flows: { video: false } } }), startSessionSite(), launchChromium()]);
  const put = await svc.request('POST', '/api/profiles/shop', { cookies: [{ name: 'sid', value: COOKIE, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }] });
  assert.equal(put.status, 200, put.text);
  flow = await runFlow(svc, deterministic(site.url, '/downloads', [
    { name: 'click', parameters: { selector: '#notes' } },
    { name: 'navigate', parameters: { url: `${site.url}/product` } },
    { name: 'extract', parameters: { schema: { type: 'object', properties: { stock: { type: 'integer' } } }, fields: { stock: { selector: '#stock' } } } },
  ], { name: 'artifacts', network: { har: true }, trace: true }), 60_000);
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
});

after(async () => {
  await browser?.close();
  await svc?.stop();
  await site?.close();
});

test('settings lists browser profiles without a value, and deletes one after a confirmation', async () => {
  const ui = await openUi(browser, [svc.url]);
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/settings`);
    const region = page.getByRole('region', { name: 'Browser profiles' });
    const table = region.getByRole('table', { name: 'Browser profiles' });
    await eventually(async () => /shop.*http:\/\/127\.0\.0\.1.*1.*session only.*imported/s.test((await table.textContent()) ?? ''), 10_000, 'the profile row');
    assert.ok(!(await page.content()).includes(COOKIE), 'no cookie value in the page');
    assert.deepEqual(await seriousViolations(page), [], JSON.stringify(await seriousViolations(page)));
    await region.getByRole('button', { name: 'Delete profile shop' }).click();
    await region.getByRole('button', { name: 'Confirm deleting profile shop' }).click();
    await eventually(async () => /No profile yet/.test((await region.textContent()) ?? ''), 10_000, 'the profile gone');
    assert.equal((await svc.request('GET', '/api/profiles/shop')).status, 404);
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});

test('the New flow form offers the profiles and "Save as profile"', async () => {
  assert.equal((await svc.request('POST', '/api/profiles/staging', { cookies: [] })).status, 200);
  assert.equal((await svc.request('POST', '/api/env/UI_VAR', { value: 'v-1234567' })).status, 200);
  const ui = await openUi(browser, [svc.url]);
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/flows/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill('from the UI');
    await page.getByRole('textbox', { name: 'Target website' }).fill(`${site.url}/account`);
    await page.getByRole('radio', { name: 'Instruct' }).check();
    await page.getByRole('combobox', { name: 'Start from profile' }).selectOption('staging');
    await page.getByRole('textbox', { name: 'Save as profile' }).fill('after-ui');
    assert.deepEqual(await seriousViolations(page), [], JSON.stringify(await seriousViolations(page)));
    await page.getByRole('button', { name: 'Start flow' }).click();
    await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const created = (await svc.request('GET', `/api/flows/${id}`)).body;
    assert.equal(created.profile, 'staging');
    assert.equal(created.saveProfileAs, 'after-ui');
    await svc.request('POST', `/api/flows/${id}/cancel`);
    // A bad name is shown next to its field.
    await page.goto(`${svc.url}/flows/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill('bad');
    await page.getByRole('textbox', { name: 'Target website' }).fill(`${site.url}/account`);
    await page.getByRole('radio', { name: 'Instruct' }).check();
    await page.getByRole('textbox', { name: 'Save as profile' }).fill('no spaces allowed');
    await page.getByRole('button', { name: 'Start flow' }).click();
    await eventually(async () => /must be 1\.\.100 characters/.test((await page.locator('#f-save-profile-error').textContent({ timeout: 500 }).catch(() => '')) ?? ''), 10_000, 'the field error');
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`a finished flow's view shows its result data, downloads, trace and HAR (${colorScheme})`, async () => {
    const ui = await openUi(browser, [svc.url], { colorScheme });
    try {
      const { page } = ui;
      await page.goto(`${svc.url}/flows/${flow.id}`);
      const section = page.getByRole('region', { name: 'Results and recordings' });
      await section.waitFor();
      assert.match((await section.getByLabel('Result data').textContent()) ?? '', /"stock": 7/);
      const notes = section.getByRole('link', { name: 'notes.txt' });
      assert.equal(await notes.getAttribute('href'), `/api/flows/${flow.id}/downloads/${flow.downloads[0].id}`);
      assert.equal(await section.getByRole('link', { name: 'Download trace' }).getAttribute('href'), `/api/flows/${flow.id}/trace`);
      assert.equal(await section.getByRole('link', { name: 'Download HAR' }).getAttribute('href'), `/api/flows/${flow.id}/har`);
      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: 'Download trace' }).click()]);
      assert.equal(download.suggestedFilename(), `flow-${flow.id}-trace.zip`);
      assert.deepEqual(await seriousViolations(page), [], JSON.stringify(await seriousViolations(page)));
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });
}
