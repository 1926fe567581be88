import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { container as rootContainer } from 'tsyringe';
import plugin from '../../../plugins/codegen/playwright/index';
import { createScriptEmitter } from '../../../plugins/codegen/playwright/emitters';
import { CODEGEN_EMITTERS, LOGGER, provide, resolveAll } from '../../../kernel/tokens';
import { createLogger } from '../../../kernel/logger';
import { ApiError } from '../../../kernel/errors';
import type { CodegenFlow, CodegenOptions } from '../../../kernel/contracts/codegen-emitter';
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
    await plugin.register({ container, config: undefined, settings: {} as never, pluginDir: '.' });
    const emitters = resolveAll(container, CODEGEN_EMITTERS);
    assert.deepEqual(emitters.map((e) => [e.kind, e.id]).sort(), [['project', 'playwright-project'], ['script', 'playwright-test']]);
    assert.equal(plugin.id, 'codegen-playwright');
    assert.deepEqual(plugin.requires, [LOGGER]);
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
    assert.match(source, /"user-" \+ env\("PASSWORD"\) \+ "-x"/);
    assert.doesNotMatch(source, /fill\("user-\$\{PASSWORD\}/);
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

  test('replays only successful non-control calls, after loading the website', async () => {
    const run = await dryRun(await emit(loginFlow()), { PASSWORD: 'x' });
    assert.deepEqual(run.steps.map((s) => s.split(' ')[1]), ['navigate', 'type', 'type', 'click', 'setText']);
    assert.equal(run.calls[0], 'goto("http://127.0.0.1:9/app")');
  });

  test('several candidates go through locate(); one candidate is a plain locator', async () => {
    const source = await emit(loginFlow());
    assert.match(source, /const el = await locate\(page, \["#pw", "input\[name=\\"pw\\"\]"\]\);/);
    assert.match(source, /const el = page\.locator\("#go"\);/);
    assert.match(source, /^async function locate\(page, candidates, intent\)/m, 'the helper is inlined');
    assert.doesNotMatch(source, /^export /m);
    assert.doesNotMatch(source, /ref=/, 'observation refs never reach the code');
  });

  test('no helper is inlined when nothing needs it', async () => {
    const cf = codegenFlow(flowMeta(), [call('click', { selector: '#a' }, ['#a']), call('assertUrl', { pattern: 'done' })]);
    const source = await emit(cf);
    assert.doesNotMatch(source, /function locate|function env/);
    assert.equal(await syntaxErrors(source), '');
  });

  test('options: headed, slow motion, self-healing, AI variant', async () => {
    const plain = await emit(loginFlow());
    assert.deepEqual((await dryRun(plain, { PASSWORD: 'x' })).uses, []);
    assert.match(plain, /const OPTIONS = \{"selfHealing":true,"aiHealing":false\};/);
    assert.doesNotMatch(plain, /BROWSERFLOW_AI_BASE_URL|function aiHeal/);

    const headed = await emit(loginFlow(), { runInHeadedMode: true, slowMotionDelay: 250 });
    const uses = (await dryRun(headed, { PASSWORD: 'x' })).uses;
    assert.deepEqual(uses[0], { headless: false });
    assert.match(headed, /slowMo: 250 \}\); \}, \{ scope: 'worker' \}\] \}\);/);

    const ai = await emit(loginFlow(), { testScriptVariant: 'ai' });
    assert.match(ai, /"aiHealing":true/);
    assert.match(ai, /process\.env\.BROWSERFLOW_AI_BASE_URL/);
    assert.match(ai, /ariaSnapshot/);
    assert.match(ai, /locate\(page, \["#go"\], \{"tool":"click","parameters":\{"selector":\["#go"\]\}\}\)/, 'every element heals in the ai variant, with its intent');

    const noHealing = await emit(loginFlow(), { testScriptVariant: 'ai', disableSelfHealingTests: true });
    assert.match(noHealing, /const OPTIONS = \{"selfHealing":false,"aiHealing":false\};/);
    assert.doesNotMatch(noHealing, /function aiHeal/);
  });

  test('a call recorded only as ref= cannot become code', async () => {
    const cf = codegenFlow(flowMeta(), [call('click', { selector: 'ref=9' }, null)]);
    await assert.rejects(emit(cf), (e: unknown) => e instanceof ApiError && e.code === 'INVALID_REQUEST' && /ref=9/.test(e.message));
  });
});
