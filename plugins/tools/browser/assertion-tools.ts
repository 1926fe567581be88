/** Tools that check the page; a failed check fails the call (and a DETERMINISTIC flow). */
import * as v from 'valibot';
import type { ToolContext, ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { withTrials } from '../../../lib/selector-trials/selector-trials';
import { SelectorParam, elementReport, showTarget, TimeoutParam } from './params';

type Target = string | string[];

/** The most text extractText hands a flow, in characters (the driver's result limit may cut it shorter). */
export const MAX_EXTRACTED_CHARS = 20_000;
/** Read past a cut, so redaction sees a secret whole before the cut is made (the page sends this much more). */
const REDACT_SLACK = 256;

/** `text` redacted (when the flow gives its redaction), then cut to `max` characters. */
function redactThenCut(ctx: ToolContext, text: string, max: number): string {
  const redacted = ctx.redact ? ctx.redact(text) : text;
  return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
}

export const assertionTools: ToolDefinition[] = [
  {
    name: 'assertText', kind: 'assertion',
    description: 'Check that a text is visible on the page.',
    inputSchema: v.strictObject({ text: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000)), timeoutMs: TimeoutParam }),
    async run(ctx, p: { text: string; timeoutMs?: number }) {
      const ok = await ctx.session.waitForText(p.text, p.timeoutMs ?? ctx.actionTimeoutMs);
      // The text may hold a substituted ${VAR}: redacted before it is cut for the message.
      const shown = redactThenCut(ctx, p.text, 200);
      if (!ok) throw new Error(`Text "${shown}" is not visible on ${ctx.session.currentUrl()}`);
      return { message: `Text "${shown}" is visible` };
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
      const timeoutMs = p.timeoutMs ?? ctx.actionTimeoutMs;
      const r = await ctx.session.checkElementState(p.selector, p.state, timeoutMs);
      if (!r.ok) {
        // What was seen instead, and the candidates tried, so a failed check can be fixed without rerunning it.
        const seen = r.actual ? ` (${r.actual})` : '';
        throw withTrials(new Error(`${showTarget(p.selector)} is not ${p.state} within ${timeoutMs} ms${seen}`), { selectorUsed: r.selectorUsed ?? null, selectorsTried: r.selectorsTried ?? null });
      }
      return { message: `${showTarget(p.selector)} is ${p.state}`, ...elementReport(r.element) };
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
      // Cut in the page (a huge page never crosses to the service whole), with room for the redaction
      // to see a secret whole before the final cut here.
      const r = await ctx.session.extractText(p.selector, { maxChars: MAX_EXTRACTED_CHARS + REDACT_SLACK });
      const where = p.selector ? ` from ${showTarget(p.selector)}` : '';
      const redacted = ctx.redact ? ctx.redact(r.text) : r.text;
      if (!r.truncated && redacted.length <= MAX_EXTRACTED_CHARS) {
        return { message: `Read ${r.length} characters${where}`, data: { text: redacted }, ...elementReport(r.element) };
      }
      const text = redacted.slice(0, MAX_EXTRACTED_CHARS);
      return {
        message: `Read ${r.length} characters${where}; the first ${text.length} are kept`,
        data: { text, truncated: true, length: r.length },
        ...elementReport(r.element),
      };
    },
  },
];
