import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createScriptEmitter } from '../../../plugins/codegen/playwright/emitters';
import { createLogger } from '../../../lib/logging/logger';
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';
import { call, codegenFlow, DEFAULT_OPTIONS, flowMeta, SET_TEXT_TOOL } from './fixtures/flows';
import { dryRun } from './fixtures/dry-run';

const emitter = createScriptEmitter(createLogger('silent'));

/** The Playwright calls one recorded call replays as (after the initial goto). */
async function replay(c: ToolCallRecord, env: Record<string, string> = {}): Promise<string[]> {
  const flow = flowMeta({ envVars: ['V'], customTools: [SET_TEXT_TOOL] });
  const source = await emitter.emitScript!(codegenFlow(flow, [c]), DEFAULT_OPTIONS);
  const run = await dryRun(source, { V: 'val', ...env });
  // Drop the dialog listener and the first goto, keep what the step did.
  const start = run.calls.indexOf('goto("/app")');
  return run.calls.slice(start + 1);
}

const CASES: [string, ToolCallRecord, string[]][] = [
  ['navigate (absolute)', call('navigate', { url: 'https://a.test/${V}' }), ['goto("https://a.test/val")']],
  ['navigate (relative)', call('navigate', { url: '/next' }), ['url()', 'goto("http://127.0.0.1/next")']],
  ['goBack', call('goBack', {}), ['goBack()']],
  ['goForward', call('goForward', {}), ['goForward()']],
  ['reload', call('reload', {}), ['reload()']],
  ['click', call('click', { selector: '#a' }, ['#a']), ['locator("#a")', 'locator("#a").click()']],
  ['doubleClick', call('doubleClick', { selector: '#a' }, ['#a']), ['locator("#a")', 'locator("#a").dblclick()']],
  ['hover', call('hover', { selector: '#a' }, ['#a']), ['locator("#a")', 'locator("#a").hover()']],
  ['type (replace)', call('type', { selector: '#a', text: 'x${V}', pressEnter: true }, ['#a']),
    ['locator("#a")', 'locator("#a").fill("xval")', 'locator("#a").press("Enter")']],
  ['type (append)', call('type', { selector: '#a', text: 'y', clear: false }, ['#a']),
    ['locator("#a")', 'locator("#a").focus()', 'locator("#a").evaluate(fn)', 'keyboard.type("y")']],
  ['type (focused element)', call('type', { text: 'z' }), ['keyboard.press("ControlOrMeta+A")', 'keyboard.press("Delete")', 'keyboard.type("z")']],
  ['pressKey', call('pressKey', { key: 'Escape' }), ['keyboard.press("Escape")']],
  ['selectOption', call('selectOption', { selector: '#s', values: ['a', 'b'] }, ['#s']), ['locator("#s")', 'locator("#s").selectOption(["a","b"])']],
  ['check', call('check', { selector: '#c' }, ['#c']), ['locator("#c")', 'locator("#c").check()']],
  ['uncheck', call('uncheck', { selector: '#c' }, ['#c']), ['locator("#c")', 'locator("#c").uncheck()']],
  ['scroll (page)', call('scroll', { direction: 'down' }), ['viewportSize()', 'mouse.move(50, 40)', 'mouse.wheel(0, 64)']],
  ['scroll (element)', call('scroll', { direction: 'left', selector: '#p' }, ['#p']),
    ['locator("#p")', 'locator("#p").scrollIntoViewIfNeeded()', 'locator("#p").evaluate(fn)']],
  ['wait', call('wait', { ms: 1500 }), ['waitForTimeout(1500)']],
  ['waitForSelector visible', call('waitForSelector', { selector: '#w', state: 'visible', timeoutMs: 900 }, ['#w']),
    ['locator("#w")', 'locator("#w").waitFor({"state":"visible","timeout":900})']],
  ['waitForSelector hidden', call('waitForSelector', { selector: ['#w', 'text=W'], state: 'hidden' }),
    ['locator("#w")', 'expect.toBeHidden()', 'getByText("W")', 'expect.toBeHidden()']],
  ['assertText', call('assertText', { text: 'Hi ${V}', timeoutMs: 3000 }), ['getByText("Hi val")', 'getByText("Hi val").first()', 'expect.toBeVisible({"timeout":3000})']],
  ['assertElement enabled', call('assertElement', { selector: '#e', state: 'enabled' }, ['#e']), ['locator("#e")', 'expect.toBeEnabled()']],
  ['assertElement unchecked', call('assertElement', { selector: '#e', state: 'unchecked' }, ['#e']), ['locator("#e")', 'expect.not.toBeChecked()']],
  ['assertElement detached', call('assertElement', { selector: '#e', state: 'detached' }), ['locator("#e")', 'expect.not.toBeAttached()']],
  ['assertUrl substring', call('assertUrl', { pattern: '/a.b?c' }), ['expect.toHaveURL(/\\/a\\.b\\?c/)']],
  ['assertUrl regex', call('assertUrl', { pattern: '/^https:\\/\\/x/gi' }), ['expect.toHaveURL(/^https:\\/\\/x/i)']],
  ['extractText', call('extractText', { selector: '#t' }, ['#t']), ['locator("#t")', 'locator("#t").innerText()']],
  ['extractText (page)', call('extractText', {}), ['locator("body")', 'locator("body").innerText()']],
  ['switchTab index', call('switchTab', { index: 1 }), ['context.pages()', 'expect.poll.toBeGreaterThan(1)', 'context.pages()', 'bringToFront()']],
  ['switchTab url', call('switchTab', { urlContains: 'pay' }), ['context.pages()', 'url()', 'expect.poll.toBe(true)', 'context.pages()', 'url()', 'bringToFront()']],
  ['uploadFile', call('uploadFile', { selector: '#f', fileName: 'a.pdf' }, ['#f']),
    ['locator("#f")', `locator("#f").setInputFiles(${JSON.stringify(`${process.cwd()}/uploads/a.pdf`)})`]],
  ['custom tool', call('setText', { id: 'o', text: '${V}' }),
    [`evaluate(${JSON.stringify(`(async (params) => {\n${SET_TEXT_TOOL.javascript}\n})({"id":"o","text":"val"})`)})`]],
];

describe('tool -> Playwright mapping', () => {
  for (const [label, c, expected] of CASES) {
    test(label, async () => {
      assert.deepEqual(await replay(c), expected);
    });
  }

  test('handleDialog answers every later dialog with the recorded policy', async () => {
    const flow = flowMeta({ envVars: ['V'] });
    const source = await emitter.emitScript!(codegenFlow(flow, [call('handleDialog', { accept: true, promptText: 'p ${V}' })]), DEFAULT_OPTIONS);
    assert.match(source, /context\.on\('dialog'/);
    assert.match(source, /dialogPolicy = \{ accept: true, promptText: 'p ' \+ env\('V'\) \};/);
    const run = await dryRun(source, { V: 'val' });
    assert.equal(run.calls[0], 'context.on("dialog", fn)', 'the listener exists before the first action');
  });

  test('a tool with no Playwright equivalent fails its step; a query tool is skipped', async () => {
    const flow = flowMeta();
    const cf = codegenFlow(flow, [call('observe', {}), call('drawOnCanvas', { x: 1 })]);
    cf.tools.set('observe', { name: 'observe', kind: 'query' });
    cf.tools.set('drawOnCanvas', { name: 'drawOnCanvas', kind: 'action' });
    const source = await emitter.emitScript!(cf, DEFAULT_OPTIONS);
    assert.match(source, /\/\/ 'observe' only read the page: nothing to replay\./);
    await assert.rejects(dryRun(source, {}), /Tool "drawOnCanvas" has no Playwright equivalent/);
  });
});

describe('step titles: every built-in tool in words', () => {
  const TITLES: [ToolCallRecord, string][] = [
    [call('navigate', { url: 'http://127.0.0.1:9/app/login' }), 'Go to /app/login'],
    [call('navigate', { url: 'https://elsewhere.test/x' }), 'Go to https://elsewhere.test/x'],
    [call('goBack', {}), 'Go back'],
    [call('goForward', {}), 'Go forward'],
    [call('reload', {}), 'Reload the page'],
    [call('click', { selector: 'r' }, ['[data-testid="save"]', 'role=button[name="Save"]']), 'Click button "Save"'],
    [call('click', { selector: 'r' }, ['[data-testid="save"]']), 'Click test id "save"'],
    [call('click', { selector: 'r', button: 'right' }, ['role=link[name="Docs"]']), 'Right-click link "Docs"'],
    [call('doubleClick', { selector: 'r' }, ['text="Row 1"']), 'Double-click "Row 1"'],
    [call('hover', { selector: 'r' }, ['role=menuitem[name="File"]']), 'Hover over menuitem "File"'],
    [call('type', { selector: 'r', text: 'ada@acme.test' }, ['role=textbox[name="Email"]', 'internal:label="Email"s']), 'Fill "Email" with "ada@acme.test"'],
    [call('type', { selector: 'r', text: '${V}', pressEnter: true }, ['internal:label="Password"s']), 'Fill "Password" with ${V} and press Enter'],
    [call('type', { selector: 'r', text: '!', clear: false }, ['#note']), 'Type "!" into #note'],
    [call('type', { text: 'hello' }), 'Fill the focused field with "hello"'],
    [call('type', { text: 'hello', clear: false }), 'Type "hello"'],
    [call('pressKey', { key: 'Control+A' }), 'Press Control+A'],
    [call('selectOption', { selector: 'r', values: ['a', 'b'] }, ['role=listbox[name="Tags"]']), 'Select "a", "b" in "Tags"'],
    [call('check', { selector: 'r' }, ['role=checkbox[name="Agree"]']), 'Check "Agree"'],
    [call('uncheck', { selector: 'r' }, ['input[placeholder="Remember"]']), 'Uncheck the field "Remember"'],
    [call('uploadFile', { selector: 'r', fileName: 'cv.pdf' }, ['#file']), 'Upload "cv.pdf" to #file'],
    [call('scroll', { direction: 'down' }), 'Scroll down'],
    [call('scroll', { direction: 'left', selector: 'r' }, ['role=region[name="Gallery"]']), 'Scroll region "Gallery" left'],
    [call('wait', { ms: 1500 }), 'Wait 1.5 s'],
    [call('wait', { ms: 20 }), 'Wait 20 ms'],
    [call('waitForSelector', { selector: '#spinner', state: 'hidden' }), 'Wait for #spinner to be hidden'],
    [call('assertElement', { selector: 'r', state: 'enabled' }, ['role=button[name="Pay"]']), 'Expect button "Pay" to be enabled'],
    [call('assertText', { text: 'Welcome' }), 'Expect text "Welcome"'],
    [call('assertUrl', { pattern: '/done' }), 'Expect the URL to contain "/done"'],
    [call('assertUrl', { pattern: '/^https:/i' }), 'Expect the URL to match /^https:/i'],
    [call('extractText', { selector: 'r' }, ['internal:attr=[alt="Logo"s]']), 'Read the text of image "Logo"'],
    [call('extractText', {}), 'Read the page text'],
    [call('switchTab', { index: 1 }), 'Switch to the second tab'],
    [call('switchTab', { urlContains: 'pay' }), 'Switch to the tab whose URL contains "pay"'],
    [call('handleDialog', { accept: true, promptText: 'yes' }), 'Accept dialogs from now on, answering prompts with "yes"'],
    [call('handleDialog', { accept: false }), 'Dismiss dialogs from now on'],
    [call('setText', { id: 'o', text: '${V}', n: 2 }), 'Run setText with id "o", text ${V}, n 2'],
  ];
  test('titles', async () => {
    const flow = flowMeta({ envVars: ['V'], customTools: [SET_TEXT_TOOL] });
    const source = await emitter.emitScript!(codegenFlow(flow, TITLES.map(([c]) => c)), DEFAULT_OPTIONS);
    const run = await dryRun(source, { V: 'val' });
    assert.deepEqual(run.steps, TITLES.map(([, title]) => title));
  });
});

test('custom tools get functions whose names cannot clash with the test or each other', async () => {
  const tool = (name: string) => ({ ...SET_TEXT_TOOL, name });
  const flow = flowMeta({ customTools: [tool('page'), tool('pageTool'), tool('delete')] });
  const source = await emitter.emitScript!(codegenFlow(flow, [call('page', {}), call('pageTool', {}), call('delete', {}), call('page', {})]), DEFAULT_OPTIONS);
  assert.match(source, /const pageTool = \(params\) => page\.evaluate\(/);
  assert.match(source, /const pageTool2 = \(params\) => page\.evaluate\(/);
  assert.match(source, /const deleteTool = \(params\) => page\.evaluate\(/);
  assert.deepEqual((await dryRun(source, {})).steps, ['Run page', 'Run pageTool', 'Run delete', 'Run page']);
});
