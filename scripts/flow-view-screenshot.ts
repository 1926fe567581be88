/**
 * Takes docs/images/flow-view.png: boots the service on port 0 with the UI,
 * runs a DETERMINISTIC flow on the test website's order form, opens its view with
 * a step selected in Chromium and saves a screenshot.
 * Usage: npx tsx scripts/flow-view-screenshot.ts
 */
import 'reflect-metadata';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from '../test/fixtures/pages/browser';
import { startTestSite } from '../test/fixtures/site/serve';
import { ROOT, startService } from '../test/helpers/service';
import { deterministic, runFlow } from '../test/integration/support/flows';

const svc = await startService({ settings: { logLevel: 'warn' } });
const site = await startTestSite();
const browser = await launchChromium();
try {
  await svc.request('POST', '/api/env/ORDER_NOTE', { value: 'Deliver after 5 pm' });
  const flow = await runFlow(svc, deterministic(site.url, '/form.html', [
    { name: 'selectOption', parameters: { selector: '#country', values: ['fr'] } },
    { name: 'click', parameters: { selector: 'text=Pro' } },
    { name: 'check', parameters: { selector: '#terms' } },
    { name: 'click', parameters: { selector: ['#next', 'role=button[name="Next"]'] } },
    { name: 'type', parameters: { selector: '#notes', text: '${ORDER_NOTE}' } },
    { name: 'click', parameters: { selector: 'role=button[name="Submit order"]' } },
    { name: 'assertText', parameters: { text: 'Submitted' } },
  ], { name: 'Order a Pro plan', envVars: ['ORDER_NOTE'] }), 60_000);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${svc.url}/flows/${flow.id}?step=4`);
  const shot = page.getByRole('img', { name: 'Screenshot of step 4' });
  await shot.waitFor();
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  await page.getByRole('list', { name: 'Steps' }).getByRole('link').nth(3).focus();
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await mkdir(join(ROOT, 'docs/images'), { recursive: true });
  await page.screenshot({ path: join(ROOT, 'docs/images/flow-view.png') });
  console.log(`saved docs/images/flow-view.png (flow ${flow.state})`);
} finally {
  await browser.close();
  await site.close();
  await svc.stop();
}
