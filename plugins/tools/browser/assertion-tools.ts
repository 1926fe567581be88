/** Tools that check the page; a failed check fails the call (and a DETERMINISTIC flow). */
import * as v from 'valibot';
import type { ToolDefinition } from '../../../kernel/contracts/tool';
import { SelectorParam, showTarget, TimeoutParam } from './params';

type Target = string | string[];

/** The most text extractText hands a flow, in characters (the driver's result limit may cut it shorter). */
export const MAX_EXTRACTED_CHARS = 20_000;

export const assertionTools: ToolDefinition[] = [
  {
    name: 'assertText', kind: 'assertion',
    description: 'Check that a text is visible on the page.',
    inputSchema: v.strictObject({ text: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000)), timeoutMs: TimeoutParam }),
    async run(ctx, p: { text: string; timeoutMs?: number }) {
      const ok = await ctx.session.waitForText(p.text, p.timeoutMs ?? ctx.actionTimeoutMs);
      if (!ok) throw new Error(`Text "${p.text.slice(0, 200)}" is not visible on ${ctx.session.currentUrl()}`);
      return { message: `Text "${p.text.slice(0, 200)}" is visible` };
    },
  },
  {
    name: 'assertElement', kind: 'assertion', elementParams: ['selector'],
    description: 'Check the state of an element: visible, hidden, enabled, disabled, checked, unchecked, attached, detached.',
    inputSchema: v.strictObject({
      selector: SelectorParam,
      state: v.optional(v.picklist(['visible', 'hidden', 'enabled', 'disabled', 'checked', 'unchecked', 'attached', 'detached']), 'visible'),
      timeoutMs: TimeoutParam,
    }),
    async run(ctx, p: { selector: Target; state: 'visible'; timeoutMs?: number }) {
      const r = await ctx.session.checkElementState(p.selector, p.state, p.timeoutMs ?? ctx.actionTimeoutMs);
      if (!r.ok) throw new Error(`${showTarget(p.selector)} is not ${p.state}`);
      return { message: `${showTarget(p.selector)} is ${p.state}`, selectors: r.element?.selectors ?? null };
    },
  },
  {
    name: 'assertUrl', kind: 'assertion',
    description: 'Check that the current URL contains a text, or matches /regex/flags.',
    inputSchema: v.strictObject({ pattern: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)), timeoutMs: TimeoutParam }),
    async run(ctx, p: { pattern: string; timeoutMs?: number }) {
      const ok = await ctx.session.waitForUrl(p.pattern, p.timeoutMs ?? ctx.actionTimeoutMs);
      if (!ok) throw new Error(`URL ${ctx.session.currentUrl()} does not match ${p.pattern}`);
      return { message: `URL ${ctx.session.currentUrl()} matches ${p.pattern}` };
    },
  },
  {
    name: 'extractText', kind: 'query', elementParams: ['selector'],
    description: 'Read the visible text of an element, or of the whole page.',
    inputSchema: v.strictObject({ selector: v.optional(SelectorParam) }),
    async run(ctx, p: { selector?: Target }) {
      // Cut in the page: a huge page never crosses to the service whole.
      const r = await ctx.session.extractText(p.selector, { maxChars: MAX_EXTRACTED_CHARS });
      const where = p.selector ? ` from ${showTarget(p.selector)}` : '';
      if (!r.truncated) return { message: `Read ${r.length} characters${where}`, data: { text: r.text }, selectors: r.element?.selectors ?? null };
      return {
        message: `Read ${r.length} characters${where}; the first ${r.text.length} are kept`,
        data: { text: r.text, truncated: true, length: r.length },
        selectors: r.element?.selectors ?? null,
      };
    },
  },
];
