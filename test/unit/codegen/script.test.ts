import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { container as rootContainer } from 'tsyringe';
import plugin from '../../../plugins/codegen/playwright/index';
import { createScriptEmitter } from '../../../plugins/codegen/playwright/emitters';
import { LOGGER, provide, resolveAll } from '../../../kernel/tokens';
import { CODEGEN_EMITTERS } from '../../../lib/export/codegen-emitter';
import { registerPlugin } from '../../../kernel/loader';
import { createLogger } from '../../../lib/logging/logger';
import { ApiError } from '../../../kernel/errors';
import type { CodegenFlow, CodegenOptions } from '../../../lib/export/codegen-emitter';
import { call, codegenFlow, DEFAULT_OPTIONS, flowMeta, HOSTILE_NAME, HOSTILE_TEXT, SET_TEXT_TOOL } from './fixtures/flows';
import { dryRun } from './fixtures/dry-run';
import { syntaxErrors, syntaxErrorsOf } from './fixtures/syntax';

const emitter = createScriptEmitter(createLogger('silent'));
const emit = (cf: CodegenFlow, options: Partial<CodegenOptions> = {}) => emitter.emitScript!(cf, { ...DEFAULT_OPTIONS, ...options });

function loginFlow(): CodegenFlow {
  const flow = flowMeta({ name: HOSTILE_NAME, envVars: ['PASSWORD'], customTools: [SET_TEXT_TOOL] });
  return codegenFlow(flow, [
    call('navigate', { url: 'https://shop.test/login' }),
    call('type', { selector: 'ref=2', text: 'user-${PASSWORD}-x' }, ['#pw', 'input[name="pw"]']),
    call('type', { selector: '#note', text: HOSTILE_TEXT }, ['#note']),
    call('click', { selector: '#gone' }, null, false),
    call('click', { selector: 'ref=3' }, ['#go']),
    call('setText', { id: 'out', text: 'done ${PASSWORD}' }),
    call('markObjectiveComplete', { summary: 'ok' }),
  ]);
}

describe('codegen-playwright plugin', () => {
  test('registers the script and the project emitters', async () => {
    const container = rootContainer.createChildContainer();
    provide(container, LOGGER, () => createLogger('silent'));
    await registerPlugin(container, plugin, { config: undefined, settings: {} as never, pluginDir: '.' });
    const emitters = resolveAll(container, CODEGEN_EMITTERS);
    assert.deepEqual(emitters.map((e) => [e.kind, e.id]).sort(), [['project', 'playwright-project'], ['script', 'playwright-test']]);
    assert.equal(plugin.id, 'codegen-playwright');
    assert.deepEqual(plugin.deps, { logger: LOGGER });
  });
});

describe('playwright-test script', () => {
  test('parses as an ES module under every option combination', async () => {
    const combos: Partial<CodegenOptions>[] = [
      {}, { testScriptVariant: 'ai' }, { runInHeadedMode: true, slowMotionDelay: 250 },
      { disableSelfHealingTests: true }, { disableSelfHealingTests: true, testScriptVariant: 'ai' },
    ];
    const sources = await Promise.all(combos.map((options) => emit(loginFlow(), options)));
    const errors = await syntaxErrorsOf(sources);
    combos.forEach((options, i) => assert.equal(errors[i], '', `options ${JSON.stringify(options)}`));
  });

  test('a hostile name and text stay data: exact title, exact typed text, nothing injected', async () => {
    const source = await emit(loginFlow());
    const run = await dryRun(source, { PASSWORD: 'pw-value' });
    assert.deepEqual(run.tests, [HOSTILE_NAME]);
    assert.ok(run.calls.includes(`locator("#note").fill(${JSON.stringify(HOSTILE_TEXT)})`), run.calls.join('\n'));
    assert.equal((globalThis as Record<string, unknown>).injected, undefined);
    assert.doesNotMatch(source, /\u2028|\u2029/, 'line separators are escaped even inside comments');
  });

  test('${VAR} placeholders are read from process.env; no value is ever written', async () => {
    const source = await emit(loginFlow());
    assert.match(source, /'user-' \+ env\('PASSWORD'\) \+ '-x'/);
    assert.doesNotMatch(source, /fill\('user-\$\{PASSWORD\}/);
    const run = await dryRun(source, { PASSWORD: 'pw-value' });
    assert.ok(run.calls.some((c) => c.endsWith('.fill("user-pw-value-x")')), run.calls.join('\n'));
    const custom = run.calls.find((c) => c.startsWith('evaluate('));
    assert.ok(custom?.includes('{\\"id\\":\\"out\\",\\"text\\":\\"done pw-value\\"}'), custom);
  });

  test('a missing env var fails before any browser action, naming it', async () => {
    const source = await emit(loginFlow());
    const calls: string[] = [];
    await assert.rejects(dryRun(source, {}).then((r) => calls.push(...r.calls)), /Environment variable PASSWORD is not set/);
    assert.deepEqual(calls, []);
  });

  test('replays only successful non-control calls, after loading the website, with readable step titles', async () => {
    const run = await dryRun(await emit(loginFlow()), { PASSWORD: 'x' });
    assert.deepEqual(run.steps, [
      'Go to https://shop.test/login',
      'Fill #pw with "user-${PASSWORD}-x"',
      `Fill #note with "${HOSTILE_TEXT}"`,
      'Click #go',
      'Run setText with id "out", text "done ${PASSWORD}"',
    ]);
    assert.equal(run.calls[0], 'goto("/app")', 'the website, relative to baseURL');
  });

  test('a test recorded from a FAILED flow says so: a comment and a test.info() annotation naming the step left out', async () => {
    const flow = flowMeta({ state: 'FAILED', result: { success: false, summary: null, error: { code: 'TOOL_CALL_FAILED', message: 'No element matches #ib' } } });
    const cf = { ...codegenFlow(flow, [call('navigate', { url: 'https://shop.test/a' }), call('click', { selector: '#ib' }, null, false)]), failedStep: { step: 2, tool: 'click' } };
    const source = await emit(cf);
    assert.match(source, /^\/\/ Recorded from a FAILED flow: TOOL_CALL_FAILED; step 2 \(click\), which failed, is left out\.$/m);
    assert.match(source, /test\.info\(\)\.annotations\.push\(\{ type: 'recorded-from-failed-flow', description: 'TOOL_CALL_FAILED; step 2 \(click\), which failed, is left out' \}\);/);
    const run = await dryRun(source, {});
    assert.deepEqual(run.steps, ['Go to https://shop.test/a']);
    assert.doesNotMatch(await emit(loginFlow()), /recorded-from-failed-flow|FAILED flow/, 'a successful flow carries no such note');
    const down = await emit(codegenFlow(flowMeta({ state: 'FAILED', result: { success: false, summary: null, error: { code: 'TARGET_UNREACHABLE', message: 'x' } } }), []));
    assert.match(down, /TARGET_UNREACHABLE; no failed step is replayed, so this test does not reproduce the failure/);
  });

  test('several candidates go through locate(); one candidate is one line', async () => {
    const source = await emit(loginFlow());
    assert.match(source, /const element = await locate\(\[page\.locator\('#pw'\), page\.locator\('input\[name="pw"\]'\)\]\);\n\s+await element\.fill\(/);
    assert.match(source, /^ {4}await page\.locator\('#go'\)\.click\(\);$/m);
    assert.match(source, /^async function locate\(candidates, expected = \{\}\)/m, 'the helper is inlined');
    assert.doesNotMatch(source, /^export /m);
    assert.doesNotMatch(source, /ref=/, 'observation refs never reach the code');
  });

  test('one candidate with a recorded fingerprint still goes through locate(), judged by agreement as the service judges it', async () => {
    const fingerprint = 'fingerprint={"tag":"span","role":"","name":"","text":"Weekly digest","attributes":{},"id":"","classes":[],"ancestry":["label","form"],"context":"Weekly digest","position":[0,1],"place":[1,3],"peers":["push notifications","product news"]}';
    const source = await emit(codegenFlow(flowMeta({ name: 'digest' }), [
      call('navigate', { url: 'https://shop.test/settings' }),
      call('click', { selector: 'label:nth-of-type(2) > span' }, ['label:nth-of-type(2) > span', fingerprint]),
    ]));
    assert.match(source, /const element = await locate\(\[\n\s+page\.locator\('label:nth-of-type\(2\) > span'\),\n\s+\], \{\n\s+fingerprint: \{ tag: 'span',[^\n]*peers: \['push notifications', 'product news'\] \},\n\s+\}\);\n\s+await element\.click\(\);/);
    assert.doesNotMatch(source, /await page\.locator\('label:nth-of-type\(2\) > span'\)\.click\(\)/, 'never the bare locator: it would act on whatever sits there');
  });

  test('recorded selectors become public locator calls; no internal: syntax, no JSON in step titles', async () => {
    const cf = codegenFlow(flowMeta({ envVars: ['PASSWORD'] }), [
      call('type', { selector: 'ref=1', text: 'ada@acme.test' }, ['role=textbox[name="Email address"]', 'internal:label="Email address"s', 'input[placeholder="you@company.com"]']),
      call('type', { selector: 'ref=2', text: '${PASSWORD}' }, ['internal:label="Password"s']),
      call('click', { selector: 'ref=3' }, ['[data-testid="sign-in"]', 'role=button[name="Sign in"]']),
      call('click', { selector: 'ref=4' }, ['iframe[name="pay"] >> internal:control=enter-frame >> internal:role=button[name="Pay"i]']),
      call('assertText', { text: 'Welcome "Ada"' }),
    ]);
    for (const language of ['javascript', 'typescript'] as const) {
      const source = await emit(cf, { language });
      assert.doesNotMatch(source, /internal:/, language);
      for (const title of source.matchAll(/test\.step\(('(?:[^'\\]|\\.)*')/g)) assert.doesNotMatch(title[1], /[{}]"|":/, `no JSON in ${title[1]}`);
      assert.match(source, /page\.getByRole\('textbox', \{ name: 'Email address', exact: true \}\),\n\s+page\.getByLabel\('Email address', \{ exact: true \}\),\n\s+page\.getByPlaceholder\('you@company\.com', \{ exact: true \}\),/);
      assert.match(source, /await page\.getByLabel\('Password', \{ exact: true \}\)\.fill\(env\('PASSWORD'\)\);/);
      assert.match(source, /await page\.frameLocator\('iframe\[name="pay"\]'\)\.getByRole\('button', \{ name: 'Pay' \}\)\.click\(\);/);
    }
    const run = await dryRun(await emit(cf), { PASSWORD: 'pw' });
    assert.deepEqual(run.steps, [
      'Fill "Email address" with "ada@acme.test"',
      'Fill "Password" with ${PASSWORD}',
      'Click button "Sign in"',
      'Click button "Pay"',
      'Expect text "Welcome "Ada""',
    ]);
  });

  test('${VAR} in a recorded selector is read from the environment too, as the driver substitutes it', async () => {
    const cf = codegenFlow(flowMeta({ envVars: ['USER_NAME'] }), [
      call('click', { selector: 'x' }, ['role=button[name="Hello ${USER_NAME}"]', 'text="Hi ${USER_NAME}"', '#user-${OTHER}']),
    ]);
    const source = await emit(cf);
    assert.match(source, /page\.getByRole\('button', \{ name: 'Hello ' \+ env\('USER_NAME'\), exact: true \}\)/);
    assert.match(source, /page\.getByText\('Hi ' \+ env\('USER_NAME'\), \{ exact: true \}\)/);
    assert.match(source, /page\.locator\('#user-\$\{OTHER\}'\)/, 'not a variable of the flow: literal');
    const run = await dryRun(source, { USER_NAME: 'Ada' });
    assert.ok(run.calls.includes('getByRole("button", {"name":"Hello Ada","exact":true})'), run.calls.join('\n'));
    assert.deepEqual(run.steps, ['Click button "Hello ${USER_NAME}"']);
  });

  test('a candidate only internal: syntax could express is left out; none left is a 400 naming the call', async () => {
    const some = codegenFlow(flowMeta(), [call('click', { selector: 'x' }, ['internal:control=component', '#ok'])]);
    assert.match(await emit(some), /await page\.locator\('#ok'\)\.click\(\);/);
    const none = codegenFlow(flowMeta(), [call('click', { selector: 'x' }, ['internal:control=component'])]);
    await assert.rejects(emit(none), (e: unknown) => e instanceof ApiError && e.code === 'INVALID_REQUEST' && /cannot be turned into code.*public API/.test(e.message));
  });

  test('TypeScript: the same test, typed helper inlined; JavaScript stays the default', async () => {
    const ts = await emit(loginFlow(), { language: 'typescript' });
    assert.match(ts, /^import \{ test, type Locator, type Page \} from '@playwright\/test';$/m);
    assert.match(ts, /^async function locate\(candidates: Locator\[\], expected: Expected = \{\}\): Promise<Locator> \{$/m);
    assert.match(ts, /^function env\(name: string\): string \{$/m);
    assert.match(ts, /const setText = \(params: object\) => page\.evaluate\(/);
    assert.match(ts, /\/\/ Save it as hostile-quote-single-tick-process-exit-7-script-next-line-se\.spec\.ts and run/);
    assert.match(await emit(loginFlow()), /\/\/ Save it as hostile-quote-single-tick-process-exit-7-script-next-line-se\.spec\.mjs and run/);
  });

  test('baseURL: the recorded origin unless BASE_URL says otherwise; URLs on it are paths', async () => {
    const cf = codegenFlow(flowMeta({ targetWebsite: 'http://127.0.0.1:9/app/login' }), [
      call('navigate', { url: 'http://127.0.0.1:9/app/next?x=1' }),
      call('navigate', { url: 'https://elsewhere.test/' }),
      call('assertUrl', { pattern: 'http://127.0.0.1:9/app/next' }),
    ]);
    const source = await emit(cf);
    assert.match(source, /baseURL: process\.env\.BASE_URL \|\| 'http:\/\/127\.0\.0\.1:9',/);
    assert.match(source, /await page\.goto\('\/app\/login'\);/);
    assert.match(source, /await page\.goto\('\/app\/next\?x=1'\);/);
    assert.match(source, /await page\.goto\('https:\/\/elsewhere\.test\/'\);/);
    assert.match(source, /toHaveURL\(\(url\) => url\.href\.includes\(new URL\('\/app\/next', baseURL\)\.href\)\)/);
    assert.match(source, /async \(\{ page, baseURL \}\)/);
  });

  test('no helper is inlined when nothing needs it', async () => {
    const cf = codegenFlow(flowMeta(), [call('click', { selector: '#a' }, ['#a']), call('assertUrl', { pattern: 'done' })]);
    const source = await emit(cf);
    assert.doesNotMatch(source, /function locate|function env/);
    assert.equal(await syntaxErrors(source), '');
  });

  test('options: headed, slow motion, self-healing, AI variant', async () => {
    const plain = await emit(loginFlow());
    assert.deepEqual((await dryRun(plain, { PASSWORD: 'x' })).uses, [{ baseURL: 'http://127.0.0.1:9' }]);
    assert.match(plain, /function annotate\(/);
    assert.doesNotMatch(plain, /BROWSERFLOW_AI_BASE_URL|function aiHeal|createRedactor/);

    const headed = await emit(loginFlow(), { runInHeadedMode: true, slowMotionDelay: 250 });
    const uses = (await dryRun(headed, { PASSWORD: 'x' })).uses as Record<string, unknown>[];
    assert.equal(uses[0].headless, false);
    assert.match(headed, /launchOptions: \[async \(\{ launchOptions \}, use\) => \{ await use\(\{ \.\.\.launchOptions, slowMo: 250 \}\); \}, \{ scope: 'worker' \}\],/);

    const ai = await emit(loginFlow(), { testScriptVariant: 'ai' });
    assert.match(ai, /process\.env\.BROWSERFLOW_AI_BASE_URL/);
    assert.match(ai, /ariaSnapshot/);
    assert.match(ai, /const element = await locate\(\[page\.locator\('#go'\)\]\);\n\s+await element\.click\(\);/, 'every element heals in the ai variant');

    const noHealing = await emit(loginFlow(), { testScriptVariant: 'ai', disableSelfHealingTests: true });
    assert.doesNotMatch(noHealing, /function aiHeal|function annotate|self-healing/);
  });

  test('a call recorded only as ref= cannot become code', async () => {
    const cf = codegenFlow(flowMeta(), [call('click', { selector: 'ref=9' }, null)]);
    await assert.rejects(emit(cf), (e: unknown) => e instanceof ApiError && e.code === 'INVALID_REQUEST' && /ref=9/.test(e.message));
  });
});
