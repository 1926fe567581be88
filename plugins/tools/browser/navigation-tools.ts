/** Page-level tools: navigate, history, reload, tabs, dialogs, waiting. */
import * as v from 'valibot';
import type { LoadOutcome } from '../../../lib/page-actions/page-actions';
import type { ToolDefinition, ToolResult } from '../../../lib/tool-calls/tool-contract';
import { SECRET_NOT_ALLOWED } from '../../../lib/origins/secret-origins';

/** The longest `wait` a flow may ask for: a flow that sleeps longer is stuck, not waiting. */
export const MAX_WAIT_MS = 30_000;

/**
 * The result of a navigation: `message` plus a note when the page had not
 * finished loading (the session went on with its ready document; see
 * LoadOutcome), which `data` repeats for the record.
 */
export function loaded(message: string, outcome: LoadOutcome | undefined): ToolResult {
  if (!outcome?.stillLoading) return { message };
  const n = outcome.pendingRequests;
  const pending = n > 0 ? ` (${n} request${n === 1 ? '' : 's'} pending)` : '';
  return { message: `${message}; the page was still loading${pending}`, data: { stillLoading: true, pendingRequests: n } };
}

/**
 * What `navigate` loads: an http(s) URL (or `//host/...`), a path on the
 * current site (`/path`, `./page`, `../up`, `?query`, `#part`), or a
 * `${NAME}` placeholder holding one. A bare word ("not-a-url", "example.com")
 * is refused at once: it would load a sibling path, almost never what was meant.
 * A pattern (not a check) so the JSON Schema of the tool carries it and the
 * web UI's form can check it before sending.
 */
export const NAVIGATE_URL = /^(?:[Hh][Tt][Tt][Pp][Ss]?:\/\/|\/|\.\.?\/|[?#]|\$\{)/;

export const navigationTools: ToolDefinition[] = [
  {
    name: 'navigate', kind: 'action', secretsGoTo: 'self',
    description: 'Load a URL in the current tab: an http(s) URL, or a path on the current site (/path, ./page, ?query).',
    inputSchema: v.strictObject({
      url: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(4096, 'must be at most 4096 characters'),
        v.regex(NAVIGATE_URL, 'must be an http(s) URL or a path on the site (/path, ./page, ../page, ?query, #part)'),
        v.description('An http(s) URL, or a path on the site (/path, ./page, ../page, ?query, #part).')),
    }),
    async run(ctx, p: { url: string }) {
      let url: URL;
      try { url = new URL(p.url, ctx.session.currentUrl() || undefined); } catch { throw new Error(`"${p.url}" is not a valid URL`); }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Only http and https URLs can be loaded, not ${url.protocol}`);
      if (ctx.secrets?.carried.length) {
        // A value in a user:password@ part would be sent to whatever host follows it, and shown in the address: never.
        if (url.username || url.password) {
          const names = ctx.secrets.carried.map((n) => '${' + n + '}').join(', ');
          throw Object.assign(new Error(`${SECRET_NOT_ALLOWED}: ${names} may never be part of a URL's user or password (it would go to the host that follows); nothing was requested`), { code: SECRET_NOT_ALLOWED });
        }
        // The destination's origin; a redirect elsewhere that carries the value is refused by the driver (FlowSecrets).
        ctx.secrets.check(url.href, `a navigation to ${url.origin}`);
      }
      const outcome = await ctx.session.navigate(url.href);
      return loaded(`Loaded ${ctx.session.currentUrl()}`, outcome);
    },
  },
  {
    name: 'goBack', kind: 'action', description: 'Go back one page in the tab history.',
    inputSchema: v.strictObject({}),
    async run(ctx) { const outcome = await ctx.session.goBack(); return loaded(`Went back to ${ctx.session.currentUrl()}`, outcome); },
  },
  {
    name: 'goForward', kind: 'action', description: 'Go forward one page in the tab history.',
    inputSchema: v.strictObject({}),
    async run(ctx) { const outcome = await ctx.session.goForward(); return loaded(`Went forward to ${ctx.session.currentUrl()}`, outcome); },
  },
  {
    name: 'reload', kind: 'action', description: 'Reload the current page.',
    inputSchema: v.strictObject({}),
    async run(ctx) { const outcome = await ctx.session.reload(); return loaded(`Reloaded ${ctx.session.currentUrl()}`, outcome); },
  },
  {
    name: 'wait', kind: 'action', description: `Wait a fixed time in milliseconds (at most ${MAX_WAIT_MS}).`,
    inputSchema: v.strictObject({ ms: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_WAIT_MS, `must be at most ${MAX_WAIT_MS}`)) }),
    async run(ctx, p: { ms: number }) {
      await new Promise<void>((resolve, reject) => {
        // The flow's signal outlives this call: the listener must go when the wait ends.
        const onAbort = () => { clearTimeout(t); reject(new Error('wait interrupted')); };
        const t = setTimeout(() => { ctx.signal.removeEventListener('abort', onAbort); resolve(); }, p.ms);
        ctx.signal.addEventListener('abort', onAbort, { once: true });
      });
      return { message: `Waited ${p.ms} ms` };
    },
  },
  {
    name: 'switchTab', kind: 'action', description: 'Make another tab active, by index (0 = first) or by a part of its URL.',
    inputSchema: v.pipe(
      v.strictObject({ index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))), urlContains: v.optional(v.pipe(v.string(), v.minLength(1))) }),
      v.check((p) => (p.index === undefined) !== (p.urlContains === undefined), 'give exactly one of index or urlContains'),
    ),
    async run(ctx, p: { index?: number; urlContains?: string }) {
      const tab = await ctx.session.switchTab(p);
      return { message: `Switched to tab ${tab.index}: ${tab.url}`, data: tab };
    },
  },
  {
    name: 'handleDialog', kind: 'action',
    description: 'Set how the next dialogs (alert, confirm, prompt) are answered: accept or dismiss, with an optional prompt text. Call it before the action that opens the dialog.',
    inputSchema: v.strictObject({ accept: v.boolean(), promptText: v.optional(v.pipe(v.string(), v.maxLength(10_000))) }),
    async run(ctx, p: { accept: boolean; promptText?: string }) {
      ctx.session.setDialogPolicy(p);
      return { message: `Next dialogs will be ${p.accept ? 'accepted' : 'dismissed'}${p.promptText !== undefined ? ' with the given prompt text' : ''}` };
    },
  },
];
