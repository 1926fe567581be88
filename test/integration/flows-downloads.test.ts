/**
 * Downloads, over HTTP through the real service: a page's files are kept
 * with the flow (caps from settings.flows.downloads), listed and served
 * byte for byte, reported by the tool call that caused them, on the
 * Playwright driver, the local chromedriver and a real Selenium Grid
 * (managed downloads); the generated test awaits the `download` event.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startSeleniumGrid, type SeleniumGrid } from '../helpers/selenium-grid';
import { REPORT_BYTES, startSessionSite, type SessionSite } from '../fixtures/session-site/serve';
import { deterministic, runFlow } from './support/flows';
import { runGeneratedSpec } from './support/playwright-test';
import { assertServedRecords } from '../helpers/record-shape';

const NOTES = 'first line\nsecond line\n';
const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

let svc: RunningService;
let site: SessionSite;

const clicks = ['#big', '#report', '#notes', '#report'].map((selector) => ({ name: 'click', parameters: { selector } }));

/** Checks the downloads of a flow that clicked big (too big), report, notes and report again (one file too many). */
async function checkDownloads(flow: any): Promise<void> {
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
  const list = await svc.request('GET', `/api/flows/${flow.id}/downloads`);
  assert.equal(list.status, 200, list.text);
  const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
  assert.deepEqual(list.body.map((d: any) => [d.fileName, d.size, d.sha256, d.mimeType, d.toolCallId]), [
    ['report.bin', REPORT_BYTES.length, sha(REPORT_BYTES), 'application/octet-stream', calls[1].id],
    ['notes.txt', Buffer.byteLength(NOTES), sha(NOTES), 'text/plain', calls[2].id],
  ]);
  assert.deepEqual(flow.downloads, list.body);
  await assertServedRecords(svc, flow.id);

  const report = await svc.request('GET', `/api/flows/${flow.id}/downloads/${list.body[0].id}`);
  assert.equal(report.status, 200);
  assert.ok((report.body as Buffer).equals(REPORT_BYTES), 'the report comes back byte for byte');
  assert.equal(report.headers['content-type'], 'application/octet-stream');
  assert.match(String(report.headers['content-disposition']), /^attachment; filename="report\.bin"/);
  assert.equal(report.headers['content-security-policy'], 'sandbox');
  const notes = await svc.request('GET', `/api/flows/${flow.id}/downloads/${list.body[1].id}`);
  assert.equal(notes.text, NOTES);
  const part = await svc.request('GET', `/api/flows/${flow.id}/downloads/${list.body[0].id}`, undefined, { range: 'bytes=100-199' });
  assert.equal(part.status, 206);
  assert.ok((part.body as Buffer).equals(REPORT_BYTES.subarray(100, 200)));

  // The calls say what they downloaded, and what was not kept and why.
  assert.match(calls[1].outcome.message, /; downloaded report\.bin \(204800 bytes\)$/);
  assert.deepEqual(calls[1].outcome.downloads, [{ id: list.body[0].id, fileName: 'report.bin', size: REPORT_BYTES.length }]);
  assert.match(calls[0].outcome.message, /download big\.bin not kept: larger than 1048576 bytes \(settings\.flows\.downloads\.maxBytesPerFile\)/);
  assert.equal(calls[0].outcome.downloads[0].id, null);
  assert.match(calls[3].outcome.message, /download report(?: \(1\))?\.bin not kept: the flow already kept 2 files \(settings\.flows\.downloads\.maxFilesPerFlow\)/);

  const missing = await svc.request('GET', `/api/flows/${flow.id}/downloads/00000000-0000-4000-8000-000000000000`);
  assert.equal(missing.status, 404);
  assert.equal(missing.body.code, 'DOWNLOAD_NOT_FOUND');
  assert.equal((await svc.request('GET', `/api/flows/${flow.id}/downloads/..%2F..%2Fdb`)).status, 404);
}

describe('downloads', () => {
  before(async () => {
    site = await startSessionSite();
    svc = await startService({ settings: { flows: { video: false, downloads: { maxBytesPerFile: 1024 * 1024, maxFilesPerFlow: 2 } } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  let flow: any;

  test('Playwright: files are kept, listed, served byte for byte; caps are reported by the call', async () => {
    flow = await runFlow(svc, deterministic(site.url, '/downloads', clicks, { name: 'downloads' }), 90_000);
    await checkDownloads(flow);
    assert.ok(existsSync(join(svc.dataDir, 'flows', flow.id, 'downloads', flow.downloads[0].id)));
  });

  test('the generated test awaits the download event around the click, and passes', async () => {
    const code = await svc.request('GET', `/api/flows/${flow.id}/code`);
    assert.equal(code.status, 200, code.text);
    const wrapped = /const downloadPromise = page\.waitForEvent\('download'\);\n[^\n]*\n(?:[^\n]*\n){0,15}?\s+await element\.click\(\);\n\s+const download = await downloadPromise;\n\s+expect\(download\.suggestedFilename\(\)\)\.toBe\('report\.bin'\);/;
    assert.ok(wrapped.test(code.text), code.text.slice(code.text.indexOf("test('downloads'")));
    const run = await runGeneratedSpec(code.text, { BASE_URL: site.url }, 'downloads');
    assert.equal(run.code, 0, run.output);
  });

  test('WebDriver (local chromedriver): the browser\'s download folder is read after each step', async () => {
    const wd = await runFlow(svc, deterministic(site.url, '/downloads', clicks, { browser: { using: { type: 'webdriver' } } }), 120_000);
    await checkDownloads(wd);
    assert.equal(existsSync(join(svc.dataDir, 'flows', wd.id, 'downloads', '.incoming', 'report.bin')), false, 'taken files leave the browser\'s folder');
  });

  test('deleting a flow removes its downloads', async () => {
    const id = flow.downloads[0].id;
    assert.equal((await svc.request('DELETE', `/api/flows/${flow.id}`)).status, 204);
    assert.equal(existsSync(join(svc.dataDir, 'flows', flow.id)), false);
    assert.equal((await svc.request('GET', `/api/flows/${flow.id}/downloads/${id}`)).status, 404);
  });

  describe('Selenium Grid managed downloads', () => {
    let grid: SeleniumGrid;
    before(async () => { grid = await startSeleniumGrid({ slots: 1 }); });
    after(async () => grid?.stop());

    test('a session created with se:downloadsEnabled has its files fetched through the Grid', async () => {
      const using = { type: 'webdriver', url: grid.url, capabilities: { 'se:downloadsEnabled': true } };
      const remote = await runFlow(svc, deterministic(site.url, '/downloads', clicks, { browser: { using } }), 180_000);
      await checkDownloads(remote);
    });
  });
});
