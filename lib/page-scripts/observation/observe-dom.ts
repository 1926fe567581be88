/**
 * Walks one frame's rendered DOM (open shadow roots and same-origin iframes
 * included, in rendering order) and returns the observation items: controls
 * with refs, headings, and text blocks. Refs are stable per element across
 * observations (`ids`); `refs` maps the refs of this observation to their
 * elements so the driver can act on them. Self-contained: runs in the page.
 */
import type { Aria } from '../selectors/aria';
import type { LinkTargets } from '../../page-actions/page-actions';
import type { ControlLine, Describer } from './describe-control';

/** Item kinds, in the order the budget drops them (text first). */
export const ITEM_CONTROL = 0;
export const ITEM_HEADING = 1;
export const ITEM_TEXT = 2;

/**
 * One line: kind, ref (0 = none), new since the last observation, text, prefix (a heading's `## `).
 * The text holds cut marks (describe-control.ts `cut`), made into cuts by the service after redaction.
 */
export type RawItem = [kind: number, ref: number, isNew: number, text: string, prefix: string];

/** What the caller passes. */
export interface FrameObserveArgs {
  /** The key of the per-window state (`Symbol.for(key)`). */
  stateKey: string;
  /** A fresh main document numbers its refs from 1; other roots from minRef. */
  isMain: boolean;
  /** Lowest ref to hand out to new elements (keeps refs unique across frames). */
  minRef: number;
  nameMax: number;
  valueMax: number;
  textMax: number;
  /** Longest URL and title the header shows. */
  urlMax: number;
  titleMax: number;
  /** Which links show their target (see LinkTargets). */
  linkTargets: LinkTargets;
  /**
   * Most characters of controls, and apart of headings and text, one walk
   * hands back; items past it are only counted (`dropped`). Derived from
   * the token budget with room to spare, so the composer's choice is not
   * changed; it keeps a huge page from sending megabytes to the service.
   */
  maxChars: number;
  /**
   * Give text blocks and headings refs too (`[14] In stock: 7`), so a model
   * can name the element to read a value from (`extract`); off by default,
   * since refs cost tokens and only reading needs them.
   */
  textRefs?: boolean;
}

/** The element a text line is read from (with textRefs), and the refs map of its frame. */
interface TextOwner { el: Element; refs: Map<number, Element> }

/** One frame's observation. */
export interface FrameSnapshot {
  url: string;
  title: string;
  /** First observation of this document: nothing is marked new. */
  fresh: boolean;
  items: RawItem[];
  /** Highest ref handed out so far in this window. */
  maxRef: number;
  /** Iframes whose document could not be entered (cross-origin). */
  unreachableFrames: number;
  /** Items left out because the walk's `maxChars` was reached. */
  dropped: number;
  scroll: { x: number; y: number; width: number; height: number; viewportWidth: number; viewportHeight: number };
}

/** The walker. */
export interface DomObserver {
  observe(args: FrameObserveArgs): FrameSnapshot;
  /** The same, as JSON: Playwright's own serialiser is slow on thousands of items. */
  observeJson(args: FrameObserveArgs): string;
}

/** Page-safe factory of the walker. */
export function createDomObserver(lib: { aria: Aria; describer: Describer }): DomObserver {
  const { aria, describer } = lib;
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE', 'OBJECT', 'EMBED', 'CANVAS', 'MAP', 'DATALIST']);
  const CONTROL_ROLES = new Set(['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem']);
  const CONTROL_QUERY = 'a[href], button, input, select, textarea, [role], [onclick], [tabindex], [contenteditable]';
  // Copies of the module constants: only this function's body reaches the page.
  const ITEM_CONTROL = 0;
  const ITEM_HEADING = 1;
  const ITEM_TEXT = 2;

  interface WindowState {
    ids: WeakMap<Element, number>;
    next: number;
    refs: Map<number, Element>;
    texts: Set<string>;
    seq: number;
  }
  interface Ctx {
    refs: Map<number, Element>;
    inControl: boolean;
    noText: boolean;
    invisible: boolean;
    pointer: boolean;
  }

  function stateOf(win: Window, key: symbol): { state: WindowState; fresh: boolean } {
    const holder = win as unknown as Record<symbol, WindowState | undefined>;
    const existing = holder[key];
    if (existing) return { state: existing, fresh: false };
    const state: WindowState = { ids: new WeakMap(), next: 1, refs: new Map(), texts: new Set(), seq: 0 };
    Object.defineProperty(win, key, { value: state, enumerable: false, configurable: true });
    return { state, fresh: true };
  }

  function isNativeControl(el: Element): boolean {
    switch (el.tagName) {
      case 'BUTTON':
      case 'SELECT':
      case 'TEXTAREA':
      case 'SUMMARY':
        return true;
      case 'INPUT':
        return (el as HTMLInputElement).type !== 'hidden';
      case 'A':
      case 'AREA':
        return el.hasAttribute('href');
      default:
        return false;
    }
  }

  function isControl(el: Element, role: string, style: CSSStyleDeclaration, ctx: Ctx): boolean {
    if (isNativeControl(el) || CONTROL_ROLES.has(role)) return true;
    const html = el as HTMLElement;
    if (html.isContentEditable && !html.parentElement?.isContentEditable) return true;
    if (el.hasAttribute('onclick') || typeof html.onclick === 'function') return true;
    const tabindex = el.getAttribute('tabindex');
    if (tabindex !== null && Number(tabindex) >= 0 && el.tagName !== 'BODY') return true;
    // An element that introduces the pointer cursor is clickable in practice (div buttons).
    return style.cursor === 'pointer' && !ctx.pointer && !ctx.inControl && el.tagName !== 'LABEL';
  }

  function hasBox(el: Element): boolean {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return false;
    const win = el.ownerDocument.defaultView || window;
    // Parked far off-screen (skip links, closed drawers): not part of the page a person sees.
    return rect.right + win.scrollX > 0 && rect.bottom + win.scrollY > 0;
  }

  /** The first descendant with a box (within a few dozen), or null. */
  function boxedDescendant(el: Element): Element | null {
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode(), i = 0; n && i < 30; n = walker.nextNode(), i++) {
      if (hasBox(n as Element)) return n as Element;
    }
    return null;
  }

  function observe(args: FrameObserveArgs): FrameSnapshot {
    const key = Symbol.for(args.stateKey);
    const { state: root, fresh } = stateOf(window, key);
    root.next = fresh && args.isMain ? 1 : Math.max(root.next, args.minRef);
    root.seq++;
    root.refs.clear();
    const prevTexts = root.texts;
    const texts = new Set<string>();
    const items: RawItem[] = [];
    let unreachableFrames = 0;
    let buf = '';
    let prefix = '';
    /** With textRefs: the block the buffered text belongs to (the innermost block element being walked), and its frame's refs. */
    let block: TextOwner | null = null;
    let bufOwner: TextOwner | null = null;
    /** Links of this walk: their targets are decided once every name is known. */
    const links: { item: RawItem; name: string; href: string }[] = [];

    // Per kind (controls; headings and text): characters as shown, and as sent (cut marks carry more).
    const shown = [0, 0];
    const sent = [0, 0];
    let dropped = 0;
    /** Adds an item unless its kind's share of `maxChars` (or four times that, as sent) is spent; then it is only counted. */
    const push = (kind: number, ref: number, isNew: boolean, text: string): boolean => {
      const k = kind === ITEM_CONTROL ? 0 : 1;
      const size = describer.shownLength(text) + prefix.length + 8;
      const raw = text.length + prefix.length + 8;
      if (shown[k] + size > args.maxChars || sent[k] + raw > args.maxChars * 4) {
        dropped++;
        prefix = '';
        return false;
      }
      shown[k] += size;
      sent[k] += raw;
      items.push([kind, ref, isNew && !fresh ? 1 : 0, text, prefix]);
      prefix = '';
      return true;
    };
    /** The ref of `owner`'s element (stable across observations, as controls'), registered in its frame's refs. */
    const refOf = (owner: TextOwner): number => {
      let ref = root.ids.get(owner.el);
      if (ref === undefined) {
        ref = root.next++;
        root.ids.set(owner.el, ref);
      }
      owner.refs.set(ref, owner.el);
      return ref;
    };
    const pushText = (kind: number, text: string, owner: TextOwner | null = null): void => {
      const last = items[items.length - 1];
      if (last && last[0] !== ITEM_CONTROL && last[3] === text) return;
      texts.add(text);
      push(kind, owner ? refOf(owner) : 0, !prevTexts.has(text), text);
    };
    const flush = (): void => {
      const text = aria.normalize(buf).replace(/\s*\|$/, '');
      const owner = bufOwner;
      buf = '';
      bufOwner = null;
      if (/[\p{L}\p{N}]/u.test(text)) pushText(ITEM_TEXT, describer.cut(text, args.textMax), owner);
    };
    /** Emits a control line; its ref acts on `target` (the element itself unless it has no box). */
    const emitControl = (el: Element, role: string, ctx: Ctx, line: ControlLine = describer.control(el, role, args), target: Element = el): void => {
      flush();
      let ref = root.ids.get(el);
      const isNew = ref === undefined;
      if (ref === undefined) {
        ref = root.next++;
        root.ids.set(el, ref);
      }
      ctx.refs.set(ref, target);
      if (!push(ITEM_CONTROL, ref, isNew, line.text)) return;
      // Keyed by the name as shown: two names cut to the same 60 characters read the same.
      if (line.href) links.push({ item: items[items.length - 1], name: describer.truncate(line.name, args.nameMax), href: line.href });
    };
    /**
     * Appends link targets per `args.linkTargets`. Content pages repeat one
     * target under an image and a title, and most names already say where a
     * link goes: targets were a quarter of the tokens of a news page.
     */
    const addLinkTargets = (): void => {
      if (args.linkTargets === 'all') {
        const shown = new Set<string>();
        for (const link of links) {
          if (!shown.has(link.href)) link.item[3] += ` -> ${link.href}`;
          shown.add(link.href);
        }
        return;
      }
      const targetsByName = new Map<string, Set<string>>();
      for (const { name, href } of links) {
        const targets = targetsByName.get(name);
        if (targets) targets.add(href);
        else targetsByName.set(name, new Set([href]));
      }
      for (const link of links) {
        if (!link.name || targetsByName.get(link.name)!.size > 1) link.item[3] += ` -> ${link.href}`;
      }
    };

    const childrenOf = (el: Element): ArrayLike<Node> => {
      if (el.shadowRoot) return el.shadowRoot.childNodes;
      if (el.tagName === 'SLOT') {
        const assigned = (el as HTMLSlotElement).assignedNodes();
        if (assigned.length) return assigned;
      }
      return el.childNodes;
    };
    const walk = (el: Element, ctx: Ctx): void => {
      const kids = childrenOf(el);
      for (let i = 0; i < kids.length; i++) {
        const child = kids[i];
        if (child.nodeType === 3) {
          if (!ctx.inControl && !ctx.noText && !ctx.invisible) {
            buf += child.nodeValue;
            if (args.textRefs && !bufOwner && block && child.nodeValue?.trim()) bufOwner = block;
          }
        } else if (child.nodeType === 1) visit(child as Element, ctx);
      }
    };

    const visitFrame = (frame: HTMLIFrameElement, ctx: Ctx): void => {
      let doc: Document | null = null;
      try {
        doc = frame.contentDocument;
      } catch {
        doc = null;
      }
      if (!doc?.body || !doc.defaultView) {
        unreachableFrames++;
        return;
      }
      const { state } = stateOf(doc.defaultView, key);
      if (state.seq !== root.seq) {
        state.refs.clear();
        state.seq = root.seq;
      }
      flush();
      const title = frame.getAttribute('title') || frame.getAttribute('name');
      if (title) pushText(ITEM_HEADING, `iframe ${describer.cut(title, args.nameMax, true)}:`);
      visit(doc.body, { ...ctx, refs: state.refs, pointer: false });
      flush();
    };

    const visit = (el: Element, ctx: Ctx): void => {
      const tag = el.tagName;
      if (SKIP.has(tag) || el.getAttribute('aria-hidden') === 'true' || (el as HTMLElement).inert) return;
      const style = (el.ownerDocument.defaultView || window).getComputedStyle(el);
      const display = style.display;
      if (display === 'none' || style.contentVisibility === 'hidden') return;
      if (tag === 'IFRAME' || tag === 'FRAME') return visitFrame(el as HTMLIFrameElement, ctx);
      const invisible = style.visibility !== 'visible';
      const isBlock = display !== 'contents' && !display.startsWith('inline') && display !== 'table-cell';
      if (isBlock) flush();
      else if (display === 'table-cell' || display.startsWith('inline-')) buf += ' ';
      if (display === 'table-cell' && buf.trim()) buf += '| ';
      const role = aria.role(el);
      if (!invisible && isControl(el, role, style, ctx)) {
        // A zero-size link around a floated image is clicked through its visible content.
        const target = hasBox(el) ? el : boxedDescendant(el);
        if (!target) return;
        emitControl(el, role, ctx, undefined, target);
        // Options of a native select are in its line; other controls may nest controls.
        if (tag !== 'SELECT' && el.localName !== 'svg') walk(el, { ...ctx, inControl: true, pointer: style.cursor === 'pointer' });
        return;
      }
      if (tag === 'LABEL') {
        const control = (el as HTMLLabelElement).control;
        // A label standing in for a hidden custom checkbox is what a person clicks.
        if (control && !ctx.inControl && !invisible && !hasBox(control) && hasBox(el)) {
          const controlRole = aria.role(control);
          return emitControl(el, controlRole, ctx, describer.control(control, controlRole, args));
        }
        if (control && hasBox(control)) return walk(el, { ...ctx, noText: true });
      }
      if (!ctx.inControl && !invisible && role === 'heading') {
        flush();
        const level = Math.min(6, Number(el.getAttribute('aria-level')) || Number(tag.slice(1)) || 2);
        if (el.querySelector(CONTROL_QUERY)) {
          prefix = `${'#'.repeat(level)} `;
          walk(el, ctx);
          flush();
          prefix = '';
        } else {
          const name = aria.name(el);
          if (name) pushText(ITEM_HEADING, `${'#'.repeat(level)} ${describer.cut(name, args.textMax)}`, args.textRefs ? { el, refs: ctx.refs } : null);
        }
        return;
      }
      const dialog = !ctx.inControl && !invisible && (role === 'dialog' || role === 'alertdialog') && hasBox(el);
      if (dialog) pushText(ITEM_HEADING, `${role} ${describer.cut(aria.name(el), args.nameMax, true)}:`);
      if (tag === 'BR') buf += ' ';
      if (el.localName !== 'svg' && tag !== 'SELECT') {
        const outer = block;
        if (isBlock && args.textRefs) block = { el, refs: ctx.refs };
        walk(el, invisible === ctx.invisible && style.cursor === 'pointer' === ctx.pointer ? ctx : { ...ctx, invisible, pointer: style.cursor === 'pointer' });
        if (isBlock) flush(); // while `block` is this element: its text's owner
        block = outer;
      }
      if (isBlock) flush();
      if (dialog) pushText(ITEM_HEADING, `end ${role}`);
    };

    if (document.body) visit(document.body, { refs: root.refs, inControl: false, noText: false, invisible: false, pointer: false });
    flush();
    addLinkTargets();
    root.texts = texts;
    const scroller = document.scrollingElement || document.documentElement;
    // A page decides how long these are: bounded here, before they cross to the service, with room
    // past what the header shows (the service cuts that, after redaction: compose-observation.ts).
    const bound = (text: string, max: number): string => (text.length > max ? text.slice(0, max) : text);
    return {
      url: bound(location.href, args.urlMax + 256),
      title: bound(String(document.title), args.titleMax + 256),
      fresh,
      items,
      maxRef: root.next - 1,
      unreachableFrames,
      dropped,
      scroll: {
        x: Math.round(window.scrollX),
        y: Math.round(window.scrollY),
        width: scroller ? scroller.scrollWidth : 0,
        height: scroller ? scroller.scrollHeight : 0,
        viewportWidth: window.innerWidth,
        viewportHeight: window.innerHeight,
      },
    };
  }

  return { observe, observeJson: (args) => JSON.stringify(observe(args)) };
}
