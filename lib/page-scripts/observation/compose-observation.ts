/**
 * Turns the frames' observation items into the text the LLM reads, within a
 * hard token budget (counted by lib/token-estimate/token-estimate.ts, which errs high
 * against real tokenizers). Runs in Node, not in the page. Over budget,
 * controls are kept first (in document order, cut at one position), then
 * headings, then text blocks before that position; a closing line says how
 * much was left out.
 *
 * Every cut of page text happens here, after `redact`: the page sends cut
 * marks (describe-control.ts `cut`), `finishCuts` redacts each marked text
 * and then cuts it, and the URL and title are redacted before they are cut.
 */
import { cutToTokens, estimateTokens } from '../../token-estimate/token-estimate';
import { ITEM_CONTROL, ITEM_HEADING, ITEM_TEXT, type RawItem } from './observe-dom';

/** One evaluated root: the main document, or a frame that had to be observed on its own. */
export interface ObservedRoot {
  /** Line introducing the frame's items (`frame example.com/embed:`), null for the main document. */
  label: string | null;
  items: RawItem[];
  /** Items the page left out (its walk's size limit), counted in the closing note. */
  dropped?: number;
}

/** Everything the text is made of. */
export interface ComposeInput {
  url: string;
  title: string;
  scroll: { x: number; y: number; width: number; height: number; viewportWidth: number; viewportHeight: number };
  roots: ObservedRoot[];
  /** Whether any `*` mark is meaningful (not the first observation of this document). */
  marksNew: boolean;
  maxTokens: number;
  /** Applied to page text before any cut (ObserveOptions.redact); default: none. */
  redact?: (text: string) => string;
}

/** The composed text. */
export interface ComposedObservation {
  text: string;
  /** Refs present in the text. */
  refCount: number;
  truncated: boolean;
}

/** Room kept for the closing "… N more lines" note when cutting, in tokens. */
const NOTE_RESERVE = 30;

/** A cut mark: `\u0001` [`q` quoted] max `\u0002` text `\u0003` (describe-control.ts holds copies). */
export const CUT_OPEN = '\u0001';
export const CUT_MID = '\u0002';
export const CUT_CLOSE = '\u0003';
const CUT_MARK = /\u0001(q?)(\d+)\u0002([^\u0001-\u0003]*)\u0003/g;

/** Longest URL and title the header shows (the page sends up to 256 more, for redaction to see whole secrets). */
export const HEADER_LIMITS = { urlMax: 2_000, titleMax: 300 };

/** `text` cut to `max` characters, ending with `…` when cut (the page's describer cuts the same way). */
export function truncateText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** A cut mark made in the service (a frame's label), finished like the page's. */
export function cutMark(text: string, max: number, quoted = false): string {
  return `${CUT_OPEN}${quoted ? 'q' : ''}${max}${CUT_MID}${text.replace(/[\u0001-\u0003]/g, '')}${CUT_CLOSE}`;
}

/**
 * Makes the cuts a line's marks ask for, each after redacting its whole
 * text (so no secret is cut into a prefix), then redacts the line (page
 * text left uncut, such as a short query string).
 */
export function finishCuts(line: string, redact: (text: string) => string): string {
  const cut = line.replace(CUT_MARK, (_match, quoted: string, max: string, text: string) => {
    const shown = truncateText(redact(text), Number(max));
    return quoted ? JSON.stringify(shown) : shown;
  });
  return redact(cut);
}

function renderItem([, ref, isNew, text, prefix]: RawItem, redact: (text: string) => string): string {
  return `${prefix}${isNew ? '*' : ''}${ref ? `[${ref}] ` : ''}${finishCuts(text, redact)}`;
}

const LEGEND = '(* = new since the previous observation)';

const identity = (text: string): string => text;

/** Slack for sub-pixel layouts: a page this much taller than its viewport does not scroll in practice. */
const SCROLL_SLACK = 4;

/**
 * url, title (when there is one), the vertical scroll position (only when
 * the page scrolls: on a page that fits its viewport it says nothing), and
 * the legend of `*` marks when any is shown.
 */
function header(input: ComposeInput, anyNew: boolean): string {
  const { scroll } = input;
  const redact = input.redact ?? identity;
  const lines = [`url: ${truncateText(redact(input.url), HEADER_LIMITS.urlMax)}`];
  if (input.title) lines.push(`title: ${truncateText(redact(input.title), HEADER_LIMITS.titleMax)}`);
  if (scroll.y > 0 || scroll.height > scroll.viewportHeight + SCROLL_SLACK) {
    const below = scroll.height - (scroll.y + scroll.viewportHeight);
    const more = below > SCROLL_SLACK ? `; more below (${below}px)` : '';
    lines.push(`scroll y=${scroll.y} of ${scroll.height}px, viewport ${scroll.viewportWidth}x${scroll.viewportHeight}${more}`);
  }
  if (anyNew) lines.push(LEGEND);
  return lines.join('\n');
}

/** Composes the observation text within `maxTokens`. */
export function composeObservation(input: ComposeInput): ComposedObservation {
  const items: RawItem[] = [];
  for (const root of input.roots) {
    if (root.label && root.items.length) items.push([ITEM_HEADING, 0, 0, root.label, '']);
    items.push(...root.items);
  }
  if (!input.marksNew) for (const item of items) item[2] = 0;
  const redact = input.redact ?? identity;
  const lines = items.map((item) => renderItem(item, redact));
  const maxTokens = Math.max(0, Math.floor(input.maxTokens));
  const head = header(input, items.some((i) => i[2]));
  // A line costs its estimate plus its newline (a newline ends every run, so the parts add up to the whole).
  const costs = lines.map((line) => estimateTokens(line) + 1);
  const headCost = estimateTokens(head);
  const dropped = input.roots.reduce((sum, root) => sum + (root.dropped ?? 0), 0);
  const noteFor = (omitted: number) => `… ${omitted} more lines not shown (observation budget ${input.maxTokens} tokens)`;
  if (headCost + costs.reduce((sum, cost) => sum + cost, 0) <= maxTokens) {
    const refCount = items.filter((i) => i[1]).length;
    if (!dropped) return { text: [head, ...lines].join('\n'), refCount, truncated: false };
    return { text: cutToTokens([head, ...lines, noteFor(dropped)].join('\n'), maxTokens), refCount, truncated: true };
  }

  let budget = maxTokens - headCost - NOTE_RESERVE;
  const keep = new Array<boolean>(items.length).fill(false);
  // Controls: a prefix in document order, so everything after the cut is plainly "not shown".
  let cut = items.length;
  for (let i = 0; i < items.length; i++) {
    if (items[i][0] !== ITEM_CONTROL) continue;
    const cost = costs[i];
    if (cost > budget) {
      cut = i;
      break;
    }
    keep[i] = true;
    budget -= cost;
  }
  // Then headings, then text, only before the cut, where they fit.
  for (const kind of [ITEM_HEADING, ITEM_TEXT]) {
    for (let i = 0; i < cut; i++) {
      if (items[i][0] !== kind) continue;
      const cost = costs[i];
      if (cost <= budget) {
        keep[i] = true;
        budget -= cost;
      }
    }
  }
  const kept = lines.filter((_, i) => keep[i]);
  const note = noteFor(lines.length - kept.length + dropped);
  // The legend only when a kept line carries the mark (its room was reserved in the header).
  const keptNew = items.some((item, i) => keep[i] && item[2]);
  // A budget smaller than the header itself: cut hard.
  const text = cutToTokens([keptNew ? head : header(input, false), ...kept, note].join('\n'), maxTokens);
  const refCount = items.filter((item, i) => keep[i] && item[1]).length;
  return { text, refCount, truncated: true };
}
