/**
 * One observation line for an interactive element, without its ref:
 * `textbox "Email" value="a@b.c"`, `link "Docs"`,
 * `combobox "Country" value="France" options=[France, Spain, …+40]`.
 * A link's target comes apart (`href`): whether the line shows it
 * (`-> /docs`) depends on the other links of the page, so the walker
 * decides. Secret field values are never read into the line.
 * Self-contained: runs in the page.
 *
 * Page text is never cut here: a long name or value becomes a cut mark
 * (`cut()`) holding the text and its limit, and the service makes the cut
 * (compose-observation.ts `finishCuts`) after redacting the text, so a
 * secret typed into a page cannot survive as a prefix of itself.
 */
import type { Aria } from '../selectors/aria';

/** Line limits. */
export interface DescribeLimits {
  /** Longest name, in characters. */
  nameMax: number;
  /** Longest field value, in characters. */
  valueMax: number;
}

/** A control's line, and what the walker needs to finish it. */
export interface ControlLine {
  /** `role "name" value… states…`, without the link target. */
  text: string;
  /** The accessible name, whole ('' when none). */
  name: string;
  /** A link's short target (`/docs`, `host/path`, `#hash`), '' for anything else. */
  href: string;
}

/** Control describer. */
export interface Describer {
  /** The line for an interactive element with ARIA role `role` ('' when none). */
  control(el: Element, role: string, limits: DescribeLimits): ControlLine;
  /** Cuts `text` to `max` characters, ending with `…` when cut (for comparisons inside the page only). */
  truncate(text: string, max: number): string;
  /**
   * A cut mark: `text` to be shown cut to `max` characters (JSON-quoted
   * when `quoted`), the cut made by the service after redaction. The text
   * travels bounded to `max` + CUT_SLACK characters.
   */
  cut(text: string, max: number, quoted?: boolean): string;
  /** How long a line with cut marks reads once cut. */
  shownLength(line: string): number;
}

/** Page-safe factory of the describer. */
export function createDescriber(lib: { aria: Aria }): Describer {
  const { aria } = lib;
  const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider']);
  const SECRET_AUTOCOMPLETE = /password|cc-number|cc-csc|cc-exp|one-time-code/i;
  const SECRET_HINT = /passw|secret|token|cvv|cvc|ssn|pin-?code/i;
  const OPTIONS_SHOWN = 6;
  const HREF_MAX = 40;
  const QUERY_MAX = 24;

  function truncate(text: string, max: number): string {
    return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
  }
  // Copies of compose-observation.ts's CUT_* constants: only this function's body reaches the page.
  const CUT_OPEN = '\u0001';
  const CUT_MID = '\u0002';
  const CUT_CLOSE = '\u0003';
  const CUT_SLACK = 256;
  const CUT_MARKS = /[\u0001-\u0003]/g;
  const CUT_MARK = /\u0001(q?)(\d+)\u0002([^\u0001-\u0003]*)\u0003/g;
  function cut(text: string, max: number, quoted = false): string {
    const clean = text.replace(CUT_MARKS, '');
    const bounded = clean.length > max + CUT_SLACK ? clean.slice(0, max + CUT_SLACK) : clean;
    return `${CUT_OPEN}${quoted ? 'q' : ''}${max}${CUT_MID}${bounded}${CUT_CLOSE}`;
  }
  function shownLength(line: string): number {
    let length = line.length;
    for (const m of line.matchAll(CUT_MARK)) length += Math.min(m[3].length, Number(m[2])) + (m[1] ? 2 : 0) - m[0].length;
    return length;
  }

  function isSecret(el: Element): boolean {
    const input = el as HTMLInputElement;
    if (input.type === 'password') return true;
    if (SECRET_AUTOCOMPLETE.test(el.getAttribute('autocomplete') || '')) return true;
    return SECRET_HINT.test(`${el.getAttribute('name') || ''} ${el.id}`);
  }

  /**
   * Where a link goes, in few tokens: same-origin path (or `#hash` on this
   * page), host + path elsewhere, long query strings elided. Full URLs are
   * the costliest part of link-heavy pages and rarely what the model needs.
   * Parsed with a regex and cached: URL parsing per link dominated big pages.
   */
  const hrefCache = new Map<string, string>();
  function shortHref(el: Element): string {
    const raw = (el.getAttribute('href') || '').trim();
    if (!raw || raw === '#' || /^javascript:/i.test(raw)) return '';
    const here = el.ownerDocument.location;
    const key = `${here.href}\n${raw}`;
    let short = hrefCache.get(key);
    if (short === undefined) {
      short = computeShortHref(raw, here, el as HTMLAnchorElement);
      hrefCache.set(key, short);
    }
    return short;
  }

  function computeShortHref(raw: string, here: Location, anchor: HTMLAnchorElement): string {
    if (raw.startsWith('#')) return cut(raw, HREF_MAX);
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw);
    if (scheme && !/^https?$/i.test(scheme[1])) return cut(raw.replace(/[?#].*$/, ''), HREF_MAX);
    let m = /^(?:https?:)?\/\/([^/?#]+)([^?#]*)(\?[^#]*)?/i.exec(raw);
    let host = m ? m[1].toLowerCase() : here.host;
    let path = m ? m[2] : '';
    let search = m ? m[3] || '' : '';
    if (!m) {
      m = /^(\/[^?#]*)(\?[^#]*)?/.exec(raw);
      if (m) {
        path = m[1];
        search = m[2] || '';
      } else {
        // Document-relative ("../x", "page.html"): let the browser resolve it.
        path = anchor.pathname;
        search = anchor.search;
        host = anchor.host;
      }
    }
    const sameOrigin = host === here.host;
    path = path.length > 1 ? path.replace(/\/$/, '') : sameOrigin ? '/' : '';
    const query = !search ? '' : search.length <= QUERY_MAX ? search : '?…';
    const where = sameOrigin ? path : host.replace(/^www\./, '') + path;
    return cut(where, HREF_MAX - query.length) + query;
  }

  function displayRole(el: Element, role: string): string {
    if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'file') return 'file';
    if (role && role !== 'presentation' && role !== 'generic') return role;
    if ((el as HTMLElement).isContentEditable) return 'textbox';
    if (el.tagName === 'SUMMARY') return 'button';
    return 'clickable';
  }

  function valueParts(el: Element, role: string, name: string, limits: DescribeLimits): string[] {
    const tag = el.tagName;
    if (tag === 'SELECT') {
      const select = el as HTMLSelectElement;
      const labels = Array.from(select.options, (o) => aria.normalize(o.label || o.text));
      const selected = Array.from(select.selectedOptions, (o) => aria.normalize(o.label || o.text));
      const shown = labels.slice(0, OPTIONS_SHOWN).map((label) => cut(label, 30)).join(', ') + (labels.length > OPTIONS_SHOWN ? `, …+${labels.length - OPTIONS_SHOWN}` : '');
      return [`value=${cut(selected.join(', '), limits.valueMax, true)}`, `options=[${shown}]`];
    }
    if ((tag === 'INPUT' || tag === 'TEXTAREA') && TEXT_ROLES.has(role)) {
      const input = el as HTMLInputElement;
      if (input.value) return [`value=${isSecret(el) ? '<hidden>' : cut(input.value, limits.valueMax, true)}`];
      const placeholder = el.getAttribute('placeholder');
      return placeholder && placeholder !== name ? [`placeholder=${cut(placeholder, limits.nameMax, true)}`] : [];
    }
    if ((el as HTMLElement).isContentEditable && tag !== 'INPUT' && tag !== 'TEXTAREA') {
      const text = aria.normalize(el.textContent || '');
      return text && text !== name ? [`value=${cut(text, limits.valueMax, true)}`] : [];
    }
    const valueNow = el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow');
    return valueNow ? [`value=${cut(valueNow, limits.valueMax, true)}`] : [];
  }

  function stateParts(el: Element): string[] {
    const out: string[] = [];
    const input = el as HTMLInputElement;
    const checked = el.getAttribute('aria-checked');
    if (checked === 'mixed' || input.indeterminate) out.push('mixed');
    else if (checked === 'true' || ((input.type === 'checkbox' || input.type === 'radio') && input.checked)) out.push('checked');
    const expanded = el.getAttribute('aria-expanded');
    if (expanded === 'true') out.push('expanded');
    else if (expanded === 'false') out.push('collapsed');
    if (el.tagName === 'SUMMARY') out.push((el.parentElement as HTMLDetailsElement | null)?.open ? 'expanded' : 'collapsed');
    if (el.getAttribute('aria-pressed') === 'true') out.push('pressed');
    if (el.getAttribute('aria-selected') === 'true') out.push('selected');
    if (input.disabled || el.getAttribute('aria-disabled') === 'true') out.push('disabled');
    if (input.readOnly && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA')) out.push('readonly');
    return out;
  }

  return {
    truncate,
    cut,
    shownLength,
    control(el: Element, role: string, limits: DescribeLimits): ControlLine {
      const shown = displayRole(el, role);
      // Only role-less clickables fall back to their text; a textarea's content is its value, not its name.
      const name = aria.name(el, shown === 'clickable', false);
      const parts = [shown];
      if (name) parts.push(cut(name, limits.nameMax, true));
      parts.push(...valueParts(el, role, name, limits), ...stateParts(el));
      const href = el.tagName === 'A' || el.tagName === 'AREA' ? shortHref(el) : '';
      return { text: parts.join(' '), name, href };
    },
  };
}
