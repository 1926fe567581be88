/**
 * Run control from the web UI, in a real Chromium against the real service:
 * Pause, Resume and Cancel of a running flow, and the Mode switch (its
 * refusal shown, and a switch that takes effect).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { createFakeLlmServer, type FakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';
import { useFakeModel } from './support/autonomous';
import { deterministic, waitForFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi } from './support/ui';

let svc: RunningService;
let site: TestSite;
let fake: FakeLlmServer;
let browser: Browser;

before(async () => {
  [site, fake, browser] = await Promise.all([startTestSite(), createFakeLlmServer('openai'), launchChromium()]);
  svc = await startService();
});

after(async () => {
  await browser?.close();
  await svc?.stop();
  await Promise.all([site?.close(), fake?.close()]);
});

async function waitText(locator: Locator, pattern: RegExp, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => pattern.test((await locator.textContent({ timeout: 1000 })) ?? ''), timeoutMs, `text ${pattern}`);
}

async function create(body: unknown): Promise<string> {
  const res = await svc.request('POST', '/api/flows', body);
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

test('Pause, Resume and Cancel a running flow', async () => {
  const waits = Array.from({ length: 8 }, () => ({ name: 'wait', parameters: { ms: 1200 } }));
  const id = await create(deterministic(site.url, '/index.html', waits, { name: 'ui control' }));
  const ui = await openUi(browser, [svc.url, site.url]);
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/flows/${id}`);
    const badge = page.locator('.flow-head .badge').first();
    await waitText(badge, /^Running/);
    const pause = page.getByRole('button', { name: 'Pause' });
    const resume = page.getByRole('button', { name: 'Resume' });
    assert.equal(await resume.isDisabled(), true);
    await pause.click();
    // The pause applies after the current action.
    await waitText(badge, /^Paused/);
    assert.equal((await svc.request('GET', `/api/flows/${id}`)).body.state, 'PAUSED');
    assert.equal(await pause.isDisabled(), true);
    const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    const pausedAt = await steps.count();
    await resume.click();
    await waitText(badge, /^Running/).catch(async (err) => {
      throw new Error(`${err.message}; badge ${await badge.textContent()}; flow ${JSON.stringify((await svc.request('GET', `/api/flows/${id}`)).body.state)}`);
    });
    await eventually(async () => (await steps.count()) > pausedAt, 10_000, 'a new step after Resume');
    // Cancel asks once more: dismissed, the flow runs on; accepted, it ends, shown as Cancelled (not Failed).
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitText(badge, /^Running/);
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); void d.accept(); });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitText(badge, /^Cancelled$/);
    assert.match(asked, /^Cancel "ui control"\? The flow ends now/);
    await waitText(page.locator('.result'), /CANCELLED/);
    const flow = await waitForFlow(svc, id, (f) => f.state === 'FAILED');
    assert.equal(flow.result.error.code, 'CANCELLED');
    // A finished flow offers export instead of run control.
    await page.getByRole('button', { name: 'Download test' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Pause' }).count(), 0);
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});

test('the Mode switch shows a refusal, and switches a live flow to Instruct', async () => {
  const instruct = await create({ name: 'ui no objective', targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT' });
  await useFakeModel(svc, fake, 'fake-control');
  // The model thinks for long enough to be switched away from.
  fake.push({ stallMs: 60_000 });
  const autonomous = await create({ name: 'ui autonomous', targetWebsite: `${site.url}/login.html`, initialRunMode: 'AUTONOMOUS', overallObjective: 'Sign in' });
  const ui = await openUi(browser, [svc.url, site.url]);
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/flows/${instruct}`);
    const mode = page.getByRole('group', { name: 'Mode' });
    await waitText(page.locator('.flow-head .badge').first(), /Waiting for you/);
    await mode.getByRole('radio', { name: 'Autonomous' }).click();
    await waitText(page.getByRole('alert'), /overallObjective/);
    assert.equal(await mode.getByRole('radio', { name: 'Instruct' }).isChecked(), true);
    assert.equal((await svc.request('GET', `/api/flows/${instruct}`)).body.runMode, 'INSTRUCT');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitText(page.locator('.flow-head .badge').first(), /^Cancelled/);

    await page.goto(`${svc.url}/flows/${autonomous}`);
    await waitText(page.locator('.flow-head .badge').first(), /Thinking/);
    await mode.getByRole('radio', { name: 'Instruct' }).click();
    // The mode it runs in now, after the one it started in.
    await waitText(page.locator('.flow-head .badge-mode'), /^Autonomous → Instruct$/);
    await page.getByRole('region', { name: 'Instruct console' }).waitFor();
    await eventually(async () => (await svc.request('GET', `/api/flows/${autonomous}`)).body.runMode === 'INSTRUCT', 10_000, 'the switch');
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Cancel' }).click();
    await waitForFlow(svc, autonomous, (f) => f.state === 'FAILED');
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});
