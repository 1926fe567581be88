/**
 * A secret typed into a page comes back in other spellings: form-encoded in
 * the page URL, JSON-escaped in page text, HTML-escaped in markup, and cut
 * short by length limits (the observation, a custom tool's message). None of
 * them may reach the LLM prompt, tool-call records, SSE events, the flow,
 * the logs or the data dir.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { createFakeLlmServer, type FakeLlmServer, type RecordedRequest } from '../fixtures/fake-llm/fake-llm-server';
import { runFlow } from './support/flows';
import { autonomous, pageTextOf, useFakeModel } from './support/autonomous';

/** Quotes, a backslash, HTML specials, spaces; long enough to be cut in an observation (78 characters). */
const SECRET = 'Kx9 "Qm\\ &<Tz>\' ' + 'abcdefghij'.repeat(6) + 'END';

/** Fragments that only a leak of the secret can produce, in each spelling. */
function leakMarkers(): string[] {
  const spellings = [
    SECRET,
    JSON.stringify(SECRET).slice(1, -1),
    encodeURIComponent(SECRET),
    new URLSearchParams({ q: SECRET }).toString().slice(2),
    SECRET.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
  ];
  // Any 8 leading characters (what a cut leaves), and the middle of the value.
  return [...new Set([...spellings.map((s) => s.slice(0, 8)), 'abcdefghijabcdefghij'])];
}

function assertNoLeak(where: string, text: string): void {
  for (const marker of leakMarkers()) {
    const at = text.indexOf(marker);
    assert.equal(at, -1, `${where} leaks ${JSON.stringify(marker)}: ...${text.slice(Math.max(0, at - 80), at + 80)}...`);
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const refOf = (page: string, pattern: RegExp): string => {
  const line = page.split('\n').find((l) => pattern.test(l));
  assert.ok(line, `no line matching ${pattern} in:\n${page}`);
  return `[${/\[(\d+)\]/.exec(line)![1]}]`;
};

describe('a secret in every spelling a page gives it back', () => {
  let svc: RunningService;
  let site: TestSite;
  let fake: FakeLlmServer;

  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: true } } });
    assert.equal((await svc.request('POST', '/api/env/SECRET', { value: SECRET })).status, 200);
    const page = (req: RecordedRequest) => pageTextOf(fake, req);
    fake = await createFakeLlmServer('openai', [
      (req) => ({ text: 'Type the value.', toolCall: { name: 'type', arguments: { selector: refOf(page(req), /textbox "Query"/), text: '${SECRET}' } } }),
      (req) => ({ text: 'Send it.', toolCall: { name: 'click', arguments: { selector: refOf(page(req), /button "Send"/) } } }),
      { text: 'Read the JSON.', toolCall: { name: 'extractText', arguments: { selector: '#json' } } },
      { text: 'Read the markup.', toolCall: { name: 'readMarkup', arguments: {} } },
      { text: 'Fail with it.', toolCall: { name: 'failWithValue', arguments: {} } },
      { text: 'Done.', toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'echoed' } } },
    ]);
    await useFakeModel(svc, fake, 'fake-openai');
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
    await fake?.close();
  });

  test('no spelling of the value reaches the model, the records, the events, the logs or the files', async () => {
    const flow = await runFlow(svc, autonomous(site.url, '/echo.html', 'Echo ${SECRET} back', {
      envVars: ['SECRET'],
      customTools: [
        { name: 'readMarkup', description: 'The echo markup, HTML-escaped', inputSchema: { type: 'object' }, javascript: "return document.getElementById('markup').outerHTML;" },
        { name: 'failWithValue', description: 'Throws with the value JSON-escaped', inputSchema: { type: 'object' }, javascript: "throw new Error('bad: ' + document.getElementById('json').textContent);" },
      ],
    }), 60_000);
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));

    const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`));
    const byName = Object.fromEntries(calls.body.map((c: any) => [c.name, c]));
    // The page really echoed the value back: placeholders stand where it was.
    assert.match(byName.extractText.outcome.data.text ?? JSON.stringify(byName.extractText.outcome.data), /\$\{SECRET\}/);
    assert.match(byName.readMarkup.outcome.message, /\$\{SECRET\}/);
    assert.match(byName.failWithValue.outcome.message, /bad: .*\$\{SECRET\}/);
    assert.match(byName.extractText.pageUrl, /q=\$\{SECRET\}/);

    assert.ok(fake.requests.length >= 6);
    for (const [i, req] of fake.requests.entries()) assertNoLeak(`model request ${i}`, req.rawBody);
    assertNoLeak('tool calls', calls.text);
    assertNoLeak('flow', (await svc.request('GET', `/api/flows/${flow.id}`)).text);
    assertNoLeak('rerun', (await svc.request('GET', `/api/flows/${flow.id}/rerun`)).text);
    assertNoLeak('events', (await svc.request('GET', `/api/flows/${flow.id}/events`)).text);
    assertNoLeak('logs', svc.logs.join('\n'));
    // The env store holds the value itself (as JSON): only that record may.
    const stored = JSON.stringify(SECRET);
    for (const file of filesUnder(svc.dataDir).filter((f) => !f.endsWith('.png'))) {
      assertNoLeak(file, readFileSync(file, 'utf8').split(stored).join(''));
    }
  });
});
