/**
 * ARIA role and accessible name of an element, computed inside the page the
 * way Playwright's role engine computes them (explicit role, then the
 * implicit role of HTML elements; the accname steps Playwright implements),
 * so that `role=button[name="..."]` built from these values matches. Record
 * time verification with Playwright catches the rare mismatch.
 * Self-contained: runs in the page.
 */

/** Role and name helpers. */
export interface Aria {
  /** The element's ARIA role, or '' when it has none Playwright would match. */
  role(el: Element): string;
  /**
   * The accessible name, whitespace-normalised. With `contentFallback`, an
   * element whose role does not take its name from content (a clickable
   * div) falls back to its text. `pseudo` (default true) includes CSS
   * ::before/::after content as Playwright does; the observation skips it
   * (icon-font glyphs say nothing to a model, and it costs a style lookup per node).
   */
  name(el: Element, contentFallback?: boolean, pseudo?: boolean): string;
  /** Texts of the `<label>` elements of a form control (what `internal:label` matches). */
  labelTexts(el: Element): string[];
  /** Hidden from the accessibility tree by this element itself (aria-hidden, display, visibility). */
  hiddenSelf(el: Element): boolean;
  /** Collapses whitespace runs into one space and trims. */
  normalize(text: string): string;
}

/** Page-safe factory of the ARIA helpers. */
export function createAria(): Aria {
  const ROLES = new Set(('alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img insertion link list listbox listitem log main mark marquee math meter menu menubar menuitem menuitemcheckbox menuitemradio navigation none note option paragraph presentation progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem').split(' '));
  const NAME_FROM_CONTENT = new Set('button cell checkbox columnheader gridcell heading link menuitem menuitemcheckbox menuitemradio option radio row rowheader switch tab tooltip treeitem'.split(' '));
  const INPUT_ROLES: Record<string, string> = { button: 'button', submit: 'button', reset: 'button', image: 'button', file: 'button', checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton' };
  const TAG_ROLES: Record<string, string> = { ARTICLE: 'article', ASIDE: 'complementary', BLOCKQUOTE: 'blockquote', BUTTON: 'button', CAPTION: 'caption', CODE: 'code', DATALIST: 'listbox', DD: 'definition', DEL: 'deletion', DETAILS: 'group', DFN: 'term', DIALOG: 'dialog', DT: 'term', EM: 'emphasis', FIELDSET: 'group', FIGURE: 'figure', HR: 'separator', INS: 'insertion', LI: 'listitem', MAIN: 'main', MARK: 'mark', MENU: 'list', METER: 'meter', NAV: 'navigation', OL: 'list', OPTGROUP: 'group', OPTION: 'option', OUTPUT: 'status', P: 'paragraph', PROGRESS: 'progressbar', STRONG: 'strong', SUB: 'subscript', SUP: 'superscript', TABLE: 'table', TBODY: 'rowgroup', TEXTAREA: 'textbox', TFOOT: 'rowgroup', THEAD: 'rowgroup', TIME: 'time', TR: 'row', UL: 'list', H1: 'heading', H2: 'heading', H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading' };
  const SECTIONING = 'article, aside, main, nav, section';

  const normalize = (text: string): string => text.replace(/[\s\u200b]+/g, ' ').trim();
  // Elements of same-origin iframes are styled by their own window.
  const styleOf = (el: Element, pseudoElement?: string): CSSStyleDeclaration => (el.ownerDocument.defaultView || window).getComputedStyle(el, pseudoElement);

  function hiddenSelf(el: Element): boolean {
    if (el.getAttribute('aria-hidden') === 'true') return true;
    const style = styleOf(el);
    return style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse';
  }

  function explicitRole(el: Element): string {
    for (const token of (el.getAttribute('role') || '').split(/\s+/)) {
      if (ROLES.has(token)) return token === 'none' ? 'presentation' : token;
    }
    return '';
  }

  function implicitRole(el: Element): string {
    const tag = el.tagName.toUpperCase();
    switch (tag) {
      case 'A':
      case 'AREA':
        return el.hasAttribute('href') ? 'link' : '';
      case 'INPUT': {
        const type = ((el as HTMLInputElement).type || 'text').toLowerCase();
        if (type === 'hidden') return '';
        if (INPUT_ROLES[type]) return INPUT_ROLES[type];
        if (el.hasAttribute('list') && ['text', 'search', 'email', 'tel', 'url'].includes(type)) return 'combobox';
        return type === 'search' ? 'searchbox' : 'textbox';
      }
      case 'SELECT': {
        const select = el as HTMLSelectElement;
        return select.multiple || select.size > 1 ? 'listbox' : 'combobox';
      }
      case 'IMG':
        return el.getAttribute('alt') === '' && !el.getAttribute('title') ? 'presentation' : 'img';
      case 'SVG':
        return 'img';
      case 'TD':
        return el.closest('table')?.getAttribute('role') === 'grid' ? 'gridcell' : 'cell';
      case 'TH':
        return el.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader';
      case 'HEADER':
        return el.parentElement?.closest(SECTIONING) ? '' : 'banner';
      case 'FOOTER':
        return el.parentElement?.closest(SECTIONING) ? '' : 'contentinfo';
      case 'FORM':
      case 'SECTION':
        return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') || el.hasAttribute('title') ? (tag === 'FORM' ? 'form' : 'region') : '';
      default:
        return TAG_ROLES[tag] || (el.localName === 'svg' ? 'img' : '');
    }
  }

  function role(el: Element): string {
    const explicit = explicitRole(el);
    if (explicit && explicit !== 'presentation') return explicit;
    const implicit = implicitRole(el);
    // role=presentation is ignored on focusable elements (ARIA conflict resolution).
    if (explicit === 'presentation' && !(el as HTMLElement).hasAttribute('tabindex') && !['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName)) return '';
    return implicit;
  }

  function labelTexts(el: Element): string[] {
    const labels = (el as HTMLInputElement).labels;
    if (!labels) return [];
    return Array.from(labels, (label) => normalize(label.textContent || '')).filter(Boolean);
  }

  let withPseudo = true;
  function pseudo(el: Element, which: '::before' | '::after'): string {
    if (!withPseudo) return '';
    const content = styleOf(el, which).content;
    if (!content || content === 'none' || content === 'normal') return '';
    const match = /^"(.*)"$/.exec(content);
    return match ? match[1] : '';
  }

  function embeddedValue(el: Element, r: string): string | null {
    const tag = el.tagName;
    if (r === 'textbox' || r === 'searchbox') return tag === 'INPUT' || tag === 'TEXTAREA' ? (el as HTMLInputElement).value : el.textContent || '';
    if (r === 'combobox' || r === 'listbox') {
      if (tag === 'SELECT') return Array.from((el as HTMLSelectElement).selectedOptions, (o) => o.label || o.text).join(' ');
      if (tag === 'INPUT') return (el as HTMLInputElement).value;
    }
    if (r === 'slider' || r === 'spinbutton') return el.getAttribute('aria-valuetext') || el.getAttribute('aria-valuenow') || (el as HTMLInputElement).value || '';
    return null;
  }

  function childNodesOf(el: Element): ArrayLike<Node> {
    if (el.tagName === 'SLOT') {
      const assigned = (el as HTMLSlotElement).assignedNodes();
      if (assigned.length) return assigned;
    }
    return (el.shadowRoot || el).childNodes;
  }

  function fromContent(el: Element, seen: Set<Element>): string {
    let out = pseudo(el, '::before');
    const children = childNodesOf(el);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.nodeType === Node.TEXT_NODE) out += child.nodeValue || '';
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const childEl = child as Element;
        const block = !styleOf(childEl).display.startsWith('inline');
        const text = alternative(childEl, seen, true, false);
        out += block ? ` ${text} ` : text;
      }
    }
    return out + pseudo(el, '::after');
  }

  /** Text alternative per the accname steps Playwright follows. */
  function alternative(el: Element, seen: Set<Element>, recursive: boolean, inLabelledBy: boolean): string {
    if (seen.has(el)) return '';
    seen.add(el);
    const tag = el.tagName;
    if (recursive && !inLabelledBy && (hiddenSelf(el) || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(tag))) return '';
    if (!inLabelledBy) {
      const ids = (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
      const root = el.getRootNode() as Document | ShadowRoot;
      const refs = ids.map((id) => root.getElementById?.(id) ?? null).filter((x): x is HTMLElement => !!x);
      const text = normalize(refs.map((ref) => alternative(ref, seen, true, true)).join(' '));
      if (text) return text;
    }
    const r = role(el);
    if (recursive) {
      const value = embeddedValue(el, r);
      if (value !== null) return value;
    }
    const ariaLabel = normalize(el.getAttribute('aria-label') || '');
    if (ariaLabel) return ariaLabel;
    if (tag === 'INPUT') {
      const input = el as HTMLInputElement;
      const type = input.type;
      if (type === 'button' || type === 'submit' || type === 'reset') {
        return input.value || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '') || input.title;
      }
      if (type === 'image') return input.alt || input.value || input.title || 'Submit';
    }
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') {
      const labels = (el as HTMLInputElement).labels;
      const text = normalize(Array.from(labels || [], (label) => alternative(label, seen, true, false)).join(' '));
      if (text) return text;
      return el.getAttribute('title') || el.getAttribute('placeholder') || '';
    }
    if (tag === 'IMG' || tag === 'AREA') {
      const alt = el.getAttribute('alt');
      if (alt) return alt;
    }
    if (tag === 'FIELDSET' || tag === 'TABLE' || tag === 'FIGURE') {
      const caption = el.querySelector(tag === 'FIELDSET' ? ':scope > legend' : tag === 'TABLE' ? ':scope > caption' : ':scope > figcaption');
      if (caption) return alternative(caption, seen, true, false);
    }
    if (el.localName === 'svg') {
      const title = el.querySelector(':scope > title');
      if (title?.textContent) return title.textContent;
    }
    if (recursive || inLabelledBy || NAME_FROM_CONTENT.has(r)) {
      const text = fromContent(el, seen);
      if (text.trim()) return text;
    }
    return el.getAttribute('title') || '';
  }

  return {
    role,
    name(el: Element, contentFallback = false, pseudo = true): string {
      withPseudo = pseudo;
      try {
        const text = normalize(alternative(el, new Set(), false, false));
        if (text || !contentFallback) return text;
        return normalize(fromContent(el, new Set([el])));
      } finally {
        withPseudo = true;
      }
    },
    labelTexts,
    hiddenSelf,
    normalize,
  };
}
