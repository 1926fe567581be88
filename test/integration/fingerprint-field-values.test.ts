/**
 * A fingerprint's field values over HTTP (lib/page-scripts/selectors/fingerprint.ts, `fields`): on a podcast
 * episode's chapter rows, which differ only in what their inputs hold, a secret env var is typed into the third
 * chapter's title and the row's "Remove chapter" icon (one in every row) is clicked. The click's recorded fingerprint
 * tells its row by the row's values: the secret is there only as its placeholder, nothing the service keeps or
 * serves holds it, and the rerun acts on the same row again.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startMutationSites, type MutationSites } from '../fixtures/mutations/serve';
import { HOLDOUT15_PAGES } from '../fixtures/mutations/suite';
import { deterministic, runFlow } from './support/flows';

const SECRET = 'Ch4pter-t1tle-s3cret';
const PATH = '/episode-editor.html';
const calls = [
  { name: 'type', parameters: { selector: '#chapters li:nth-of-type(3) input[name=chapter-title]', text: '${CHAPTER_TITLE}' } },
  { name: 'click', parameters: { selector: '#chapters li:nth-of-type(3) button[aria-label="Remove chapter"]' } },
];

let svc: RunningService;
let sites: MutationSites;
let flow: any;

/** Files under `dir` holding `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (readFileSync(p).includes(needle)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

before(async () => {
  sites = await startMutationSites([], HOLDOUT15_PAGES);
  svc = await startService();
  assert.equal((await svc.request('POST', '/api/env/CHAPTER_TITLE', { value: SECRET })).status, 200);
  flow = await runFlow(svc, deterministic(sites.base.url, PATH, calls, { envVars: ['CHAPTER_TITLE'] }), 60_000);
});

after(async () => {
  await svc?.stop();
  await sites?.close();
});

test('the click records its row by its values, the typed secret as its placeholder, and stores the secret nowhere', async () => {
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
  assert.deepEqual(sites.base.actionsOn(PATH).map((a) => a.who).filter((who) => who === 'remove-chapter-3'), ['remove-chapter-3']);
  const records = await svc.request('GET', `/api/flows/${flow.id}/tool-calls`);
  assert.ok(!records.text.includes(SECRET), 'the tool calls as served');
  const click = records.body.find((c: any) => c.name === 'click');
  const candidate = click.outcome.selectors.find((s: string) => s.startsWith('fingerprint='));
  const print = JSON.parse(candidate.slice('fingerprint='.length));
  assert.deepEqual(print.fields, ['18:40', '${CHAPTER_TITLE}'], 'the row\'s start time, and the title typed into it redacted');
  assert.deepEqual(filesHolding(svc.dataDir, SECRET).filter((p) => !p.includes(join('db', ''))), []);
  assert.ok(!svc.logs.join('\n').includes(SECRET));
});

test('the rerun types the secret again and removes the same chapter, told by its start time', async () => {
  const rerun = await svc.request('GET', `/api/flows/${flow.id}/rerun`);
  assert.equal(rerun.status, 200, rerun.text);
  sites.base.reset(PATH);
  const again = await runFlow(svc, rerun.body, 60_000);
  assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
  assert.deepEqual(sites.base.actionsOn(PATH).map((a) => a.who).filter((who) => who.startsWith('remove-chapter')), ['remove-chapter-3']);
});
