/**
 * The Live view of the web UI shows the `frame` events of a running flow, in
 * a real Chromium against the real service: a change the page makes by
 * itself during a long `wait` (no screenshot is taken then) appears in the
 * image "Latest frame".
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, waitForFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi } from './support/ui';

let svc: RunningService;
let site: TestSite;
let browser: Browser;

before(async () => {
  [site, browser] = await Promise.all([startTestSite(), launchChromium()]);
  svc = await startService();
});

after(async () => {
  await browser?.close();
  await svc?.stop();
  await site?.close();
});

/** Turns the page blue one second after it returns: the flow has moved on to its wait by then. */
const paintLater = {
  name: 'paintLater', description: 'Paints the page blue after a second',
  inputSchema: { type: 'object', properties: {} },
  javascript: "setTimeout(() => { document.body.innerHTML = ''; document.documentElement.style.background = '#0000ff'; document.body.style.background = '#0000ff'; }, 1000); return 'scheduled';",
};

/** The average colour of the middle of the image "Latest frame", read through a canvas. */
function frameColour(page: Page): Promise<{ src: string; rgb: number[] } | null> {
  return page.getByRole('img', { name: 'Latest frame' }).evaluate((img: HTMLImageElement) => {
    if (!img.complete || !img.naturalWidth) return null;
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, img.naturalWidth / 4, img.naturalHeight / 4, img.naturalWidth / 2, img.naturalHeight / 2, 0, 0, 1, 1);
    return { src: img.src.slice(0, 30), rgb: [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)] };
  }, undefined, { timeout: 1000 }).catch(() => null);
}

test('the Live view shows the newest frame while the flow waits', async () => {
  const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/index.html', [
    { name: 'paintLater' },
    { name: 'wait', parameters: { ms: 8000 } },
  ], { name: 'ui live frames', customTools: [paintLater] }));
  assert.equal(res.status, 201, res.text);
  const id = res.body.id;
  const ui = await openUi(browser, [svc.url, site.url]);
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/flows/${id}`);
    assert.equal(await page.getByRole('tab', { name: 'Live' }).getAttribute('aria-selected'), 'true');
    // Blue appears only in a frame: the last screenshot was taken before the page turned blue.
    const shown = await eventually(async () => {
      const f = await frameColour(page);
      return f && f.rgb[2]! > 180 && f.rgb[0]! < 80 && f.rgb[1]! < 80 ? f : undefined;
    }, 30_000, 'a blue live frame');
    assert.match(shown.src, /^data:image\/png;base64,/);
    const flow = (await svc.request('GET', `/api/flows/${id}`)).body;
    assert.ok(!isFinished(flow), `the flow is still in its wait (${flow.state})`);
    const calls = (await svc.request('GET', `/api/flows/${id}/tool-calls`)).body;
    assert.equal(calls.at(-1).name, 'wait');
    assert.equal(calls.at(-1).outcome, null, 'no screenshot since the page turned blue');
    assert.match((await page.locator('#panel-live figcaption').textContent()) ?? '', /index\.html/);
    assertNoErrors(ui);
    await waitForFlow(svc, id, isFinished, 60_000);
  } finally {
    await ui.close();
  }
});
