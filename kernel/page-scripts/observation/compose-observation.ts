/**
 * Turns the frames' observation items into the text the LLM reads, within a
 * hard token budget (a token is counted as 4 characters). Over budget,
 * controls are kept first (in document order, cut at one position), then
 * headings, then text blocks before that position; a closing line says how
 * much was left out.
 */
import { ITEM_CONTROL, ITEM_HEADING, ITEM_TEXT, type RawItem } from './observe-dom';

/** Characters per token in budgets (the contract's estimate). */
export const CHARS_PER_TOKEN = 4;

/** Estimated tokens of a text: ceil(chars / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** One evaluated root: the main document, or a frame that had to be observed on its own. */
export interface ObservedRoot {
  /** Line introducing the frame's items (`frame example.com/embed:`), null for the main document. */
  label: string | null;
  items: RawItem[];
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
}

/** The composed text. */
export interface ComposedObservation {
  text: string;
  /** Refs present in the text. */
  refCount: number;
  truncated: boolean;
}

/** Room kept for the closing "… N more lines" note when cutting. */
const NOTE_RESERVE = 90;

function renderItem([, ref, isNew, text, prefix]: RawItem): string {
  return `${prefix}${isNew ? '*' : ''}${ref ? `[${ref}] ` : ''}${text}`;
}

const LEGEND = '(* = new since the previous observation)';

/** Slack for sub-pixel layouts: a page this much taller than its viewport does not scroll in practice. */
const SCROLL_SLACK = 4;

/**
 * url, title (when there is one), the vertical scroll position (only when
 * the page scrolls: on a page that fits its viewport it says nothing), and
 * the legend of `*` marks when any is shown.
 */
function header(input: ComposeInput, anyNew: boolean): string {
  const { scroll } = input;
  const lines = [`url: ${input.url}`];
  if (input.title) lines.push(`title: ${input.title}`);
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
  const lines = items.map(renderItem);
  const maxChars = Math.max(0, Math.floor(input.maxTokens * CHARS_PER_TOKEN));
  const head = header(input, items.some((i) => i[2]));
  const full = [head, ...lines].join('\n');
  if (full.length <= maxChars) {
    return { text: full, refCount: items.filter((i) => i[1]).length, truncated: false };
  }

  let budget = maxChars - head.length - NOTE_RESERVE;
  const keep = new Array<boolean>(items.length).fill(false);
  // Controls: a prefix in document order, so everything after the cut is plainly "not shown".
  let cut = items.length;
  for (let i = 0; i < items.length; i++) {
    if (items[i][0] !== ITEM_CONTROL) continue;
    const cost = lines[i].length + 1;
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
      const cost = lines[i].length + 1;
      if (cost <= budget) {
        keep[i] = true;
        budget -= cost;
      }
    }
  }
  const kept = lines.filter((_, i) => keep[i]);
  const omitted = lines.length - kept.length;
  const note = `… ${omitted} more lines not shown (observation budget ${input.maxTokens} tokens)`;
  // The legend only when a kept line carries the mark (its room was reserved in the header).
  const keptNew = items.some((item, i) => keep[i] && item[2]);
  let text = [keptNew ? head : header(input, false), ...kept, note].join('\n');
  // A budget smaller than the header itself: cut hard.
  if (text.length > maxChars) text = text.slice(0, maxChars);
  const refCount = items.filter((item, i) => keep[i] && item[1]).length;
  return { text, refCount, truncated: true };
}
