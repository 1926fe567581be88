/**
 * The selector engine of the WebDriver driver, run inside the page with
 * plain DOM APIs: CSS through `querySelectorAll`, XPath through
 * `document.evaluate`, text through XPath on whitespace-normalised text, and
 * observation refs through the observer's per-window state. Element states
 * (visible, enabled...) are read here too. Only elements of the top document
 * are returned: WebDriver cannot hand back an element of another frame from
 * a script run in the top one. Self-contained: runs in the page.
 */

/** What the page runs for one candidate (mirrors selector-candidates.ts `Query`). */
export type PageQuery =
  | { kind: 'css'; value: string }
  | { kind: 'xpath'; value: string }
  | { kind: 'text'; value: string; exact: boolean; ignoreCase: boolean }
  | { kind: 'ref'; ref: number }
  /** Run by the agreement pass of page-lib.ts, never by query(). */
  | { kind: 'fingerprint'; fingerprint: import('../../../../lib/page-scripts/selectors/fingerprint').Fingerprint };

/** What an action needs to know about an element before acting. */
export interface ElementFacts {
  connected: boolean;
  visible: boolean;
  enabled: boolean;
  /** A text field, select or content-editable that accepts input now. */
  editable: boolean;
  /** Checked state of a checkbox/radio (native or ARIA), null for other elements. */
  checked: boolean | null;
  /** A native radio button (cannot be unchecked by clicking). */
  radio: boolean;
}

/** The engine. */
export interface Locate {
  /** Elements of the top document matching `query`; throws on invalid syntax or an unusable ref. */
  query(query: PageQuery, observerKey: string): Element[];
  facts(el: Element): ElementFacts;
  isVisible(el: Element): boolean;
  /** Collapses whitespace runs into one space and trims. */
  normalize(text: string): string;
}

/** Page-safe factory of the engine. */
export function createLocate(): Locate {
  const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞ';
  const LOWER = 'abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþ';
  const SKIPPED = 'self::script or self::style or self::noscript or self::template';
  const TEXT_INPUT_TYPES = ['', 'text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week'];

  const normalize = (text: string): string => text.replace(/\s+/g, ' ').trim();

  /** Lower-cases exactly like the XPath translate() below does. */
  function fold(text: string): string {
    let out = '';
    for (const ch of text) {
      const i = UPPER.indexOf(ch);
      out += i >= 0 ? LOWER[i] : ch;
    }
    return out;
  }

  /** An XPath string literal (XPath 1.0 has no escapes: concat() joins the quote characters). */
  function literal(value: string): string {
    if (!value.includes('"')) return `"${value}"`;
    if (!value.includes("'")) return `'${value}'`;
    return `concat(${value.split('"').map((part) => `"${part}"`).join(`, '"', `)})`;
  }

  function xpath(expression: string): Element[] {
    const result = document.evaluate(expression, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    const out: Element[] = [];
    for (let i = 0; i < result.snapshotLength; i++) {
      const node = result.snapshotItem(i);
      if (node && node.nodeType === 1) out.push(node as Element);
    }
    return out;
  }

  /** Innermost body elements whose normalised text equals / contains the value. */
  function text(value: string, exact: boolean, ignoreCase: boolean): Element[] {
    const wanted = normalize(value);
    if (!wanted) return [];
    const subject = ignoreCase ? `translate(normalize-space(.), "${UPPER}", "${LOWER}")` : 'normalize-space(.)';
    const lit = literal(ignoreCase ? fold(wanted) : wanted);
    const test = exact ? `${subject} = ${lit}` : `contains(${subject}, ${lit})`;
    // An element matches unless a child element matches too: the innermost one holds the text.
    return xpath(`//body/descendant-or-self::*[not(${SKIPPED})][${test}][not(*[not(${SKIPPED})][${test}])]`);
  }

  type ObserverState = { refs?: Map<number, Element> };
  function refIn(win: Window, key: symbol, ref: number, depth: number): Element | null {
    const state = (win as unknown as Record<symbol, ObserverState | undefined>)[key];
    const el = state?.refs?.get(ref);
    if (el && el.isConnected) return el;
    if (depth > 3) return null;
    for (let i = 0; i < win.frames.length; i++) {
      try {
        const found = refIn(win.frames[i] as Window, key, ref, depth + 1);
        if (found) return found;
      } catch {
        // A cross-origin frame: its refs are not reachable from here.
      }
    }
    return null;
  }

  function ref(n: number, observerKey: string): Element[] {
    const el = refIn(window, Symbol.for(observerKey), n, 0);
    if (!el) return [];
    if (el.ownerDocument !== document) throw new Error('it is inside a frame, which this driver cannot act on');
    return [el];
  }

  function isVisible(el: Element): boolean {
    if (!el.isConnected) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return false;
    return getComputedStyle(el).visibility === 'visible';
  }

  function isEnabled(el: Element): boolean {
    if (el.matches(':disabled')) return false;
    return !el.closest('[aria-disabled="true"]');
  }

  function facts(el: Element): ElementFacts {
    const input = el as HTMLInputElement;
    const tag = el.tagName;
    const enabled = isEnabled(el);
    const type = tag === 'INPUT' ? (input.getAttribute('type') || '').toLowerCase() : '';
    const textInput = (tag === 'INPUT' && TEXT_INPUT_TYPES.includes(type)) || tag === 'TEXTAREA';
    const editable = enabled && (((textInput) && !input.readOnly) || tag === 'SELECT' || (el as HTMLElement).isContentEditable);
    let checked: boolean | null = null;
    if (tag === 'INPUT' && (type === 'checkbox' || type === 'radio')) checked = input.checked;
    else if (['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'].includes(el.getAttribute('role') || '')) checked = el.getAttribute('aria-checked') === 'true';
    return { connected: el.isConnected, visible: isVisible(el), enabled, editable, checked, radio: tag === 'INPUT' && type === 'radio' };
  }

  return {
    query(query: PageQuery, observerKey: string): Element[] {
      switch (query.kind) {
        case 'css': return Array.from(document.querySelectorAll(query.value));
        case 'xpath': return xpath(query.value);
        case 'text': return text(query.value, query.exact, query.ignoreCase);
        case 'ref': return ref(query.ref, observerKey);
        default: return [];
      }
    },
    facts,
    isVisible,
    normalize,
  };
}
