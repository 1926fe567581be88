/**
 * Cheap in-page match counts for candidates, so that Playwright (whose
 * queries are serialised in the renderer, and whose role and text engines
 * scan the whole page) only verifies candidates likely to be unique. Mirrors
 * the engines the candidates use — CSS, `role=`, `internal:label`, `text=`,
 * `tag:has-text()`, `A >> B` chains and `nth=` — closely enough to be a
 * filter; Playwright still verifies every returned candidate.
 * Self-contained: runs in the page.
 */
import type { Aria } from '../../../../../kernel/page-scripts/selectors/aria';

/** Pre-check helpers. */
export interface Precheck {
  /**
   * How many elements the candidate matches and where `el` is among them,
   * or null when it cannot be told cheaply.
   */
  count(selector: string, el: Element): { count: number; index: number } | null;
}

/** Page-safe factory of the pre-check. */
export function createPrecheck(lib: { aria: Aria }): Precheck {
  const { aria } = lib;
  const POOL_MAX = 10000;
  // Elements that can have a role without an explicit role attribute.
  const ROLE_POOLS: Record<string, string> = {
    link: 'a[href], area[href]',
    button: 'button, input[type=button], input[type=submit], input[type=reset], input[type=image], input[type=file]',
    textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=password], input[type=date], input[type=time], input[type=datetime-local], input[type=month], input[type=week], input[type=color], textarea',
    searchbox: 'input[type=search]',
    checkbox: 'input[type=checkbox]',
    radio: 'input[type=radio]',
    combobox: 'select, input[list]',
    listbox: 'select, datalist',
    heading: 'h1, h2, h3, h4, h5, h6',
    img: 'img, svg',
    slider: 'input[type=range]',
    spinbutton: 'input[type=number]',
    region: 'section',
    form: 'form',
    navigation: 'nav',
    dialog: 'dialog',
    main: 'main',
    banner: 'header',
    contentinfo: 'footer',
    complementary: 'aside',
    article: 'article',
    list: 'ul, ol, menu',
    listitem: 'li',
    row: 'tr',
    cell: 'td',
    gridcell: 'td',
    columnheader: 'th',
    rowheader: 'th',
    table: 'table',
    group: 'details, fieldset, optgroup',
    rowgroup: 'tbody, thead, tfoot',
    option: 'option',
    paragraph: 'p',
    figure: 'figure',
    separator: 'hr',
    progressbar: 'progress',
    meter: 'meter',
    status: 'output',
  };
  const QUOTED = String.raw`("(?:\\.|[^"\\])*")`;
  let shadowRoots: ShadowRoot[] | null = null;

  /** Open shadow roots of the document, found once per evaluate (only when a count needs them). */
  function roots(doc: Document): (Document | ShadowRoot)[] {
    if (!shadowRoots) {
      const found: ShadowRoot[] = [];
      const collect = (root: Document | ShadowRoot): void => {
        const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const sr = (n as Element).shadowRoot;
          if (sr) {
            found.push(sr);
            collect(sr);
          }
        }
      };
      collect(doc);
      shadowRoots = found;
    }
    return [doc, ...shadowRoots];
  }

  /** `inner` is a descendant of `outer`, crossing shadow boundaries. */
  function within(inner: Element, outer: Element): boolean {
    for (let cur: Node | null = inner.parentNode; cur; cur = cur.parentNode || (cur as ShadowRoot).host || null) {
      if (cur === outer) return true;
    }
    return false;
  }

  /** CSS matches across the document and its shadow roots (Playwright's css engine pierces). */
  function css(doc: Document, selector: string): Element[] | null {
    const out: Element[] = [];
    try {
      for (const root of roots(doc)) out.push(...Array.from(root.querySelectorAll(selector)));
    } catch {
      return null; // Playwright-only CSS extension
    }
    return out;
  }

  /** Hidden from the accessibility tree, as Playwright's role engine decides. */
  function hiddenForAria(e: Element): boolean {
    return !e.checkVisibility({ visibilityProperty: true }) || !!e.closest('[aria-hidden="true"]');
  }

  const unquote = (value: string): string => value.slice(1, -1).replace(/\\(.)/g, '$1');

  /**
   * `text="..."`: the innermost elements whose whole text is `text`. Found
   * from the text nodes holding its first word, climbing a few levels, so
   * the cost does not grow with every element's text.
   */
  function textMatches(doc: Document, text: string): Element[] {
    const first = text.split(' ')[0];
    const hits = new Set<Element>();
    for (const root of roots(doc)) {
      const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!(n.nodeValue || '').includes(first)) continue;
        for (let e = n.parentElement, depth = 0; e && depth < 6; e = e.parentElement, depth++) {
          const own = aria.normalize(e.textContent || '');
          if (own === text) hits.add(e);
          if (own.length > text.length) break;
        }
      }
    }
    const list = Array.from(hits);
    return list.filter((e) => !list.some((other) => other !== e && within(other, e)));
  }

  /** Matches of one selector part in the whole document, or null when not mirrored. */
  function part(doc: Document, selector: string): Element[] | null {
    let m = new RegExp(`^role=([a-z]+)(?:\\[name=${QUOTED}\\])?$`).exec(selector);
    if (m) {
      const [, role, quoted] = m;
      const pool = css(doc, `${ROLE_POOLS[role] ? `${ROLE_POOLS[role]}, ` : ''}[role]`);
      if (!pool || pool.length > POOL_MAX) return null;
      const name = quoted === undefined ? null : unquote(quoted);
      return pool.filter((e) => aria.role(e) === role && !hiddenForAria(e) && (name === null || aria.name(e) === name));
    }
    m = new RegExp(`^internal:label=${QUOTED}s$`).exec(selector);
    if (m) {
      const text = unquote(m[1]);
      const controls = new Set<Element>();
      for (const label of css(doc, 'label') || []) {
        const control = (label as HTMLLabelElement).control;
        if (control && aria.normalize(label.textContent || '') === text) controls.add(control);
      }
      return Array.from(controls);
    }
    m = new RegExp(`^text=${QUOTED}$`).exec(selector);
    if (m) return textMatches(doc, JSON.parse(m[1]) as string);
    m = new RegExp(`^([a-zA-Z][\\w-]*):has-text\\(${QUOTED}\\)$`).exec(selector);
    if (m) {
      const needle = unquote(m[2]).toLowerCase();
      const pool = css(doc, m[1]);
      // Every candidate's full text is built: unbounded on huge pages.
      if (!pool || pool.length > POOL_MAX / 3) return null;
      return pool.filter((e) => aria.normalize(e.textContent || '').toLowerCase().includes(needle));
    }
    if (/^(text|internal:|role=|nth=)/.test(selector)) return null;
    return css(doc, selector);
  }

  /** Matches of a whole `A >> B >> nth=i` chain, or null. */
  function chain(doc: Document, selector: string): Element[] | null {
    let scope: Element[] | null = null;
    for (const piece of selector.split(' >> ')) {
      const nth = /^nth=(\d+)$/.exec(piece);
      if (nth) {
        if (!scope) return null;
        const picked: Element | undefined = scope[Number(nth[1])];
        scope = picked ? [picked] : [];
        continue;
      }
      const found = part(doc, piece);
      if (!found) return null;
      const outer: Element[] | null = scope;
      scope = outer ? found.filter((e) => outer.some((s) => within(e, s))) : found;
    }
    return scope;
  }

  return {
    count(selector: string, el: Element) {
      const found = chain(el.ownerDocument, selector);
      return found && { count: found.length, index: found.indexOf(el) };
    },
  };
}
