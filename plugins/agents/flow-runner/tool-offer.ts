/**
 * Which tools a step offers the model. Tool definitions go with every
 * request, and each costs 30 to 100 tokens whether the model needs it or
 * not; on a plain page the 24 built-ins were most of the request. So the
 * built-ins a flow rarely needs are offered only when the flow's situation
 * makes them relevant (a `<select>` on the page, a second tab, a failed
 * call...), and every other tool, custom tools included, always. A tool the
 * flow has used stays offered, and the always-offered tools come first in a
 * fixed order: the start of the request stays the same from step to step,
 * which is what provider prompt caching reuses.
 *
 * Offering is only a hint to the model: a call to any tool of the flow still
 * runs (and is validated) whether or not this step offered it.
 */
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';

/** What the relevance of a tool is judged on, for one step. */
export interface OfferContext {
  /** The flow's objective (empty when none). */
  objective: string;
  /** The current observation's text. */
  page: string;
  /** Every call of the flow so far, oldest first. */
  history: ToolCallRecord[];
  /** Open tabs of the session. */
  tabs: number;
  /** The flow asks for a structured result (a resultSchema). */
  structured?: boolean;
}

const lastFailed = (c: OfferContext): boolean => c.history.at(-1)?.outcome?.success === false;
const stillLoading = (c: OfferContext): boolean => /still loading/.test(c.history.at(-1)?.outcome?.message ?? '');
const mentions = (c: OfferContext, pattern: RegExp): boolean => pattern.test(c.objective);
/** The objective asks for a check, so the flow's generated test should assert more than text. */
const VERIFY = /\b(check|verif|assert|confirm|ensur|make sure|expect|should|test|validat)/i;
/** A line of the observation with one of these roles (`[12] checkbox "Remember me"`). */
const onPage = (c: OfferContext, roles: string): boolean => new RegExp(`\\[\\d+\\] (${roles})\\b`).test(c.page);

/**
 * Built-in tools offered only when their predicate holds; the others are
 * always offered. Names, not imports: plugins never import each other, and
 * a tool of that name from elsewhere is judged the same way.
 */
const WHEN_RELEVANT: Readonly<Record<string, (c: OfferContext) => boolean>> = {
  goForward: (c) => c.history.some((r) => r.name === 'goBack' && r.outcome?.success),
  reload: (c) => lastFailed(c) || stillLoading(c),
  wait: (c) => lastFailed(c) || stillLoading(c),
  waitForSelector: (c) => lastFailed(c) || stillLoading(c),
  switchTab: (c) => c.tabs > 1,
  handleDialog: (c) => mentions(c, /dialog|alert|confirm|prompt|pop-?up/i) || c.history.some((r) => /\(dialogs?: /.test(r.outcome?.message ?? '')),
  doubleClick: (c) => mentions(c, /double/i),
  selectOption: (c) => onPage(c, 'combobox|listbox'),
  check: (c) => onPage(c, 'checkbox|radio|switch|menuitemcheckbox|menuitemradio'),
  uncheck: (c) => onPage(c, 'checkbox|switch|menuitemcheckbox'),
  uploadFile: (c) => onPage(c, 'file'),
  assertElement: (c) => mentions(c, VERIFY),
  assertUrl: (c) => mentions(c, VERIFY),
  // Reading structured data: a flow with a resultSchema, or an objective that asks for values.
  extract: (c) => c.structured === true || mentions(c, /\b(extract|scrape|collect|structured|price|prices|data)\b/i),
};

/**
 * The tools to offer this step, always-offered first (in the flow's tool
 * order), then the relevant rarely used ones (same order).
 */
export function offeredTools(tools: ReadonlyMap<string, ToolDefinition>, context: OfferContext): ToolDefinition[] {
  const used = new Set(context.history.map((r) => r.name));
  const always: ToolDefinition[] = [];
  const relevant: ToolDefinition[] = [];
  for (const tool of tools.values()) {
    const when = WHEN_RELEVANT[tool.name];
    if (!when || tool.jsonSchema) always.push(tool);
    else if (used.has(tool.name) || when(context)) relevant.push(tool);
  }
  return [...always, ...relevant];
}
