/**
 * Browser profiles (log in once), over HTTP through the real service and
 * real Chromium on the session test site: a login flow saves its cookies
 * (an HttpOnly session cookie the server checks) and local storage (read by
 * the page) as a profile; other flows start from it signed in, on the
 * Playwright driver and on WebDriver (cookies and a script), both ways; an
 * imported storageState works the same; no read shows a value; the
 * generated project runs the login as a setup project and passes from a
 * clean state.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { LOGIN, startSessionSite, type SessionSite } from '../fixtures/session-site/serve';
import { deterministic, runFlow } from './support/flows';
import { runGeneratedProject, runGeneratedSpec } from './support/playwright-test';
import { readZip } from '../unit/codegen/fixtures/zip-reader';
import { assertRecordShape } from '../helpers/record-shape';
import { ProfileSummarySchema } from '../../lib/profiles/profile-summary-schema';

const THEME = 'dark-mode-42';
let svc: RunningService;
let site: SessionSite;

const login = [
  { name: 'type', parameters: { selector: '#username', text: '${SHOP_USER}' } },
  { name: 'type', parameters: { selector: '#password', text: '${SHOP_PASSWORD}' } },
  { name: 'click', parameters: { selector: 'button[type=submit]' } },
  { name: 'assertText', parameters: { text: 'Preferences saved' } },
];
const account = [
  { name: 'assertText', parameters: { text: 'Signed in as alice' } },
  { name: 'assertText', parameters: { text: `Theme: ${THEME}` } },
];

/** Every secret a read must not show: the session cookies handed out, the password, the stored theme. */
function secrets(): string[] {
  return [...site.sessions, LOGIN.password];
}

async function assertNoSecret(path: string): Promise<void> {
  const res = await svc.request('GET', path);
  for (const s of secrets()) assert.ok(!res.text.includes(s), `${path} shows ${s.slice(0, 4)}…`);
}

describe('browser profiles', () => {
  before(async () => {
    site = await startSessionSite();
    svc = await startService({ settings: { flows: { video: false } } });
    assert.equal((await svc.request('POST', '/api/env/SHOP_USER', { value: LOGIN.username })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/SHOP_PASSWORD', { value: LOGIN.password })).status, 200);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  let saver: any;
  let user: any;

  test('a login flow saves its cookies and local storage as a profile; reads show no value', async () => {
    saver = await runFlow(svc, deterministic(site.url, '/login', login, { name: 'log in', envVars: ['SHOP_USER', 'SHOP_PASSWORD'], saveProfileAs: 'shop' }), 60_000);
    assert.equal(saver.state, 'SUCCESS', JSON.stringify(saver.result));
    assert.equal(saver.saveProfileAs, 'shop');
    assert.equal(site.sessions.size, 1);

    const list = await svc.request('GET', '/api/profiles');
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.length, 1);
    const [p] = list.body;
    assertRecordShape(ProfileSummarySchema, p, 'GET /api/profiles');
    assert.deepEqual({ ...p, earliestCookieExpiry: null, createdAt: 0 }, {
      name: 'shop', origins: [site.url], cookieCount: 1, localStorageCount: 1, earliestCookieExpiry: null, flowId: saver.id, createdAt: 0,
    });
    // Max-Age=86400 from about now.
    assert.ok(Math.abs(p.earliestCookieExpiry - (Date.now() + 86_400_000)) < 120_000, String(p.earliestCookieExpiry));
    assert.deepEqual((await svc.request('GET', '/api/profiles/shop')).body, p);
    for (const path of ['/api/profiles', '/api/profiles/shop', `/api/flows/${saver.id}`, `/api/flows/${saver.id}/tool-calls`, '/api/openapi.json']) await assertNoSecret(path);
    assert.ok(!(await svc.request('GET', '/api/profiles')).text.includes(THEME));
  });

  test('a flow starting from the profile is signed in (cookie and local storage); one without is not', async () => {
    user = await runFlow(svc, deterministic(site.url, '/account', account, { name: 'account', profile: 'shop' }), 60_000);
    assert.equal(user.state, 'SUCCESS', JSON.stringify(user.result));
    assert.equal(user.profile, 'shop');
    assert.equal(user.profileFromFlowId, saver.id);
    const calls = await svc.request('GET', `/api/flows/${user.id}/tool-calls`);
    assert.match(calls.body[1].outcome.message, /Text "Theme: \*\*\*\*" is visible/, 'a profile value the page shows is redacted in records');
    await assertNoSecret(`/api/flows/${user.id}/tool-calls`);

    const anonymous = await runFlow(svc, deterministic(site.url, '/account', [{ name: 'assertText', parameters: { text: 'Not signed in' } }]), 60_000);
    assert.equal(anonymous.state, 'SUCCESS', JSON.stringify(anonymous.result));
    assert.ok(!svc.logs.join('\n').includes([...site.sessions][0]!), 'the logs never show the session cookie');
  });

  test('an unknown or badly named profile is refused, naming the field; nothing is stored', async () => {
    const unknown = await svc.request('POST', '/api/flows', deterministic(site.url, '/account', account, { profile: 'nope' }));
    assert.equal(unknown.status, 404, unknown.text);
    assert.equal(unknown.body.code, 'PROFILE_NOT_FOUND');
    assert.match(unknown.body.message, /^profile: Browser profile "nope" does not exist/);
    for (const [field, value] of [['profile', '../x'], ['saveProfileAs', ' spaced'], ['saveProfileAs', 'x'.repeat(101)]] as const) {
      const bad = await svc.request('POST', '/api/flows', deterministic(site.url, '/account', account, { [field]: value }));
      assert.equal(bad.status, 400, bad.text);
      assert.match(bad.body.message, new RegExp(`^${field}: `));
    }
  });

  test('the rerun starts from the profile again; the standalone script reads .auth/<profile>.json', async () => {
    const rerun = (await svc.request('GET', `/api/flows/${user.id}/rerun`)).body;
    assert.equal(rerun.profile, 'shop');
    const again = await runFlow(svc, rerun, 60_000);
    assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
    const code = (await svc.request('GET', `/api/flows/${user.id}/code`)).text;
    assert.match(code, /test\.use\(\{ storageState: '\.auth\/shop\.json' \}\);/);
    const saving = (await svc.request('GET', `/api/flows/${saver.id}/code`)).text;
    assert.match(saving, /await page\.context\(\)\.storageState\(\{ path: '\.auth\/shop\.json' \}\);/);
    const run = await runGeneratedSpec(saving, { SHOP_USER: LOGIN.username, SHOP_PASSWORD: LOGIN.password, BASE_URL: site.url }, 'save-profile');
    assert.equal(run.code, 0, run.output);
  });

  test('the generated project runs the login as a setup project the account test depends on, green from a clean state', async () => {
    // Only the account flow is asked for: the flow that saved its profile comes along as its setup.
    const zip = await svc.request('POST', '/api/flows/project', { flowIds: [user.id] });
    assert.equal(zip.status, 200, zip.text);
    const files = readZip(zip.body as Buffer);
    assert.deepEqual([...files.keys()].filter((n) => n.startsWith('tests/')).sort(), ['tests/account.spec.js', 'tests/log-in.setup.js']);
    const config = files.get('playwright.config.js')!.toString();
    assert.match(config, /\{ name: 'setup shop', testMatch: \[\/log-in\\\.setup\\\.js\$\/\] \}/);
    assert.match(config, /\{ name: 'as shop', testMatch: \[\/account\\\.spec\\\.js\$\/\], dependencies: \['setup shop'\], use: \{ storageState: '\.auth\/shop\.json' \} \}/);
    assert.match(files.get('.gitignore')!.toString(), /^\.auth\/$/m);
    for (const bytes of files.values()) for (const s of secrets()) assert.ok(!bytes.includes(s), 'no secret in the project');
    const run = await runGeneratedProject(files, { SHOP_USER: LOGIN.username, SHOP_PASSWORD: LOGIN.password, BASE_URL: site.url });
    assert.equal(run.code, 0, run.output);
    assert.match(run.output, /2 passed/);
    assert.deepEqual(run.left, ['shop.json'], 'the setup wrote the profile');
  });

  test('WebDriver starts from a profile through cookies and a script, and saves one another driver starts from', async () => {
    const wdUser = await runFlow(svc, deterministic(site.url, '/account', account, { profile: 'shop', browser: { using: { type: 'webdriver' } } }), 90_000);
    assert.equal(wdUser.state, 'SUCCESS', JSON.stringify(wdUser.result));
    const wdSaver = await runFlow(svc, deterministic(site.url, '/login', login, { envVars: ['SHOP_USER', 'SHOP_PASSWORD'], saveProfileAs: 'wd-shop', browser: { using: { type: 'webdriver' } } }), 90_000);
    assert.equal(wdSaver.state, 'SUCCESS', JSON.stringify(wdSaver.result));
    const p = (await svc.request('GET', '/api/profiles/wd-shop')).body;
    assert.equal(p.cookieCount, 1);
    assert.equal(p.localStorageCount, 1);
    const fromWd = await runFlow(svc, deterministic(site.url, '/account', account, { profile: 'wd-shop' }), 60_000);
    assert.equal(fromWd.state, 'SUCCESS', JSON.stringify(fromWd.result));
  });

  test('an imported storageState is a profile too (write-only); bad imports name the field; delete', async () => {
    const sid = [...site.sessions][0]!;
    const state = {
      cookies: [
        { name: 'sid', value: sid, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax', partitionKey: 'ignored' },
        { name: 'uid', value: 'tracker-cookie-value', domain: '.tracker.example', path: '/', expires: -1, httpOnly: false, secure: true, sameSite: 'None' },
      ],
      origins: [{ origin: site.url, localStorage: [{ name: 'theme', value: THEME }] }, { origin: 'https://tracker.example', localStorage: [{ name: 'id', value: 'tracker-id' }] }],
    };
    const put = await svc.request('POST', '/api/profiles/imported', state);
    assert.equal(put.status, 200, put.text);
    assert.equal(put.body.flowId, null);
    assert.ok(!put.text.includes(sid));
    assert.deepEqual(put.body.origins, [site.url, 'https://tracker.example']);
    // A flow bound to the site (allowedOrigins) starts with, and saves, only the site's part: signed in, no tracker state.
    const flow = await runFlow(svc, deterministic(site.url, '/account', account, { profile: 'imported', allowedOrigins: [site.url], saveProfileAs: 'bound' }), 60_000);
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    const bound = (await svc.request('GET', '/api/profiles/bound')).body;
    assert.deepEqual([bound.origins, bound.cookieCount, bound.localStorageCount], [[site.url], 1, 1]);
    assert.equal((await svc.request('DELETE', '/api/profiles/bound')).status, 204);

    for (const [body, field] of [
      [{ cookies: [{ ...state.cookies[0], sameSite: 'lax' }] }, /^cookies\[0\]\.sameSite: /],
      [{ origins: [{ origin: 'file:///etc', localStorage: [] }] }, /^origins\[0\]\.origin: /],
      [{ cookies: 'x' }, /^cookies: /],
    ] as const) {
      const bad = await svc.request('POST', '/api/profiles/bad', body);
      assert.equal(bad.status, 400, bad.text);
      assert.match(bad.body.message, field);
    }
    assert.equal((await svc.request('GET', '/api/profiles/bad')).status, 404);
    assert.equal((await svc.request('DELETE', '/api/profiles/imported')).status, 204);
    assert.equal((await svc.request('DELETE', '/api/profiles/imported')).status, 404);
    assert.equal((await svc.request('GET', '/api/profiles/imported')).body.code, 'PROFILE_NOT_FOUND');
    assert.ok(!svc.logs.join('\n').includes(sid));
  });

  test('the OpenAPI document lists the routes and fields of sessions and data', async () => {
    const doc = (await svc.request('GET', '/api/openapi.json')).body;
    for (const path of ['/api/profiles', '/api/profiles/{name}', '/api/flows/{flowId}/downloads', '/api/flows/{flowId}/downloads/{downloadId}', '/api/flows/{flowId}/har', '/api/flows/{flowId}/trace']) {
      assert.ok(doc.paths[path], `${path} is listed`);
    }
    assert.ok(doc.paths['/api/profiles/{name}'].post && doc.paths['/api/profiles/{name}'].delete);
    assert.deepEqual(doc.paths['/api/profiles/{name}'].get.responses[200].content['application/json'].schema, { $ref: '#/components/schemas/ProfileSummary' });
    assert.deepEqual(Object.keys(doc.components.schemas.ProfileSummary.properties),
      ['name', 'origins', 'cookieCount', 'localStorageCount', 'earliestCookieExpiry', 'flowId', 'createdAt']);
    const flow = doc.paths['/api/flows'].post.requestBody.content['application/json'].schema;
    for (const field of ['profile', 'saveProfileAs', 'resultSchema', 'network', 'trace']) assert.ok(flow.properties[field], `CreateFlow has ${field}`);
    const env = doc.paths['/api/env/{key}'].post.requestBody.content['application/json'].schema;
    assert.ok(env.properties.kind && env.properties.allowedOrigins, 'the env body has kind and allowedOrigins');
  });
});
