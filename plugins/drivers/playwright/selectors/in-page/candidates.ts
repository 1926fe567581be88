/**
 * Selector candidates for one element, computed inside the page in a single
 * evaluate. Candidates are not yet known to be unique: Playwright verifies
 * them afterwards (record-selectors.ts). Self-contained: runs in the page.
 *
 * Tiers (lower is better): 1 test id, 2 role + name, 3 label, 4 placeholder,
 * 5 stable attribute, 6 text, 7 id, 8 CSS path.
 */
import type { Aria } from '../../../../../lib/page-scripts/selectors/aria';
import type { CssPath } from '../../../../../lib/page-scripts/selectors/css-path';
import type { Quote } from '../../../../../lib/page-scripts/selectors/quote';
import type { Volatility } from '../../../../../lib/page-scripts/selectors/volatility';

/**
 * How a plain CSS candidate is built: `compound` has no combinator (`#id`,
 * `[data-testid="x"]`, `input[name="q"]`), `complex` has some (the CSS path
 * `#list > li:nth-of-type(2)`). Absent for anything using Playwright's own
 * engines (`role=`, `text=`, `internal:*`, `:has-text()`, ` >> ` chains).
 */
export type CssShape = 'compound' | 'complex';

/** One candidate and its tier. */
export interface CandidateSpec {
  selector: string;
  tier: number;
  /** Set for plain CSS (which the page's own engine can count exactly). */
  css?: CssShape;
}

/** Candidate generation. */
export interface Candidates {
  /** Unscoped candidates, best tier first. */
  base(el: Element): CandidateSpec[];
  /**
   * Selectors of ancestors that narrow a candidate matching several
   * elements (`anchor >> candidate`): a stable id/test id ancestor, a named
   * dialog/form/region, and a repeated item (table row, list item, card)
   * told apart from its siblings by a text of its own.
   */
  anchors(el: Element): string[];
  /**
   * `:root > body > div:nth-of-type(3) > … > button`: the full path from the
   * document root, unique by construction, for an element in its document's
   * own tree ('' inside a shadow root). The last resort when no cheaper
   * candidate is known to be unique (CSS paths stop at 12 steps).
   */
  rootPath(el: Element): string;
}

/** Page-safe factory of candidate generation. */
export function createCandidates(lib: { aria: Aria; quote: Quote; volatility: Volatility; cssPath: CssPath }): Candidates {
  const { aria, quote, volatility, cssPath } = lib;
  const TEST_IDS = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const NAME_MAX = 80;
  const TEXT_MAX = 60;
  const ATTR_MAX = 120;
  const FORM_TAGS = ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'];
  const LANDMARKS = ['dialog', 'alertdialog', 'form', 'region', 'navigation', 'tabpanel', 'menu', 'listbox', 'grid', 'table'];

  function shorten(name: string, max: number): string {
    const cut = name.slice(0, max);
    const space = cut.lastIndexOf(' ');
    return space > max / 2 ? cut.slice(0, space) : cut;
  }

  function roleCandidate(role: string, name: string): string {
    if (!name) return `role=${role}`;
    // Long names: a case-insensitive prefix survives small copy edits at the end.
    if (name.length > NAME_MAX) return `internal:role=${role}[name=${quote.attr(shorten(name, 60))}i]`;
    return `role=${role}[name=${quote.attr(name)}]`;
  }

  function usableHref(href: string): boolean {
    if (!href || href === '#' || href.length > ATTR_MAX || /^javascript:/i.test(href)) return false;
    // Session and tracking parameters change between runs.
    return !/[?&](sid|session|token|utm_[a-z]+|_=|ts|t)=/i.test(href) && !volatility.isVolatileValue(href.replace(/^.*\//, '') || 'x');
  }

  function attributeCandidates(el: Element, add: (selector: string, tier: number, css?: CssShape) => void): void {
    const tag = quote.ident(el.localName);
    const attr = (name: string): string => {
      const value = el.getAttribute(name);
      return value && value.length <= ATTR_MAX ? value : '';
    };
    const nameAttr = attr('name');
    if (nameAttr && !volatility.isVolatileValue(nameAttr) && (FORM_TAGS.includes(el.tagName) || el.tagName === 'IFRAME')) {
      const type = ((el as HTMLInputElement).type || '').toLowerCase();
      const value = attr('value');
      if ((type === 'radio' || type === 'checkbox') && value) add(`${tag}[name=${quote.css(nameAttr)}][value=${quote.css(value)}]`, 5, 'compound');
      else add(`${tag}[name=${quote.css(nameAttr)}]`, 5, 'compound');
    }
    if (el.tagName === 'A' && usableHref(attr('href'))) add(`a[href=${quote.css(attr('href'))}]`, 5, 'compound');
    for (const name of ['alt', 'title', 'aria-label']) {
      const value = attr(name);
      if (value && value.trim()) add(`${tag}[${name}=${quote.css(value)}]`, 5, 'compound');
    }
    if (el.tagName === 'IFRAME' && attr('src') && usableHref(attr('src'))) add(`iframe[src=${quote.css(attr('src'))}]`, 5, 'compound');
  }

  function textCandidate(el: Element, add: (selector: string, tier: number) => void): void {
    if (FORM_TAGS.includes(el.tagName) && el.tagName !== 'BUTTON') return;
    const text = aria.normalize(el.textContent || '');
    if (!text || text.length > TEXT_MAX) return;
    // The text engine returns the innermost element holding the text; when a
    // child holds it all, ask for this element by tag instead.
    const childHoldsText = Array.from(el.children).some((child) => aria.normalize(child.textContent || '') === text);
    if (childHoldsText) add(`${quote.ident(el.localName)}:has-text(${quote.css(text)})`, 6);
    else add(`text=${quote.text(text)}`, 6);
  }

  function base(el: Element): CandidateSpec[] {
    const out: CandidateSpec[] = [];
    const add = (selector: string, tier: number, css?: CssShape): void => {
      if (selector && !out.some((c) => c.selector === selector)) out.push(css ? { selector, tier, css } : { selector, tier });
    };
    for (const name of TEST_IDS) {
      const value = el.getAttribute(name);
      if (value && !volatility.isVolatileValue(value)) add(`[${name}=${quote.css(value)}]`, 1, 'compound');
    }
    const role = aria.role(el);
    if (role && role !== 'presentation' && role !== 'generic') add(roleCandidate(role, aria.name(el)), 2);
    for (const label of aria.labelTexts(el).slice(0, 1)) {
      if (label.length <= NAME_MAX) add(`internal:label=${quote.attr(label)}s`, 3);
    }
    const placeholder = el.getAttribute('placeholder');
    if (placeholder && placeholder.length <= NAME_MAX) add(`${quote.ident(el.localName)}[placeholder=${quote.css(placeholder)}]`, 4, 'compound');
    attributeCandidates(el, add);
    textCandidate(el, add);
    const id = el.getAttribute('id');
    if (id && !volatility.isVolatileId(id)) add(`#${quote.ident(id)}`, 7, 'compound');
    // A path that crosses a shadow boundary is a ` >> ` chain, not plain CSS.
    const path = cssPath.of(el);
    add(path, 8, path.includes(' >> ') ? undefined : path.includes(' > ') ? 'complex' : 'compound');
    return out.sort((a, b) => a.tier - b.tier);
  }

  function isRepeatedItem(el: Element): boolean {
    if (['TR', 'LI', 'ARTICLE'].includes(el.tagName)) return true;
    if (['row', 'listitem', 'article', 'option', 'treeitem'].includes(el.getAttribute('role') || '')) return true;
    const parent = el.parentElement;
    if (!parent) return false;
    return Array.from(parent.children).filter((s) => s.localName === el.localName).length >= 2;
  }

  /** A short text inside `item` (outside `target`) that no same-tag sibling contains. */
  function distinctText(item: Element, target: Element): string {
    const siblings = Array.from(item.parentElement?.children || []).filter((s) => s !== item && s.localName === item.localName);
    const walker = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
    for (let i = 0, node = walker.nextNode(); node && i < 40; node = walker.nextNode(), i++) {
      if (target.contains(node)) continue;
      const text = aria.normalize(node.nodeValue || '');
      if (text.length < 2 || text.length > 40) continue;
      const lower = text.toLowerCase();
      if (!siblings.some((s) => aria.normalize(s.textContent || '').toLowerCase().includes(lower))) return text;
    }
    return '';
  }

  function anchors(el: Element): string[] {
    const out: string[] = [];
    let repeatedDone = false;
    for (let cur = cssPath.parentOf(el), depth = 0; cur && depth < 15 && out.length < 4; cur = cssPath.parentOf(cur), depth++) {
      if (cur.tagName === 'BODY' || cur.tagName === 'HTML') break;
      const anchor = cssPath.anchorOf(cur);
      if (anchor) out.push(anchor);
      const role = aria.role(cur);
      if (LANDMARKS.includes(role)) {
        const name = aria.name(cur);
        if (name && name.length <= NAME_MAX) out.push(`role=${role}[name=${quote.attr(name)}]`);
      }
      if (!repeatedDone && isRepeatedItem(cur)) {
        const text = distinctText(cur, el);
        if (text) {
          out.push(`${quote.ident(cur.localName)}:has-text(${quote.css(text)})`);
          repeatedDone = true;
        }
      }
    }
    return out;
  }

  function rootPath(el: Element): string {
    if (el.getRootNode() !== el.ownerDocument) return '';
    const steps: string[] = [];
    for (let cur: Element | null = el; cur && cur !== el.ownerDocument.documentElement; cur = cur.parentElement) {
      const tag = quote.ident(cur.localName);
      const same = Array.from(cur.parentElement?.children || []).filter((s) => s.localName === cur!.localName);
      steps.unshift(same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(cur) + 1})` : tag);
    }
    return [':root', ...steps].join(' > ');
  }

  return { base, anchors, rootPath };
}
