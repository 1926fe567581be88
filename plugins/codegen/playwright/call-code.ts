/**
 * The Playwright code of one recorded tool call: the readable mapping of
 * every built-in tool (docs/codegen.md has the table), custom tools through
 * page.evaluate, and a clear failure for tools with no Playwright equivalent.
 */
import { ApiError } from '../../../kernel/errors';
import type { CustomTool, ToolCallRecord } from '../../../kernel/flows/flow-types';
import type { ToolKind } from '../../../kernel/contracts/tool';
import { escapeRegExp, lit, parseRegexPattern, valueExpr } from './js-literal';

/** What the test file around the calls must provide, collected while emitting. */
export interface Features {
  locate: boolean;
  tabs: boolean;
  dialogs: boolean;
  uploads: boolean;
}

export interface CallContext {
  /** The flow's envVars: `${NAME}` of these become env("NAME"). */
  envNames: ReadonlySet<string>;
  /** Env names actually read by the emitted code. */
  usedEnv: Set<string>;
  /** AI healing: every element goes through locate() with the recorded intent. */
  ai: boolean;
  features: Features;
  customTools: Map<string, CustomTool>;
}

const SCROLL: Record<string, [number, number]> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
const STATE_MATCHER: Record<string, string> = {
  visible: 'toBeVisible', hidden: 'toBeHidden', enabled: 'toBeEnabled', disabled: 'toBeDisabled',
  checked: 'toBeChecked', unchecked: 'not.toBeChecked', attached: 'toBeAttached', detached: 'not.toBeAttached',
};
/** States an absent element satisfies: checked on every candidate, without failover. */
const ABSENT_STATES = new Set(['hidden', 'detached']);

/**
 * Statement lines (unindented) replaying `call`. `candidates` maps each
 * element parameter to its replay candidates (see kernel/flows/rerun.ts).
 */
export function callLines(call: ToolCallRecord, kind: ToolKind | undefined, candidates: Map<string, string[]>, ctx: CallContext): string[] {
  const p = call.parameters;
  const v = (value: unknown) => valueExpr(value, ctx.envNames, ctx.usedEnv);
  // The recorded timeoutMs of waits and assertions; else Playwright's default.
  const timeoutMs = typeof p.timeoutMs === 'number' ? Math.max(0, Math.floor(p.timeoutMs)) : null;
  const timeout = timeoutMs === null ? '' : `{ timeout: ${timeoutMs} }`;
  /** `const el = <Locator>` for an element parameter. */
  const el = (param = 'selector'): string => {
    const list = candidates.get(param) ?? [];
    if (list.length === 0) throw new ApiError('INVALID_REQUEST', `Tool call ${call.id} (${call.name}) cannot be turned into code: it has no "${param}".`);
    if (list.length === 1 && !ctx.ai) return `const el = page.locator(${v(list[0])});`;
    ctx.features.locate = true;
    // The intent a model sees: placeholders, never values; real selectors, never refs.
    const intent = ctx.ai ? `, ${lit({ tool: call.name, parameters: { ...p, [param]: list } })}` : '';
    return `const el = await locate(page, ${v(list)}${intent});`;
  };
  const stateCheck = (state: string, waitOnly: boolean): string[] => {
    const matcher = STATE_MATCHER[state] ?? STATE_MATCHER.visible;
    if (ABSENT_STATES.has(state)) {
      return [`for (const selector of ${v(candidates.get('selector') ?? [])}) {`, `  await expect(page.locator(selector)).${matcher}(${timeout});`, '}'];
    }
    if (waitOnly && (state === 'visible' || state === 'attached')) {
      return [el(), `await el.waitFor({ state: ${lit(state)}${timeoutMs === null ? '' : `, timeout: ${timeoutMs}`} });`];
    }
    return [el(), `await expect(el).${matcher}(${timeout});`];
  };

  switch (call.name) {
    case 'navigate':
      // A relative URL was resolved against the page's URL when recorded.
      return [/^[a-z][a-z0-9+.-]*:/i.test(String(p.url)) ? `await page.goto(${v(p.url)});` : `await page.goto(new URL(${v(p.url)}, page.url()).href);`];
    case 'goBack': return ['await page.goBack();'];
    case 'goForward': return ['await page.goForward();'];
    case 'reload': return ['await page.reload();'];
    case 'click': {
      const opts: string[] = [];
      if (typeof p.button === 'string' && p.button !== 'left') opts.push(`button: ${lit(p.button)}`);
      if (typeof p.clickCount === 'number' && p.clickCount > 1) opts.push(`clickCount: ${Math.floor(p.clickCount)}`);
      return [el(), `await el.click(${opts.length ? `{ ${opts.join(', ')} }` : ''});`];
    }
    case 'doubleClick': return [el(), 'await el.dblclick();'];
    case 'hover': return [el(), 'await el.hover();'];
    case 'type': {
      const enter = p.pressEnter === true;
      const text = v(p.text ?? '');
      if (!candidates.has('selector')) {
        // Into the focused element; `clear` (default true) empties it first.
        const clear = p.clear === false ? [] : ["await page.keyboard.press('ControlOrMeta+A');", "await page.keyboard.press('Delete');"];
        return [...clear, `await page.keyboard.type(${text});`, ...(enter ? ["await page.keyboard.press('Enter');"] : [])];
      }
      // `clear: false` types after the current value; otherwise the value is replaced.
      const write = p.clear === false
        ? ['await el.focus();', "await el.evaluate((node) => { try { node.setSelectionRange(node.value.length, node.value.length); } catch {} });", `await page.keyboard.type(${text});`]
        : [`await el.fill(${text});`];
      return [el(), ...write, ...(enter ? ["await el.press('Enter');"] : [])];
    }
    case 'pressKey': return [`await page.keyboard.press(${v(p.key)});`];
    case 'selectOption': return [el(), `await el.selectOption(${v(p.values ?? [])});`];
    case 'check': return [el(), 'await el.check();'];
    case 'uncheck': return [el(), 'await el.uncheck();'];
    case 'uploadFile': {
      ctx.features.uploads = true;
      const names = Array.isArray(p.fileName) ? p.fileName : [p.fileName];
      const paths = names.map((n) => `path.resolve(process.env.BROWSERFLOW_UPLOAD_DIR ?? 'uploads', ${v(n)})`);
      return [el(), `await el.setInputFiles(${paths.length === 1 ? paths[0] : `[${paths.join(', ')}]`});`];
    }
    case 'scroll': {
      const [dx, dy] = SCROLL[String(p.direction)] ?? SCROLL.down;
      if (!candidates.has('selector')) {
        // The mouse wheel over the middle of the page, as recorded, so inner scrollers move too.
        return [
          'const { width, height } = page.viewportSize();',
          'await page.mouse.move(width / 2, height / 2);',
          `await page.mouse.wheel(${dx} * width * 0.8, ${dy} * height * 0.8);`,
        ];
      }
      return [el(), 'await el.scrollIntoViewIfNeeded();', `await el.evaluate((node) => node.scrollBy({ left: ${dx} * node.clientWidth * 0.8, top: ${dy} * node.clientHeight * 0.8, behavior: 'instant' }));`];
    }
    case 'wait': return [`await page.waitForTimeout(${Math.max(0, Math.floor(Number(p.ms) || 0))});`];
    case 'waitForSelector': return stateCheck(String(p.state ?? 'visible'), true);
    case 'assertElement': return stateCheck(String(p.state ?? 'visible'), false);
    case 'assertText': return [`await expect(page.getByText(${v(p.text ?? '')}).first()).toBeVisible(${timeout});`];
    case 'assertUrl': {
      const pattern = String(p.pattern ?? '');
      const re = parseRegexPattern(pattern);
      // g and y make a RegExp stateful between the retries of toHaveURL.
      const source = re ? re.source : escapeRegExp(pattern);
      const flags = re ? re.flags.replace(/[gy]/g, '') : '';
      return [`await expect(page).toHaveURL(new RegExp(${lit(source)}${flags ? `, ${lit(flags)}` : ''})${timeout ? `, ${timeout}` : ''});`];
    }
    case 'extractText':
      return candidates.has('selector')
        ? [el(), 'await el.innerText(); // the flow read this text']
        : ["await page.locator('body').innerText(); // the flow read the page text"];
    case 'switchTab': return switchTab(p, v, ctx);
    case 'handleDialog': {
      ctx.features.dialogs = true;
      return [`dialogPolicy = { accept: ${p.accept === true}, promptText: ${p.promptText === undefined ? "''" : v(p.promptText)} };`];
    }
  }
  const custom = ctx.customTools.get(call.name);
  if (custom) {
    // The tool's code runs in the page, as when it was recorded; it stays a
    // string here so it can never run in the test process itself.
    const head = lit(`(async (params) => {\n${custom.javascript}\n})(`);
    return [`await page.evaluate(${head} + JSON.stringify(${v(p)}) + ')');`];
  }
  if (kind === 'query') return [`// ${lit(call.name)} only read the page: nothing to replay.`];
  return [`throw new Error(${lit(`Tool "${call.name}" has no Playwright equivalent in the generated code; replace this step by hand.`)});`];
}

function switchTab(p: Record<string, unknown>, v: (x: unknown) => string, ctx: CallContext): string[] {
  ctx.features.tabs = true;
  if (typeof p.index === 'number') {
    const i = Math.max(0, Math.floor(p.index));
    return [`await expect.poll(() => context.pages().length).toBeGreaterThan(${i});`, `page = context.pages()[${i}];`, 'await page.bringToFront();'];
  }
  const part = v(p.urlContains ?? '');
  return [
    `const urlPart = ${part};`,
    'await expect.poll(() => context.pages().some((p) => p.url().includes(urlPart))).toBe(true);',
    'page = context.pages().find((p) => p.url().includes(urlPart));',
    'await page.bringToFront();',
  ];
}
