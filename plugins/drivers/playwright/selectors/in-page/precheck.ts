/**
 * Cheap in-page match counts for candidates, and what verifying each one
 * would cost Playwright. Mirrors the engines the candidates use — CSS,
 * `role=`, `internal:label`, `text=`, `tag:has-text()`, `A >> B` chains and
 * `nth=` — closely enough to be a filter: Playwright still verifies every
 * candidate except plain CSS, whose count here comes from the browser's own
 * CSS engine (see plan.ts for when Playwright's css engine agrees with it).
 *
 * Playwright's role, text and label engines scan every element of their
 * scope (3,300 links on a Wikipedia article: ~100 ms a query), so each count
 * also reports `visits`, the elements those engines would visit, and the
 * caller passes the most it can afford to verify: a whole-page role or text
 * candidate on a page over that size is not counted here at all (it will not
 * be verified), and engine counts stop after ENGINE_TIME_MS in all, once
 * they have looked at ENGINE_WORK_FLOOR elements or text nodes: below that
 * floor a page's counts never depend on the machine's load (a busy machine
 * once ran a small page's 15 ms out and recorded it differently).
 * Self-contained: runs in the page.
 */
import type { Aria } from '../../../../../lib/page-scripts/selectors/aria';

/** A candidate's pre-check. */
export interface Counted {
  /** How many elements it matches and where `el` is among them; null when not told (unmirrored, too big, out of time). */
  matches: { count: number; index: number } | null;
  /** Elements Playwright's role/text/label engines visit to evaluate it (0 for plain CSS). */
  visits: number;
}

/** Pre-check helpers. */
export interface Precheck {
  /**
   * Counts `selector`'s matches, unless its engine parts would make
   * Playwright visit more than `maxVisits` elements (then only `visits`).
   */
  count(selector: string, el: Element, maxVisits: number): Counted;
  /** Whether the document holds open shadow roots. */
  hasShadowRoots(doc: Document): boolean;
}

/** Page-safe factory of the pre-check (one per evaluate: its caches live as long as the call). */
export function createPrecheck(lib: { aria: Aria }): Precheck {
  const { aria } = lib;
  const POOL_MAX = 10000;
  const HAS_TEXT_POOL_MAX = 300;
  // Engine counts (role names, texts) are the expensive part of planning on big pages.
  const ENGINE_TIME_MS = 15;
  // Engine work (elements tested, text nodes read) always done, however long it takes.
  const ENGINE_WORK_FLOOR = 2000;
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
  const ROLE_PART = new RegExp(`^role=([a-z]+)(?:\\[name=${QUOTED}\\])?$`);
  const LABEL_PART = new RegExp(`^internal:label=${QUOTED}s$`);
  const TEXT_PART = new RegExp(`^text=${QUOTED}$`);
  const HAS_TEXT_PART = new RegExp(`^([a-zA-Z][\\w-]*):has-text\\(${QUOTED}\\)$`);
  const ENGINE_PART = /^(text|internal:|role=)|:has-text\(/;
  const startedAt = performance.now();
  let shadowRoots: ShadowRoot[] | null = null;
  let docSize = -1;
  // Whole-document matches of one selector part: a part recurs in every `anchor >> part` variant.
  const partCache = new Map<string, Element[] | null>();

  let work = 0;
  // Called every 32 elements or 256 text nodes, which it counts as done.
  const outOfTime = (done: number): boolean => (work += done) > ENGINE_WORK_FLOOR && performance.now() - startedAt > ENGINE_TIME_MS;

  /** Open shadow roots of the document, found once per evaluate. */
  function roots(doc: Document): (Document | ShadowRoot)[] {
    if (!shadowRoots) {
      const found: ShadowRoot[] = [];
      const collect = (root: Document | ShadowRoot): void => {
        const all = root.querySelectorAll('*');
        for (let i = 0; i < all.length; i++) {
          const sr = all[i].shadowRoot;
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

  /** Elements in the document and its shadow roots: what a whole-page engine query visits. */
  function sizeOfDocument(doc: Document): number {
    if (docSize < 0) docSize = roots(doc).reduce((n, root) => n + root.querySelectorAll('*').length, 0);
    return docSize;
  }

  const sizeOf = (scope: Element): number => 1 + scope.getElementsByTagName('*').length + (scope.shadowRoot ? scope.shadowRoot.querySelectorAll('*').length : 0);

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
   * the cost does not grow with every element's text. Null when out of time.
   */
  function textMatches(doc: Document, text: string): Element[] | null {
    const first = text.split(' ')[0];
    const hits = new Set<Element>();
    let seen = 0;
    for (const root of roots(doc)) {
      const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if ((++seen & 255) === 0 && outOfTime(256)) return null;
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

  /** `pool` filtered by `keep`, or null when the engine time runs out. */
  function filterInTime(pool: Element[], keep: (e: Element) => boolean): Element[] | null {
    const out: Element[] = [];
    for (let i = 0; i < pool.length; i++) {
      if ((i & 31) === 0 && outOfTime(i ? 32 : 0)) return null;
      if (keep(pool[i])) out.push(pool[i]);
    }
    return out;
  }

  /** Matches of one selector part in the whole document, or null when not mirrored. */
  function part(doc: Document, selector: string): Element[] | null {
    let m = ROLE_PART.exec(selector);
    if (m) {
      const [, role, quoted] = m;
      const pool = css(doc, `${ROLE_POOLS[role] ? `${ROLE_POOLS[role]}, ` : ''}[role]`);
      if (!pool || pool.length > POOL_MAX) return null;
      const name = quoted === undefined ? null : unquote(quoted);
      // The name is the expensive test: it runs last.
      return filterInTime(pool, (e) => aria.role(e) === role && !hiddenForAria(e) && (name === null || aria.name(e) === name));
    }
    m = LABEL_PART.exec(selector);
    if (m) {
      const text = unquote(m[1]);
      const controls = new Set<Element>();
      for (const label of css(doc, 'label') || []) {
        const control = (label as HTMLLabelElement).control;
        if (control && aria.normalize(label.textContent || '') === text) controls.add(control);
      }
      return Array.from(controls);
    }
    m = TEXT_PART.exec(selector);
    if (m) return textMatches(doc, JSON.parse(m[1]) as string);
    m = HAS_TEXT_PART.exec(selector);
    if (m) {
      const needle = unquote(m[2]).toLowerCase();
      const pool = css(doc, m[1]);
      // Every candidate's full text is built: unbounded on huge pages.
      if (!pool || pool.length > POOL_MAX / 3) return null;
      return filterInTime(pool, (e) => aria.normalize(e.textContent || '').toLowerCase().includes(needle));
    }
    if (/^(text|internal:|role=|nth=)/.test(selector)) return null;
    return css(doc, selector);
  }

  function cachedPart(doc: Document, selector: string): Element[] | null {
    if (!partCache.has(selector)) partCache.set(selector, part(doc, selector));
    return partCache.get(selector) ?? null;
  }

  /**
   * What Playwright's engines visit for one part: a role/text/label part
   * scans its whole scope; `tag:has-text()` builds the text of every `tag`
   * element (the subtrees below them); CSS parts are the browser's own.
   */
  function partVisits(doc: Document, piece: string, scope: Element[] | null): number {
    if (!ENGINE_PART.test(piece)) return 0;
    if (scope) return scope.reduce((n, s) => n + sizeOf(s), 0);
    const hasText = HAS_TEXT_PART.exec(piece);
    if (hasText) {
      const pool = css(doc, hasText[1]);
      if (pool && pool.length <= HAS_TEXT_POOL_MAX) return Math.min(sizeOfDocument(doc), pool.reduce((n, e) => n + sizeOf(e), 0));
    }
    return sizeOfDocument(doc);
  }

  return {
    count(selector: string, el: Element, maxVisits: number): Counted {
      const doc = el.ownerDocument;
      let scope: Element[] | null = null;
      let visits = 0;
      let matched = true;
      for (const piece of selector.split(' >> ')) {
        const nth = /^nth=(\d+)$/.exec(piece);
        if (nth) {
          if (scope) {
            const picked: Element | undefined = scope[Number(nth[1])];
            scope = picked ? [picked] : [];
          } else matched = false;
          continue;
        }
        visits += partVisits(doc, piece, matched ? scope : null);
        // Past what the caller can verify: only the cost is of use.
        if (visits > maxVisits) matched = false;
        if (!matched) continue;
        const found = cachedPart(doc, piece);
        if (!found) {
          matched = false;
          continue;
        }
        const outer: Element[] | null = scope;
        scope = outer ? found.filter((e) => outer.some((s) => within(e, s))) : found;
      }
      return { matches: matched && scope ? { count: scope.length, index: scope.indexOf(el) } : null, visits };
    },
    hasShadowRoots(doc: Document): boolean {
      return roots(doc).length > 1;
    },
  };
}
