/**
 * The bounded activity log of a session, and the WebDriver driver's reading
 * of Chromium's `browser` and `performance` logs into it (the wire is a
 * stand-in answering what chromedriver answered in a real session).
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ActivityLog, MAX_ENTRIES, MAX_TEXT_CHARS, MAX_URL_CHARS } from '../../../lib/page-activity/activity-log';
import { WebdriverActivity, consoleText } from '../../../plugins/drivers/webdriver/page-activity';
import type { Wire } from '../../../plugins/drivers/webdriver/wire';

describe('ActivityLog', () => {
  test('keeps at most MAX_ENTRIES of each kind, cuts texts and URLs, counts what it dropped, and starts afresh on take', () => {
    const log = new ActivityLog();
    for (let i = 0; i < MAX_ENTRIES + 7; i++) log.addConsole('error', `e${i} ${'x'.repeat(MAX_TEXT_CHARS)}`, 5);
    for (let i = 0; i < MAX_ENTRIES + 3; i++) log.addNetwork({ method: 'GET', url: `http://a.test/${'p'.repeat(MAX_URL_CHARS)}`, status: 500, error: null, durationMs: 12.6 });
    log.addConsole('error', 'Failed to load resource: the server responded with a status of 500 ()');
    const taken = log.take();
    assert.equal(taken.console.length, MAX_ENTRIES);
    assert.equal(taken.network.length, MAX_ENTRIES);
    assert.deepEqual(taken.dropped, { console: 7, network: 3 }, 'Chromium\'s own resource note is not an entry at all');
    assert.equal(taken.console[0]!.text.length, MAX_TEXT_CHARS);
    assert.ok(taken.console[0]!.text.endsWith('…'));
    assert.equal(taken.network[0]!.url.length, MAX_URL_CHARS);
    assert.equal(taken.network[0]!.durationMs, 13);
    assert.deepEqual(log.take(), { console: [], network: [], dropped: { console: 0, network: 0 } });
  });
});

/** A wire whose getLogs answers the queued logs once. */
function wireWith(logs: { browser: unknown[]; performance: unknown[] }, fail = false): Wire {
  return {
    run: async (command: (b: unknown) => Promise<unknown>) => command({
      getLogs: async (type: 'browser' | 'performance') => {
        if (fail) throw new Error('unknown command: se/log');
        const out = logs[type];
        logs[type] = [];
        return out;
      },
    }),
  } as unknown as Wire;
}

const perf = (method: string, params: Record<string, unknown>) => ({ level: 'INFO', timestamp: 1, message: JSON.stringify({ message: { method, params }, webview: 'x' }) });

describe('WebdriverActivity', () => {
  test('console texts lose Chromium\'s location prefix and one string\'s quotes', () => {
    assert.equal(consoleText('http://127.0.0.1:4/ 0:27 "boom" Object'), '"boom" Object');
    assert.equal(consoleText('http://127.0.0.1:4/ 0:57 "say \\"hi\\""'), 'say "hi"');
    assert.equal(consoleText('http://127.0.0.1:4/ 0:205 Uncaught Error: uncaught!'), 'Uncaught Error: uncaught!');
  });

  test('reads errors, warnings, page errors and failed requests (across reads), leaves out the rest', async () => {
    const logs = {
      browser: [
        { level: 'SEVERE', source: 'console-api', message: 'http://h/ 1:2 "Save failed"', timestamp: 10 },
        { level: 'WARNING', source: 'console-api', message: 'http://h/ 1:3 "careful"', timestamp: 11 },
        { level: 'INFO', source: 'console-api', message: 'http://h/ 1:4 "info"', timestamp: 12 },
        { level: 'SEVERE', source: 'network', message: 'http://h/x - Failed to load resource: 500', timestamp: 13 },
        { level: 'SEVERE', source: 'javascript', message: 'http://h/ 1:5 Uncaught Error: boom', timestamp: 14 },
      ],
      performance: [
        perf('Network.requestWillBeSent', { requestId: '1', request: { method: 'POST', url: 'http://h/api' }, timestamp: 100 }),
        perf('Network.responseReceived', { requestId: '1', response: { status: 503, url: 'http://h/api' }, timestamp: 100.25 }),
        perf('Network.requestWillBeSent', { requestId: '2', request: { method: 'GET', url: 'http://h/ok' }, timestamp: 100 }),
        perf('Network.responseReceived', { requestId: '2', response: { status: 200, url: 'http://h/ok' }, timestamp: 100.1 }),
        perf('Network.loadingFinished', { requestId: '2', timestamp: 100.2 }),
        perf('Network.requestWillBeSent', { requestId: '3', request: { method: 'GET', url: 'http://h/slow' }, timestamp: 100 }),
      ],
    };
    const activity = new WebdriverActivity(wireWith(logs), true);
    const first = await activity.take();
    assert.deepEqual(first.console, [
      { level: 'error', text: 'Save failed', at: 10 },
      { level: 'warning', text: 'careful', at: 11 },
      { level: 'pageerror', text: 'Uncaught Error: boom', at: 14 },
    ]);
    assert.deepEqual(first.network, [{ method: 'POST', url: 'http://h/api', status: 503, error: null, durationMs: 250 }]);
    // A request that started before one read fails after it.
    logs.performance.push(perf('Network.loadingFailed', { requestId: '3', errorText: 'net::ERR_CONNECTION_RESET', timestamp: 101 }));
    const second = await activity.take();
    assert.deepEqual(second.network, [{ method: 'GET', url: 'http://h/slow', status: null, error: 'net::ERR_CONNECTION_RESET', durationMs: 1000 }]);
  });

  test('an endpoint without these logs records nothing, and is not asked again', async () => {
    let asked = 0;
    const wire = { run: async () => { asked++; throw new Error('unknown command'); } } as unknown as Wire;
    const activity = new WebdriverActivity(wire, true);
    assert.deepEqual(await activity.take(), { console: [], network: [], dropped: { console: 0, network: 0 } });
    await activity.take();
    assert.equal(asked, 2, 'the two logs of the first read only');
    assert.deepEqual(await new WebdriverActivity(wireWith({ browser: [], performance: [] }, true), false).take(), { console: [], network: [], dropped: { console: 0, network: 0 } });
  });
});
