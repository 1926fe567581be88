/**
 * Elements described for a person, inside the page: `button "Save"` (the
 * ARIA role, else the tag, and the accessible name), whether it is visible,
 * and its box in the top window's viewport (frames' offsets added, as far as
 * same-origin frames let them be read). Used by "point and act" (the element
 * at a point of the live page) and by selector tests, on both drivers.
 * Self-contained: runs in the page.
 */
import { pageFunction, type PageFactories } from '../page-function';
import { createAria, type Aria } from '../selectors/aria';
import type { ElementBox } from '../../../kernel/contracts/browser-driver';
import type { ElementDescription } from '../../page-actions/page-actions';

/** The describer. */
export interface Describe {
  describe(el: Element): ElementDescription;
  /** The element's box in the top window's viewport. */
  box(el: Element): ElementBox;
  /**
   * The innermost element at (x, y) of this document's viewport: with
   * `enterFrames`, same-origin frames are entered (the element of a
   * cross-origin frame is the iframe itself).
   */
  at(x: number, y: number, enterFrames: boolean): { element: Element; inFrame: boolean } | null;
  /** Where an iframe's content starts in its document's viewport. */
  contentOffset(frame: Element): { x: number; y: number };
}

/** Page-safe factory of the describer. */
export function createDescribe(lib: { aria: Aria }): Describe {
  /** Longest accessible name shown, in characters. */
  const max = 80;
  function topWindow(): Window {
    let w: Window = window;
    try {
      while (w.parent !== w && w.parent.document) w = w.parent;
    } catch {
      // A cross-origin parent: this window is as far up as can be read.
    }
    return w;
  }
  function box(el: Element): ElementBox {
    const r = el.getBoundingClientRect();
    let x = r.left;
    let y = r.top;
    let win: Window | null = el.ownerDocument.defaultView;
    try {
      while (win && win.frameElement) {
        const f = win.frameElement.getBoundingClientRect();
        x += f.left + (win.frameElement as HTMLElement).clientLeft;
        y += f.top + (win.frameElement as HTMLElement).clientTop;
        win = win.parent;
      }
    } catch {
      // A cross-origin frame boundary: the offset stops there.
    }
    const top = topWindow();
    return { x: Math.round(x), y: Math.round(y), width: Math.round(r.width), height: Math.round(r.height), viewportWidth: top.innerWidth, viewportHeight: top.innerHeight };
  }
  function visible(el: Element): boolean {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    const style = (el.ownerDocument.defaultView || window).getComputedStyle(el);
    return style.visibility === 'visible' && style.display !== 'none';
  }
  return {
    box,
    describe(el: Element): ElementDescription {
      const tag = el.localName;
      const role = lib.aria.role(el);
      let name = '';
      try {
        name = lib.aria.name(el, true, false);
      } catch {
        name = '';
      }
      if (name.length > max) name = `${name.slice(0, max - 1)}…`;
      const description = `${role || tag}${name ? ` ${JSON.stringify(name)}` : ''}`;
      return { description, tag, role, name, visible: visible(el), box: box(el) };
    },
    contentOffset(frame: Element) {
      const r = frame.getBoundingClientRect();
      return { x: r.left + frame.clientLeft, y: r.top + frame.clientTop };
    },
    at(x: number, y: number, enterFrames: boolean) {
      let doc: Document = document;
      let px = x;
      let py = y;
      let inFrame = false;
      for (let depth = 0; depth < 8; depth++) {
        const el = doc.elementFromPoint(px, py);
        if (!el) return null;
        const frame = el as HTMLIFrameElement;
        if (!enterFrames || (el.localName !== 'iframe' && el.localName !== 'frame')) return { element: el, inFrame };
        let inner: Document | null = null;
        try {
          inner = frame.contentDocument;
        } catch {
          inner = null;
        }
        if (!inner) return { element: el, inFrame };
        const r = frame.getBoundingClientRect();
        px -= r.left + frame.clientLeft;
        py -= r.top + frame.clientTop;
        doc = inner;
        inFrame = true;
      }
      return null;
    },
  };
}

/** The in-page library of the describer. */
export interface DescribeLib {
  aria: Aria;
  describe: Describe;
}

export const DESCRIBE_LIB: PageFactories<DescribeLib> = { aria: createAria, describe: createDescribe };

/** The element at (x, y) of this document's viewport, frames not entered (a driver with frame handles enters them itself), or null. */
export const elementAtPoint = pageFunction<DescribeLib, [{ x: number; y: number }], Element | null>(DESCRIBE_LIB, (lib, p) => lib.describe.at(p.x, p.y, false)?.element ?? null);

/** Where an iframe element's content starts in its document's viewport. */
export const frameContentOffset = pageFunction<DescribeLib, [Element], { x: number; y: number }>(DESCRIBE_LIB, (lib, el) => lib.describe.contentOffset(el));

/** One element described. */
export const describeElement = pageFunction<DescribeLib, [Element], ElementDescription>(DESCRIBE_LIB, (lib, el) => lib.describe.describe(el));

/** Up to `limit` elements described, for a selector test. */
export const describeElements = pageFunction<DescribeLib, [Element[], number], ElementDescription[]>(DESCRIBE_LIB, (lib, els, limit) => els.slice(0, limit).map((el) => lib.describe.describe(el)));
