/**
 * Masks env values in what the page shows, so no picture of it (step
 * screenshots, video frames, live frames) can be read back. Driver-neutral,
 * run inside each document that may show a value: a driver gives a
 * document only the values allowed on its origin (FlowSecrets.maskValuesFor),
 * never the others.
 *
 * Every element whose own text, value or placeholder contains a value gets
 * the attribute `data-browserflow-masked`, which a constructed stylesheet
 * (adopted by the document and every open shadow root; not subject to the
 * page's CSP) paints as a black box with transparent text. A field the flow
 * typed a value into is marked `stick`-y: it stays masked for the rest of
 * the document's life, whatever the page turns its value into. A
 * MutationObserver and input events mark new text as it appears (before
 * the next paint), a short interval catches values set by script without an
 * event, and drivers call `scan` before each picture they take.
 *
 * Marks only ever add: an element once masked stays masked.
 */
import { pageFunction } from './page-function';

type NoLib = Record<string, never>;
const NO_LIB = {} as NoLib;

/** The attribute of a masked element. */
export const MASK_ATTRIBUTE = 'data-browserflow-masked';

/** The window property (a Symbol.for key, out of enumerations) holding a document's masker. */
export const MASK_KEY = 'browserflow.secretMask';

/** What installSecretMask takes (one object: Playwright passes one argument). */
export interface MaskArgs {
  /**
   * The origin the values were chosen for: a document of any other origin
   * (one that replaced the expected document meanwhile) takes nothing.
   */
  origin: string;
  /** MASK_KEY. */
  key: string;
  /** MASK_ATTRIBUTE. */
  attribute: string;
  /** The values allowed on the document's origin. */
  values: string[];
}

/** The arguments of installSecretMask for `values`. */
export function maskArgs(origin: string, values: string[]): MaskArgs {
  return { origin, key: MASK_KEY, attribute: MASK_ATTRIBUTE, values };
}

/**
 * Installs the masker in the current document (once) with `values` added,
 * then scans it; answers how many elements are masked (-1: the document is
 * not of `origin`, nothing was done). Same-origin child
 * documents (iframes) are masked too: they share the origin.
 */
export const installSecretMask = pageFunction<NoLib, [MaskArgs], number>(NO_LIB, (_lib, args) => {
  // First of all (`location` cannot be redefined by the page): values go to no other origin than theirs.
  if (location.origin !== args.origin) return -1;
  const { key, attribute, values } = args;
  type Masker = { add(values: string[]): void; scan(): number; stick(el: Element): void };
  const w = window as unknown as Record<symbol, Masker | undefined>;
  const symbol = Symbol.for(key);
  let masker = w[symbol];
  if (!masker) {
    const known: string[] = [];
    const sticky = new WeakSet<Element>();
    const styled = new WeakSet<Document | ShadowRoot>();
    const css = `[${attribute}],[${attribute}] *{color:transparent!important;-webkit-text-fill-color:transparent!important;text-shadow:none!important;`
      + `background:#000!important;background-image:none!important;caret-color:transparent!important;border-color:#000!important}`
      + `[${attribute}]::placeholder,[${attribute}] *::placeholder{color:transparent!important;-webkit-text-fill-color:transparent!important}`;
    const contains = (text: unknown): boolean => typeof text === 'string' && text.length > 0 && known.some((v) => text.includes(v));
    const mark = (el: Element | null): void => {
      if (el && !el.hasAttribute(attribute)) el.setAttribute(attribute, '');
    };
    const style = (root: Document | ShadowRoot): void => {
      if (styled.has(root)) return;
      styled.add(root);
      try {
        const view = (root as Document).defaultView ?? root.ownerDocument?.defaultView ?? window;
        const sheet = new view.CSSStyleSheet();
        sheet.replaceSync(css);
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      } catch {
        // No constructable stylesheets (an old engine): a style element instead.
        const el = (root.ownerDocument ?? (root as Document)).createElement('style');
        el.textContent = css;
        (root.nodeType === 11 ? root : (root as Document).documentElement).appendChild(el);
      }
    };
    const checkField = (el: Element): void => {
      const field = el as HTMLInputElement;
      if (sticky.has(el) || contains(field.value) || contains(field.placeholder) || contains(el.getAttribute('value'))) mark(el);
    };
    const observers = new WeakSet<Node>();
    // Node types, not instanceof: nodes of a child document are instances of its own window's classes.
    const scanTree = (root: Document | ShadowRoot | Element): void => {
      const isDocument = root.nodeType === 9;
      const doc = isDocument ? (root as Document) : root.ownerDocument;
      if (!doc) return;
      const top = isDocument || root.nodeType === 11 ? (root as Document | ShadowRoot) : null;
      if (top) {
        style(top);
        watch(top);
      }
      const scope = root as ParentNode;
      for (const el of Array.from(scope.querySelectorAll('input, textarea, select, [contenteditable]'))) checkField(el);
      if (root.nodeType === 1 && (root as Element).matches('input, textarea, select, [contenteditable]')) checkField(root as Element);
      const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (contains((n as Text).data)) mark(n.parentElement);
      for (const el of Array.from(scope.querySelectorAll('*'))) {
        if (el.shadowRoot) scanTree(el.shadowRoot);
        if (el.tagName === 'IFRAME' || el.tagName === 'FRAME') {
          // A same-origin child document shares the origin, so its values; another origin's is left to its own masker.
          try {
            const child = (el as HTMLIFrameElement).contentDocument;
            if (child) scanTree(child);
          } catch { /* another origin */ }
        }
      }
    };
    const watch = (root: Document | ShadowRoot): void => {
      if (observers.has(root)) return;
      observers.add(root);
      new MutationObserver((records) => {
        if (!known.length) return;
        for (const r of records) {
          if (r.type === 'characterData') {
            if (contains((r.target as Text).data)) mark(r.target.parentElement);
          } else if (r.type === 'attributes') {
            checkField(r.target as Element);
          } else {
            for (const node of Array.from(r.addedNodes)) {
              if (node.nodeType === Node.TEXT_NODE) {
                if (contains((node as Text).data)) mark(node.parentElement);
              } else if (node.nodeType === Node.ELEMENT_NODE) scanTree(node as Element);
            }
          }
        }
      }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['value', 'placeholder'] });
      // Typing changes a field's value without a mutation: its input event comes before the next paint.
      root.addEventListener('input', (e) => { if (known.length && (e.target as Node | null)?.nodeType === 1) checkField(e.target as Element); }, true);
    };
    const scanAll = (): number => {
      if (!known.length) return 0;
      scanTree(document);
      return document.querySelectorAll(`[${attribute}]`).length;
    };
    // A value set by script fires no event: form fields are looked at again a few times a second.
    setInterval(() => {
      if (!known.length) return;
      for (const el of Array.from(document.querySelectorAll('input, textarea, select'))) checkField(el);
    }, 250);
    masker = {
      add(list) {
        for (const v of list) if (typeof v === 'string' && v && !known.includes(v)) known.push(v);
        // Longest first: a value inside another is found by the longer one anyway.
        known.sort((a, b) => b.length - a.length);
      },
      scan: scanAll,
      stick(el) {
        sticky.add(el);
        mark(el);
      },
    };
    Object.defineProperty(window, symbol, { value: masker, configurable: false, enumerable: false, writable: false });
  }
  masker.add(values);
  return masker.scan();
});

/** Marks `element` (a field a value was typed into) masked for the rest of its document's life; false when its document has no masker. */
export const stickSecretMask = pageFunction<NoLib, [Element, string], boolean>(NO_LIB, (_lib, element, key) => {
  type Holder = Record<symbol, { stick(el: Element): void } | undefined>;
  const own = element.ownerDocument?.defaultView as unknown as Holder | null;
  const masker = own?.[Symbol.for(key)] ?? (window as unknown as Holder)[Symbol.for(key)];
  if (!masker) return false;
  masker.stick(element);
  return true;
});
