/**
 * The Playwright code of one recorded tool call: a readable step title and
 * the statements of every built-in tool (docs/codegen.md has the table),
 * custom tools through page.evaluate, and a clear failure for tools with no
 * Playwright equivalent.
 */
import type { CustomTool, ToolCallRecord } from '../../../kernel/flows/flow-types';
import type { ToolKind } from '../../../lib/tool-calls/tool-contract';
import { originOf, pathOnOrigin } from './base-url';
import { escapeRegExp, parseRegexPattern, regexLiteral, str, valueExpr } from './js-literal';
import { customToolFunction } from './custom-tool-code';
import { elementCode, elementRef, type ElementCode } from './element-code';
import type { LocatorOptions } from './locator-code';
import { duration, elementName, IMPLIED_ROLES, oneLine, parameterList, quoted, tabName } from './step-title';
import { extractStep } from './data-code';

/** What the test file around the steps must provide, collected while emitting. */
export interface Features {
  locate: boolean;
  tabs: boolean;
  dialogs: boolean;
  uploads: boolean;
  /** The test reads the `baseURL` fixture (URL checks on the recorded origin). */
  baseURL: boolean;
  /** An `extract` step converts page text with textToValue(). */
  extract?: boolean;
}

export interface CallContext {
  typescript: boolean;
  /** The flow's envVars: `${NAME}` of these become env('NAME'). */
  envNames: ReadonlySet<string>;
  /** The envVars that are TOTP secrets: `${NAME}` becomes totp('NAME'), the current code. */
  totpNames?: ReadonlySet<string>;
  /** The flow's resultSchema: the schema of an `extract` that names none. */
  resultSchema?: Record<string, unknown> | null;
  /** Env names actually read by the emitted code. */
  usedEnv: Set<string>;
  /** AI healing: every element goes through locate(). */
  ai: boolean;
  features: Features;
  customTools: Map<string, CustomTool>;
  /** Custom tools the steps call, by tool name: the name of their function in the test. */
  usedCustomTools: Map<string, string>;
  locators: LocatorOptions;
  /** The origin relative URLs are written against (the config's baseURL), if any. */
  origin: string | null;
}

/** One replayed call: a test.step, or only a comment when there is nothing to replay. */
export type StepCode = { title: string; lines: string[] } | { comment: string };

const SCROLL: Record<string, [number, number]> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
const STATE_MATCHER: Record<string, string> = {
  visible: 'toBeVisible', hidden: 'toBeHidden', enabled: 'toBeEnabled', disabled: 'toBeDisabled',
  checked: 'toBeChecked', unchecked: 'not.toBeChecked', attached: 'toBeAttached', detached: 'not.toBeAttached',
};
/** States an absent element satisfies: checked on every candidate, without failover. */
const ABSENT_STATES = new Set(['hidden', 'detached']);

/**
 * The step replaying `call`. `candidates` maps each element parameter to its
 * replay candidates (see lib/export/rerun.ts). Throws ApiError
 * INVALID_REQUEST when an element has no candidate Playwright's public API
 * can express.
 */
export function stepCode(call: ToolCallRecord, kind: ToolKind | undefined, candidates: Map<string, string[]>, ctx: CallContext): StepCode {
  const p = call.parameters;
  const v = (value: unknown) => valueExpr(value, ctx.envNames, ctx.usedEnv, ctx.totpNames);
  const timeoutMs = typeof p.timeoutMs === 'number' ? Math.max(0, Math.floor(p.timeoutMs)) : null;
  const timeout = timeoutMs === null ? '' : `{ timeout: ${timeoutMs} }`;
  const has = (param: string) => candidates.has(param);
  // Selectors read `${NAME}` from the environment too, as the driver substitutes them.
  const element = (param = 'selector'): ElementCode => elementCode(call, param, candidates.get(param) ?? [], { ...ctx.locators, literal: v });
  /** The statements around `el`: `uses` says how many statements act on it. */
  const acting = (el: ElementCode, title: string, uses: number, body: (ref: string) => string[]): StepCode => {
    const { setup, ref, locate } = elementRef(el, uses, ctx.ai);
    if (locate) ctx.features.locate = true;
    return { title, lines: [...setup, ...body(ref)] };
  };

  switch (call.name) {
    case 'navigate':
      return navigate(call, v, ctx);
    case 'goBack': return { title: 'Go back', lines: ['await page.goBack();'] };
    case 'goForward': return { title: 'Go forward', lines: ['await page.goForward();'] };
    case 'reload': return { title: 'Reload the page', lines: ['await page.reload();'] };
    case 'click': {
      const el = element();
      const opts: string[] = [];
      let verb = 'Click';
      if (typeof p.button === 'string' && p.button !== 'left') {
        opts.push(`button: ${str(p.button)}`);
        verb = p.button === 'right' ? 'Right-click' : p.button === 'middle' ? 'Middle-click' : `Click (${p.button} button)`;
      }
      const times = typeof p.clickCount === 'number' && p.clickCount > 1 ? Math.floor(p.clickCount) : 1;
      if (times > 1) opts.push(`clickCount: ${times}`);
      const title = `${verb} ${elementName(el.targets)}${times > 1 ? ` ${times} times` : ''}`;
      return acting(el, title, 1, (ref) => [`await ${ref}.click(${opts.length ? `{ ${opts.join(', ')} }` : ''});`]);
    }
    case 'doubleClick': {
      const el = element();
      return acting(el, `Double-click ${elementName(el.targets)}`, 1, (ref) => [`await ${ref}.dblclick();`]);
    }
    case 'hover': {
      const el = element();
      return acting(el, `Hover over ${elementName(el.targets)}`, 1, (ref) => [`await ${ref}.hover();`]);
    }
    case 'type':
      return type(p, v, has('selector') ? element() : null, acting, ctx.typescript);
    case 'pressKey':
      return { title: `Press ${oneLine(String(p.key ?? ''))}`, lines: [`await page.keyboard.press(${v(p.key)});`] };
    case 'selectOption': {
      const el = element();
      const values = Array.isArray(p.values) ? p.values : [p.values];
      const title = `Select ${values.map((x) => quoted(String(x))).join(', ')} in ${elementName(el.targets, IMPLIED_ROLES.select)}`;
      return acting(el, title, 1, (ref) => [`await ${ref}.selectOption(${v(p.values ?? [])});`]);
    }
    case 'check':
    case 'uncheck': {
      const el = element();
      const title = `${call.name === 'check' ? 'Check' : 'Uncheck'} ${elementName(el.targets, IMPLIED_ROLES.check)}`;
      return acting(el, title, 1, (ref) => [`await ${ref}.${call.name}();`]);
    }
    case 'uploadFile': {
      ctx.features.uploads = true;
      const el = element();
      const names = Array.isArray(p.fileName) ? p.fileName : [p.fileName];
      const paths = names.map((n) => `path.resolve(process.env.BROWSERFLOW_UPLOAD_DIR ?? 'uploads', ${v(n)})`);
      const title = `Upload ${names.map((n) => quoted(String(n))).join(', ')} to ${elementName(el.targets)}`;
      return acting(el, title, 1, (ref) => [`await ${ref}.setInputFiles(${paths.length === 1 ? paths[0] : `[${paths.join(', ')}]`});`]);
    }
    case 'scroll': {
      const direction = SCROLL[String(p.direction)] ? String(p.direction) : 'down';
      const [dx, dy] = SCROLL[direction];
      if (!has('selector')) {
        return {
          title: `Scroll ${direction}`,
          lines: [
            '// The mouse wheel over the middle of the page, as recorded, so inner scrollers move too.',
            'const { width, height } = page.viewportSize() ?? { width: 1280, height: 720 };',
            'await page.mouse.move(width / 2, height / 2);',
            `await page.mouse.wheel(${wheel(dx, 'width')}, ${wheel(dy, 'height')});`,
          ],
        };
      }
      const el = element();
      return acting(el, `Scroll ${elementName(el.targets)} ${direction}`, 2, (ref) => [
        `await ${ref}.scrollIntoViewIfNeeded();`,
        `await ${ref}.evaluate((node) => node.scrollBy({ left: ${wheel(dx, 'node.clientWidth')}, top: ${wheel(dy, 'node.clientHeight')}, behavior: 'instant' }));`,
      ]);
    }
    case 'wait': {
      const ms = Math.max(0, Math.floor(Number(p.ms) || 0));
      return { title: `Wait ${duration(ms)}`, lines: [`await page.waitForTimeout(${ms});`] };
    }
    case 'waitForSelector':
    case 'assertElement': {
      const state = STATE_MATCHER[String(p.state)] ? String(p.state) : 'visible';
      const el = element();
      const title = `${call.name === 'waitForSelector' ? 'Wait for' : 'Expect'} ${elementName(el.targets)} to be ${state}`;
      const matcher = STATE_MATCHER[state];
      if (ABSENT_STATES.has(state)) {
        // Gone means gone under every recorded selector: no failover to pick one.
        return { title, lines: el.codes.map((c) => `await expect(${c}).${matcher}(${timeout});`) };
      }
      if (call.name === 'waitForSelector' && (state === 'visible' || state === 'attached')) {
        return acting(el, title, 1, (ref) => [`await ${ref}.waitFor({ state: ${str(state)}${timeoutMs === null ? '' : `, timeout: ${timeoutMs}`} });`]);
      }
      return acting(el, title, 1, (ref) => [`await expect(${ref}).${matcher}(${timeout});`]);
    }
    case 'assertText':
      return {
        title: `Expect text ${quoted(String(p.text ?? ''))}`,
        lines: [`await expect(page.getByText(${v(p.text ?? '')}).first()).toBeVisible(${timeout});`],
      };
    case 'assertUrl':
      return assertUrl(String(p.pattern ?? ''), v, timeout, ctx);
    case 'extractText': {
      if (!has('selector')) return { title: 'Read the page text', lines: ["await page.locator('body').innerText(); // the flow read the page text"] };
      const el = element();
      return acting(el, `Read the text of ${elementName(el.targets)}`, 1, (ref) => [`await ${ref}.innerText(); // the flow read this text`]);
    }
    case 'switchTab':
      return switchTab(p, v, ctx);
    case 'extract':
      return extractStep(call, ctx, v);
    case 'handleDialog': {
      ctx.features.dialogs = true;
      const answer = typeof p.promptText === 'string' && p.promptText !== '' ? `, answering prompts with ${quoted(p.promptText)}` : '';
      return {
        title: p.accept === true ? `Accept dialogs from now on${answer}` : 'Dismiss dialogs from now on',
        lines: [`dialogPolicy = { accept: ${p.accept === true}, promptText: ${p.promptText === undefined ? "''" : v(p.promptText)} };`],
      };
    }
  }
  const custom = ctx.customTools.get(call.name);
  const params = Object.keys(p).length ? ` with ${parameterList(p)}` : '';
  if (custom) {
    const fn = customToolFunction(custom.name, ctx.usedCustomTools);
    return { title: `Run ${custom.name}${params}`, lines: [`await ${fn}(${v(p)});`] };
  }
  if (kind === 'query') return { comment: `${str(call.name)} only read the page: nothing to replay.` };
  return {
    title: `Run ${oneLine(call.name)}${params}`,
    lines: [`throw new Error(${str(`Tool "${call.name}" has no Playwright equivalent in the generated code; replace this step by hand.`)});`],
  };
}

function wheel(sign: number, size: string): string {
  return sign === 0 ? '0' : `${sign < 0 ? '-' : ''}${size} * 0.8`;
}

type Acting = (el: ElementCode, title: string, uses: number, body: (ref: string) => string[]) => StepCode;

function type(p: Record<string, unknown>, v: (x: unknown) => string, el: ElementCode | null, acting: Acting, typescript: boolean): StepCode {
  const text = String(p.text ?? '');
  const enter = p.pressEnter === true;
  const then = enter ? ' and press Enter' : '';
  if (!el) {
    // Into the focused element; `clear` (default true) empties it first.
    const clear = p.clear !== false;
    return {
      title: clear ? `Fill the focused field with ${quoted(text)}${then}` : `Type ${quoted(text)}${then}`,
      lines: [
        ...(clear ? ["await page.keyboard.press('ControlOrMeta+A');", "await page.keyboard.press('Delete');"] : []),
        `await page.keyboard.type(${v(text)});`,
        ...(enter ? ["await page.keyboard.press('Enter');"] : []),
      ],
    };
  }
  if (p.clear === false) {
    return acting(el, `Type ${quoted(text)} into ${elementName(el.targets)}${then}`, 2 + Number(enter), (ref) => [
      `await ${ref}.focus();`,
      '// After the current value, not where focus() left the caret.',
      `await ${ref}.evaluate((node${typescript ? ': HTMLInputElement' : ''}) => { try { node.setSelectionRange(node.value.length, node.value.length); } catch {} });`,
      `await page.keyboard.type(${v(text)});`,
      ...(enter ? [`await ${ref}.press('Enter');`] : []),
    ]);
  }
  return acting(el, `Fill ${elementName(el.targets, IMPLIED_ROLES.fill)} with ${quoted(text)}${then}`, 1 + Number(enter), (ref) => [
    `await ${ref}.fill(${v(text)});`,
    ...(enter ? [`await ${ref}.press('Enter');`] : []),
  ]);
}

/** goto: a path relative to baseURL when the URL is on the recorded origin. */
function navigate(call: ToolCallRecord, v: (x: unknown) => string, ctx: CallContext): StepCode {
  const url = String(call.parameters.url ?? '');
  const path = pathOnOrigin(url, ctx.origin);
  if (path !== null) return { title: `Go to ${oneLine(path)}`, lines: [`await page.goto(${v(path)});`] };
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return { title: `Go to ${oneLine(url)}`, lines: [`await page.goto(${v(url)});`] };
  // Recorded relative to the page: a path the page's origin resolved, that origin being the base one.
  if (url.startsWith('/') && !url.startsWith('//') && ctx.origin && originOf(call.pageUrl ?? '') === ctx.origin) {
    return { title: `Go to ${oneLine(url)}`, lines: [`await page.goto(${v(url)});`] };
  }
  return { title: `Go to ${oneLine(url)}`, lines: [`await page.goto(new URL(${v(url)}, page.url()).href);`] };
}

/**
 * toHaveURL: a `/regex/flags` pattern as written (g and y dropped: they make
 * a RegExp stateful between retries), a substring as an escaped regex, and
 * a substring on the recorded origin checked against the baseURL instead.
 */
function assertUrl(pattern: string, v: (x: unknown) => string, timeout: string, ctx: CallContext): StepCode {
  const options = timeout ? `, ${timeout}` : '';
  const re = parseRegexPattern(pattern);
  if (re) {
    return { title: `Expect the URL to match ${oneLine(pattern)}`, lines: [`await expect(page).toHaveURL(${regexLiteral(re.source, re.flags.replace(/[gy]/g, ''))}${options});`] };
  }
  const path = pathOnOrigin(pattern, ctx.origin);
  if (path !== null) {
    ctx.features.baseURL = true;
    return {
      title: `Expect the URL to contain ${quoted(path)}`,
      lines: [`await expect(page).toHaveURL((url) => url.href.includes(new URL(${v(path)}, baseURL).href)${options});`],
    };
  }
  return { title: `Expect the URL to contain ${quoted(pattern)}`, lines: [`await expect(page).toHaveURL(${regexLiteral(escapeRegExp(pattern), '')}${options});`] };
}

function switchTab(p: Record<string, unknown>, v: (x: unknown) => string, ctx: CallContext): StepCode {
  ctx.features.tabs = true;
  if (typeof p.index === 'number') {
    const i = Math.max(0, Math.floor(p.index));
    return {
      title: `Switch to ${tabName(i)}`,
      lines: [`await expect.poll(() => context.pages().length).toBeGreaterThan(${i});`, `page = context.pages()[${i}];`, 'await page.bringToFront();'],
    };
  }
  const text = String(p.urlContains ?? '');
  const path = pathOnOrigin(text, ctx.origin);
  if (path !== null) ctx.features.baseURL = true;
  const part = path !== null ? `new URL(${v(path)}, baseURL).href` : v(text);
  const bang = ctx.typescript ? '!' : '';
  return {
    title: `Switch to the tab whose URL contains ${quoted(path ?? text)}`,
    lines: [
      `const urlPart = ${part};`,
      'await expect.poll(() => context.pages().some((tab) => tab.url().includes(urlPart))).toBe(true);',
      `page = context.pages().find((tab) => tab.url().includes(urlPart))${bang};`,
      'await page.bringToFront();',
    ],
  };
}
