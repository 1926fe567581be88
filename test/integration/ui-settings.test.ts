/**
 * Settings in the web UI, in a real Chromium against the real service: GPT
 * configurations (secrets masked, editing keeps the stored key, "Test
 * connection"), environment variables (values never shown, usage), agent
 * assignment, the theme, and the client header on every API request.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { STORAGE, resolve } from '../../kernel/tokens';
import { assertNoErrors, eventually, launchChromium, openUi } from './support/ui';
import { createFakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';

const KEY = 'sk-test-0123456789abcdef';
const ENV_VALUE = 'hunter2-very-secret';

let svc: RunningService;
let browser: Browser;

before(async () => {
  [svc, browser] = await Promise.all([startService(), launchChromium()]);
});

after(async () => {
  await browser?.close();
  await svc?.stop();
});

async function waitText(locator: Locator, pattern: RegExp, timeoutMs = 10_000): Promise<void> {
  await eventually(async () => pattern.test((await locator.textContent({ timeout: 1000 })) ?? ''), timeoutMs, `text ${pattern}`);
}

test('settings: GPT configurations and env vars stay masked, agents are assigned, every API request carries the client header', async () => {
  const ui = await openUi(browser, [svc.url]);
  const apiRequests: Array<{ url: string; header: string | undefined; type: string }> = [];
  ui.page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push({ url: r.url(), header: r.headers()['x-browserflow-client'], type: r.resourceType() });
  });
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/settings`);

    // A GPT configuration, built from the API's own schema of the chosen type.
    const gpt = page.getByRole('region', { name: 'GPT configurations' });
    await gpt.getByRole('textbox', { name: 'Name', exact: true }).fill('main');
    await gpt.getByRole('combobox', { name: 'Type' }).selectOption('OPENAI');
    const key = gpt.getByLabel(/^API key/);
    assert.equal(await key.getAttribute('type'), 'password');
    await key.fill(KEY);
    await gpt.getByRole('textbox', { name: 'Model name' }).fill('gpt-4o-mini');
    await gpt.getByRole('button', { name: 'Save configuration' }).click();
    const table = gpt.getByRole('table', { name: 'GPT configurations' });
    await waitText(table, /main.*OPENAI.*gpt-4o-mini.*API key: sk-\*\*\*\*cdef/s);
    assert.ok(!(await page.content()).includes(KEY), 'the key is not in the page');

    // Editing shows the mask; saving it back keeps the stored key.
    await gpt.getByRole('button', { name: 'Edit main' }).click();
    assert.equal(await gpt.getByLabel(/^API key/).inputValue(), 'sk-****cdef');
    await gpt.getByRole('textbox', { name: 'Model name' }).fill('gpt-4o');
    // The optional prices (the schema's number fields) price each model call: costUsd.
    await gpt.getByRole('spinbutton', { name: /^Input cost per million tokens/ }).fill('2.5');
    await gpt.getByRole('spinbutton', { name: /^Output cost per million tokens/ }).fill('10');
    await gpt.getByRole('button', { name: 'Save changes' }).click();
    await waitText(table, /gpt-4o(?!-mini)/);
    const stored = await resolve(svc.kernel.container, STORAGE).gptConfigs.get('main');
    assert.equal((stored as Record<string, unknown>).apiKey, KEY);
    assert.equal((stored as Record<string, unknown>).modelName, 'gpt-4o');
    assert.equal((stored as Record<string, unknown>).inputCostPerMillionTokens, 2.5);
    assert.equal((stored as Record<string, unknown>).outputCostPerMillionTokens, 10);

    // Test connection: one model call through the provider. The configuration is pointed at a fake
    // OpenAI server (tests talk to loopback only); a refused key shows the flow error code.
    const fake = await createFakeLlmServer('openai', [{ text: 'ok' }, { status: 401, message: 'invalid key' }]);
    try {
      assert.equal((await svc.request('POST', '/api/gpt-configs/main', fake.gptConfig({ modelName: 'gpt-4o' }))).status, 200);
      await gpt.getByRole('button', { name: 'Test connection' }).click();
      await waitText(gpt.getByRole('status'), /Connected in \d+ ms/);
      await gpt.getByRole('button', { name: 'Test connection' }).click();
      await waitText(gpt.getByRole('status'), /LLM_AUTH_FAILED/);
    } finally {
      await fake.close();
    }

    // An environment variable: the value is never shown, and the field is cleared once saved.
    const env = page.getByRole('region', { name: 'Environment variables' });
    await env.getByRole('textbox', { name: 'Name', exact: true }).fill('SHOP_PASSWORD');
    const value = env.getByLabel(/^Value/);
    assert.equal(await value.getAttribute('type'), 'password');
    await value.fill(ENV_VALUE);
    await env.getByRole('button', { name: 'Save variable' }).click();
    const vars = env.getByRole('table', { name: 'Environment variables' });
    await waitText(vars, /SHOP_PASSWORD.*hidden.*no flow.*the flow's site/s);
    assert.equal(await value.inputValue(), '');
    assert.ok(!(await page.content()).includes(ENV_VALUE), 'the value is not in the page');
    // Where it may be used: Replace brings its origins back into the form; a bad pattern is refused next to the field.
    await env.getByRole('button', { name: 'Replace the value of SHOP_PASSWORD' }).click();
    const origins = env.getByRole('textbox', { name: /Used on/ });
    await origins.fill('https://shop.example\nftp://nope.example');
    await value.fill(ENV_VALUE);
    await env.getByRole('button', { name: 'Save variable' }).click();
    await waitText(env.locator('#env-origins-error'), /pattern 2: "ftp:\/\/nope\.example": the scheme must be http or https/);
    await origins.fill('HTTPS://Shop.Example\nhttps://*.shop.example');
    await env.getByRole('button', { name: 'Save variable' }).click();
    await waitText(vars, /SHOP_PASSWORD.*hidden.*https:\/\/shop\.example, https:\/\/\*\.shop\.example/s);
    assert.deepEqual((await svc.request('GET', '/api/env/SHOP_PASSWORD')).body.allowedOrigins, ['https://shop.example', 'https://*.shop.example']);
    await env.getByRole('button', { name: 'Replace the value of SHOP_PASSWORD' }).click();
    assert.equal(await origins.inputValue(), 'https://shop.example\nhttps://*.shop.example');
    await env.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await origins.fill('');
    // A TOTP secret: saved with its kind, listed as TOTP, and replacing its value keeps the kind.
    const kind = env.getByRole('combobox', { name: /^Kind/ });
    await env.getByRole('textbox', { name: 'Name', exact: true }).fill('SHOP_OTP');
    await value.fill('JBSWY3DPEHPK3PXP');
    await kind.selectOption('totp');
    await env.getByRole('button', { name: 'Save variable' }).click();
    await waitText(vars, /SHOP_OTP.*hidden.*TOTP/s);
    assert.equal((await svc.request('GET', '/api/env/SHOP_OTP')).body.kind, 'totp');
    await env.getByRole('button', { name: 'Replace the value of SHOP_OTP' }).click();
    assert.equal(await kind.inputValue(), 'totp');
    await value.fill('KRUGS4ZANFZSAYJA');
    await env.getByRole('button', { name: 'Save variable' }).click();
    await eventually(async () => (await svc.request('GET', '/api/env/SHOP_OTP')).body.value === 'KRUGS4ZANFZSAYJA', 10_000, 'the replaced TOTP secret');
    assert.equal((await svc.request('GET', '/api/env/SHOP_OTP')).body.kind, 'totp', 'replacing the value kept the kind');
    // The service has the value before the page has its answer: the form is reset once the page has it.
    await eventually(async () => (await kind.inputValue()) === 'plain', 10_000, 'the form is reset after saving');
    // A bad name is refused next to the field.
    await env.getByRole('textbox', { name: 'Name', exact: true }).fill('1BAD');
    await env.getByRole('button', { name: 'Save variable' }).click();
    await waitText(env.locator('#env-key-error'), /must match/);

    // Which flows use it.
    const flow = await svc.request('POST', '/api/flows', { name: 'shop', targetWebsite: 'http://127.0.0.1:9/', initialRunMode: 'INSTRUCT', envVars: ['SHOP_PASSWORD'] });
    assert.equal(flow.status, 201, flow.text);
    await page.reload();
    await waitText(page.getByRole('table', { name: 'Environment variables' }), /SHOP_PASSWORD.*1 flow:\s*shop/s);

    // The agent uses the configuration.
    await page.getByRole('combobox', { name: 'GPT configuration for flow-runner' }).selectOption('main');
    await eventually(async () => (await svc.request('GET', '/api/agents')).body['flow-runner'] === 'main', 10_000, 'the assignment');

    // Delete asks once more.
    const del = page.getByRole('button', { name: 'Delete SHOP_PASSWORD' });
    await del.click();
    await page.getByRole('button', { name: 'Confirm deleting SHOP_PASSWORD' }).click();
    await eventually(async () => (await svc.request('GET', '/api/env')).body.SHOP_PASSWORD === undefined, 10_000, 'the delete');

    const fetches = apiRequests.filter((r) => r.type === 'fetch');
    assert.ok(fetches.length >= 8, JSON.stringify(apiRequests));
    assert.deepEqual(fetches.filter((r) => r.header !== 'ui'), [], 'every API request carries X-Browserflow-Client: ui');
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});

test('the theme choice applies at once and survives a reload; the system theme follows the OS', async () => {
  const ui = await openUi(browser, [svc.url], { colorScheme: 'dark' });
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/`);
    const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await bg();
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
    const light = await bg();
    assert.notEqual(light, dark);
    await page.reload();
    await page.getByRole('table', { name: 'Flows' }).waitFor();
    assert.equal(await bg(), light);
    assert.equal(await page.getByRole('combobox', { name: 'Theme' }).inputValue(), 'light');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('system');
    assert.equal(await bg(), dark);
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});
