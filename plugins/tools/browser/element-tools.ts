/** Tools that act on one element: they record selector candidates of what they acted on. */
import { resolve as resolvePath, relative, isAbsolute } from 'node:path';
import { existsSync, realpathSync } from 'node:fs';
import * as v from 'valibot';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { SelectorParam, elementReport, showTarget, shownMatch } from './params';

type Target = string | string[];

/** Resolves `fileName` inside `dir`; refuses anything that escapes it. Every refusal names the directory (settings.flows.uploadDir), so a person knows where to put the file. */
export function resolveUpload(dir: string, fileName: string): string {
  const where = `the upload directory (${dir}, settings.flows.uploadDir)`;
  const full = resolvePath(dir, fileName);
  const rel = relative(dir, full);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) throw new Error(`fileName "${fileName}" must name a file inside ${where}`);
  if (!existsSync(full)) throw new Error(`File "${fileName}" does not exist in ${where}; put it there, or name one that is`);
  const real = realpathSync(full);
  const realRel = relative(realpathSync(dir), real);
  if (realRel.startsWith('..') || isAbsolute(realRel)) throw new Error(`fileName "${fileName}" resolves outside ${where}`);
  return real;
}

/**
 * The element tools. Each sends its parameters to the element it acts on:
 * `${NAME}` values go only to an element whose frame's origin the value is
 * allowed on, which the driver checks once it found the element (`secretsGoTo: 'element'`).
 */
export const elementTools: ToolDefinition[] = ([
  {
    name: 'click', kind: 'action', elementParams: ['selector'],
    description: 'Click an element.',
    inputSchema: v.strictObject({ selector: SelectorParam }),
    async run(ctx, p: { selector: Target }) {
      const r = await ctx.session.click(p.selector);
      return { message: `Clicked ${shownMatch(r.matchedSelector)}`, ...elementReport(r) };
    },
  },
  {
    name: 'doubleClick', kind: 'action', elementParams: ['selector'],
    description: 'Double-click an element.',
    inputSchema: v.strictObject({ selector: SelectorParam }),
    async run(ctx, p: { selector: Target }) {
      const r = await ctx.session.click(p.selector, { clickCount: 2 });
      return { message: `Double-clicked ${shownMatch(r.matchedSelector)}`, ...elementReport(r) };
    },
  },
  {
    name: 'hover', kind: 'action', elementParams: ['selector'],
    description: 'Move the mouse over an element.',
    inputSchema: v.strictObject({ selector: SelectorParam }),
    async run(ctx, p: { selector: Target }) {
      const r = await ctx.session.hover(p.selector);
      return { message: `Hovered ${shownMatch(r.matchedSelector)}`, ...elementReport(r) };
    },
  },
  {
    name: 'type', kind: 'action', elementParams: ['selector'],
    description: 'Type text into an element (or the focused element when no selector is given). Use ${NAME} for secrets.',
    inputSchema: v.strictObject({
      text: v.pipe(v.string(), v.maxLength(100_000)),
      selector: v.optional(SelectorParam),
      clear: v.optional(v.boolean()),
      pressEnter: v.optional(v.boolean()),
    }),
    async run(ctx, p: { text: string; selector?: Target; clear?: boolean; pressEnter?: boolean }) {
      const r = await ctx.session.type(p.selector ?? null, p.text, { clear: p.clear ?? true, pressEnter: p.pressEnter ?? false });
      const where = r ? r.matchedSelector : 'the focused element';
      return { message: `Typed ${p.text.length} characters into ${where}${p.pressEnter ? ' and pressed Enter' : ''}`, ...elementReport(r) };
    },
  },
  {
    name: 'pressKey', kind: 'action',
    description: 'Press a key or chord on the focused element, e.g. "Enter", "Escape", "Control+A".',
    inputSchema: v.strictObject({ key: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) }),
    async run(ctx, p: { key: string }) {
      await ctx.session.pressKey(p.key);
      return { message: `Pressed ${p.key}` };
    },
  },
  {
    name: 'selectOption', kind: 'action', elementParams: ['selector'],
    description: 'Choose options of a <select> by value or visible label.',
    inputSchema: v.strictObject({ selector: SelectorParam, values: v.pipe(v.array(v.pipe(v.string(), v.maxLength(1000))), v.minLength(1), v.maxLength(100)) }),
    async run(ctx, p: { selector: Target; values: string[] }) {
      const r = await ctx.session.selectOption(p.selector, p.values);
      return { message: `Selected ${r.selected.join(', ')} in ${shownMatch(r.matchedSelector)}`, data: { selected: r.selected }, ...elementReport(r) };
    },
  },
  {
    name: 'check', kind: 'action', elementParams: ['selector'],
    description: 'Check a checkbox or radio button.',
    inputSchema: v.strictObject({ selector: SelectorParam }),
    async run(ctx, p: { selector: Target }) {
      const r = await ctx.session.setChecked(p.selector, true);
      return { message: `Checked ${shownMatch(r.matchedSelector)}`, ...elementReport(r) };
    },
  },
  {
    name: 'uncheck', kind: 'action', elementParams: ['selector'],
    description: 'Uncheck a checkbox.',
    inputSchema: v.strictObject({ selector: SelectorParam }),
    async run(ctx, p: { selector: Target }) {
      const r = await ctx.session.setChecked(p.selector, false);
      return { message: `Unchecked ${shownMatch(r.matchedSelector)}`, ...elementReport(r) };
    },
  },
  {
    name: 'uploadFile', kind: 'action', elementParams: ['selector'],
    description: 'Set the file of a file input; fileName names a file in the service\'s upload directory.',
    inputSchema: v.strictObject({ selector: SelectorParam, fileName: v.pipe(v.string(), v.minLength(1), v.maxLength(500)) }),
    async run(ctx, p: { selector: Target; fileName: string }) {
      const path = resolveUpload(ctx.uploadDir, p.fileName);
      const r = await ctx.session.uploadFile(p.selector, [path]);
      return { message: `Uploaded ${p.fileName} with ${shownMatch(r.matchedSelector)}`, ...elementReport(r) };
    },
  },
  {
    name: 'scroll', kind: 'action', elementParams: ['selector'],
    description: 'Scroll the page, or the given element, in a direction.',
    inputSchema: v.strictObject({ direction: v.picklist(['up', 'down', 'left', 'right']), selector: v.optional(SelectorParam) }),
    async run(ctx, p: { direction: 'up' | 'down' | 'left' | 'right'; selector?: Target }) {
      const r = await ctx.session.scroll(p.direction, p.selector);
      return { message: `Scrolled ${p.direction}${p.selector ? ` in ${showTarget(p.selector)}` : ''}`, ...elementReport(r) };
    },
  },
  {
    name: 'waitForSelector', kind: 'action', elementParams: ['selector'],
    description: 'Wait until an element is visible (or hidden, attached, detached).',
    inputSchema: v.strictObject({
      selector: SelectorParam,
      state: v.optional(v.picklist(['visible', 'hidden', 'attached', 'detached']), 'visible'),
      timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60_000))),
    }),
    async run(ctx, p: { selector: Target; state: 'visible' | 'hidden' | 'attached' | 'detached'; timeoutMs?: number }) {
      const r = await ctx.session.waitForSelector(p.selector, p.state, p.timeoutMs ?? ctx.actionTimeoutMs);
      return { message: `${showTarget(p.selector)} is ${p.state}`, ...elementReport(r) };
    },
  },
] as ToolDefinition[]).map((tool) => ({ ...tool, secretsGoTo: 'element' as const }));
