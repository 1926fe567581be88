/**
 * A flow cannot read the service itself (issue 10, item 3): whether the flow
 * navigates to the API, its target is the API, or a hostile page frames,
 * fetches or redirects to it, no env value appears in the flow, its tool
 * calls or what the page shows.
 *
 * The redirect through Playwright is the one case the browser's request
 * interception cannot see; it is closed by the HTTP server refusing every
 * request whose User-Agent carries the driven-browser marker (403
 * DRIVEN_BROWSER_REFUSED).
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow } from './support/flows';

const SECRET = 'tok-5c1f0e9a-never-in-a-browser';

let svc: RunningService;
let site: TestSite;

/** Everything the service tells about a flow: metadata and tool calls, as JSON text. */
async function everythingAbout(id: string): Promise<string> {
  const flow = await svc.request('GET', `/api/flows/${id}`);
  const calls = await svc.request('GET', `/api/flows/${id}/tool-calls`);
  return `${flow.text}\n${calls.text}`;
}

/** A custom tool reading what the page and its frames show (a frame it cannot read says so). */
const readPage = {
  name: 'readPage', description: 'Reads the page, its frames and the fetch result', inputSchema: { type: 'object' },
  javascript: `
    for (let i = 0; i < 40 && document.getElementById('result')?.textContent === 'pending'; i++) await new Promise((r) => setTimeout(r, 100));
    const frames = [...document.querySelectorAll('iframe')].map((f) => { try { return f.contentDocument?.body?.innerText ?? 'no document'; } catch (e) { return 'no access'; } });
    return { body: document.body.innerText, frames };`,
};

const hostile = (kind: string, to: string) => `/hostile/${kind}?to=${encodeURIComponent(to)}`;

describe('a flow cannot read the service itself', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false, navigationTimeoutMs: 5000, actionTimeoutMs: 2000 } } });
    assert.equal((await svc.request('POST', '/api/env/TOKEN', { value: SECRET })).status < 300, true);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('navigate to the API (every alias) fails, saying the address is the service\'s own', async () => {
    const port = new URL(svc.url).port;
    for (const url of [`${svc.url}/api/env`, `http://localhost:${port}/api/env`, `http://[::1]:${port}/api/env`]) {
      const flow = await runFlow(svc, deterministic(site.url, '/index.html', [{ name: 'navigate', parameters: { url } }]));
      assert.equal(flow.state, 'FAILED');
      assert.equal(flow.result.error.code, 'TOOL_CALL_FAILED');
      assert.match(flow.result.error.message, /was blocked: .* is this browserflow service's own address/);
      assert.ok(!(await everythingAbout(flow.id)).includes(SECRET));
    }
  });

  test('a target website on the service fails to load, saying why', async () => {
    const flow = await runFlow(svc, deterministic(svc.url, '/api/env', []));
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.result.error.code, 'TARGET_UNREACHABLE');
    assert.match(flow.result.error.message, /own address/);
    assert.ok(!(await everythingAbout(flow.id)).includes(SECRET));
  });

  test('a hostile page that frames or fetches the API shows nothing of it', async () => {
    for (const kind of ['iframe', 'fetch']) {
      const flow = await runFlow(svc, deterministic(site.url, hostile(kind, `${svc.url}/api/env`), [
        { name: 'readPage' },
        { name: 'extractText' },
      ], { customTools: [readPage] }));
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
      const all = await everythingAbout(flow.id);
      assert.ok(!all.includes(SECRET), `${kind}: ${all}`);
      if (kind === 'fetch') assert.match(all, /failed: TypeError/);
    }
  });

  test('a hostile page that redirects to the API: the WebDriver driver empties the tab before anything reads it', async () => {
    const flow = await runFlow(svc, deterministic(site.url, '/index.html', [
      { name: 'navigate', parameters: { url: `${site.url}${hostile('redirect', `${svc.url}/api/env`)}` } },
      { name: 'extractText' },
    ], { browser: { using: { type: 'webdriver' } } }), 60_000);
    const all = await everythingAbout(flow.id);
    assert.ok(!all.includes(SECRET), all);
    assert.match(all, /own address/);
  });

  test('a hostile page that redirects to the API: the server refuses the marked User-Agent', async () => {
    const flow = await runFlow(svc, deterministic(site.url, hostile('redirect', `${svc.url}/api/env`), [{ name: 'extractText' }]));
    const all = await everythingAbout(flow.id);
    assert.ok(!all.includes(SECRET), all);
    assert.match(all, /DRIVEN_BROWSER_REFUSED/);
  });
});
