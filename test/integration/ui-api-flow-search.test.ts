/**
 * `GET /api/flows?nameContains=` (docs/ui-api-needs.md item 6) over HTTP
 * against the real service and LevelDB with 10,000 stored flows: a
 * case-insensitive part of the name, newest first, combined with the other
 * filters and paged with the cursor like every list; bad values answer 400
 * naming the parameter; the OpenAPI document lists it (the UI looks there).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { STORAGE, resolve } from '../../kernel/tokens';
import { seedFlows } from './support/seed-flows';

const FLOWS = 10_000;
let svc: RunningService;

before(async () => {
  svc = await startService({ settings: { logLevel: 'warn' } });
  await seedFlows(resolve(svc.kernel.container, STORAGE), FLOWS);
});
after(() => svc?.stop());

/** Every flow of a query, page after page with the cursor. */
async function allPages(query: string): Promise<any[]> {
  const out: any[] = [];
  let token: string | null = null;
  do {
    const res = await svc.request('GET', `/api/flows?${query}&limit=30${token ? `&pageToken=${token}` : ''}`);
    assert.equal(res.status, 200, res.text);
    out.push(...res.body.flows);
    token = res.body.nextPageToken;
  } while (token);
  return out;
}

const newestFirst = (flows: any[]) => flows.every((f, i) => i === 0 || flows[i - 1].createdAt > f.createdAt);

test('part of the name, any case, every match once, newest first across pages', async () => {
  // Seeded: one flow in 100 is "needle" (indexes 7, 107, ...).
  const found = await allPages('nameContains=EEDL');
  assert.equal(found.length, 100);
  assert.ok(found.every((f) => f.name === 'needle'));
  assert.equal(new Set(found.map((f) => f.id)).size, 100);
  assert.ok(newestFirst(found));
  // "checkout 3" is inside "checkout 3" and "checkout 30".."checkout 36", never in "needle".
  const checkout = await allPages('nameContains=Checkout%203');
  const names = new Set(checkout.map((f) => f.name));
  assert.deepEqual([...names].sort(), ['checkout 3', 'checkout 30', 'checkout 31', 'checkout 32', 'checkout 33', 'checkout 34', 'checkout 35', 'checkout 36']);
  const expected = Array.from({ length: FLOWS }, (_, i) => i).filter((i) => i % 100 !== 7 && String(i % 37).startsWith('3')).length;
  assert.equal(checkout.length, expected);
  assert.ok(newestFirst(checkout));
});

test('combines with the other filters', async () => {
  const found = await allPages('nameContains=needle&runMode=INSTRUCT&state=FAILED');
  // needle at i = 7 + 100k; INSTRUCT when i % 3 == 1; FAILED when i % 7 == 0.
  const expected = Array.from({ length: 100 }, (_, k) => 7 + 100 * k).filter((i) => i % 3 === 1 && i % 7 === 0).length;
  assert.ok(expected > 0);
  assert.equal(found.length, expected);
  assert.ok(found.every((f) => f.name === 'needle' && f.runMode === 'INSTRUCT' && f.state === 'FAILED'));
  const exact = await svc.request('GET', '/api/flows?name=needle&nameContains=zzz');
  assert.deepEqual(exact.body.flows, []);
  const none = await svc.request('GET', '/api/flows?nameContains=no-such-name');
  assert.deepEqual(none.body, { flows: [], nextPageToken: null });
});

test('bad values answer 400 naming nameContains, and the OpenAPI document lists it', async () => {
  const empty = await svc.request('GET', '/api/flows?nameContains=');
  assert.equal(empty.status, 400);
  assert.equal(empty.body.code, 'INVALID_REQUEST');
  assert.match(empty.body.message, /nameContains/);
  const long = await svc.request('GET', `/api/flows?nameContains=${'x'.repeat(201)}`);
  assert.equal(long.status, 400);
  assert.match(long.body.message, /nameContains/);
  const doc = (await svc.request('GET', '/api/openapi.json')).body;
  const params = doc.paths['/api/flows'].get.parameters.map((p: any) => p.name);
  assert.ok(params.includes('nameContains'), params.join(', '));
});
