/**
 * The shortest `tag:nth-of-type(n)` chain that is unique in its document or
 * shadow root, starting from a stable anchor (non-volatile id or test id)
 * when one is near. Shadow boundaries become ` >> ` so Playwright continues
 * the query inside the host. Self-contained: runs in the page.
 */
import type { Quote } from './quote';
import type { Volatility } from './volatility';

/** CSS path helpers. */
export interface CssPath {
  /** The element's CSS path. */
  of(el: Element): string;
  /** `#id` or `[data-testid="x"]` when the element has a stable one, else ''. */
  anchorOf(el: Element): string;
  /** The element's parent, crossing out of shadow roots. */
  parentOf(el: Element): Element | null;
}

/** The attributes that hold test ids, best first. */
export const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];

/** Page-safe factory of the CSS path helpers. */
export function createCssPath(lib: { quote: Quote; volatility: Volatility }): CssPath {
  // Repeated here: the factory may only use its own body (TEST_ID_ATTRIBUTES is for Node callers).
  const TEST_IDS = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const MAX_STEPS = 12;

  function count(root: Document | ShadowRoot, selector: string): number {
    try {
      return root.querySelectorAll(selector).length;
    } catch {
      return 0;
    }
  }

  function anchorOf(el: Element): string {
    for (const attr of TEST_IDS) {
      const value = el.getAttribute(attr);
      if (value && !lib.volatility.isVolatileValue(value)) return `[${attr}=${lib.quote.css(value)}]`;
    }
    const id = el.getAttribute('id');
    if (id && !lib.volatility.isVolatileId(id)) return `#${lib.quote.ident(id)}`;
    return '';
  }

  function step(el: Element): string {
    const tag = lib.quote.ident(el.localName);
    const parent = el.parentElement || (el.parentNode as ShadowRoot | null);
    if (!parent) return tag;
    let index = 0;
    let total = 0;
    for (const sibling of Array.from(parent.children)) {
      if (sibling.localName !== el.localName) continue;
      total++;
      if (sibling === el) index = total;
    }
    return total > 1 ? `${tag}:nth-of-type(${index})` : tag;
  }

  function pathInRoot(el: Element, root: Document | ShadowRoot): string {
    const steps: string[] = [];
    for (let cur: Element | null = el; cur && steps.length < MAX_STEPS; cur = cur.parentElement) {
      const anchor = anchorOf(cur);
      if (anchor && count(root, anchor) === 1) {
        steps.unshift(anchor);
        break;
      }
      steps.unshift(step(cur));
      if (count(root, steps.join(' > ')) === 1) break;
    }
    return steps.join(' > ');
  }

  return {
    of(el: Element): string {
      const chains: string[] = [];
      let node: Element = el;
      for (;;) {
        const root = node.getRootNode() as Document | ShadowRoot;
        chains.unshift(pathInRoot(node, root));
        if (root.nodeType === Node.DOCUMENT_FRAGMENT_NODE && (root as ShadowRoot).host) {
          node = (root as ShadowRoot).host;
          continue;
        }
        return chains.join(' >> ');
      }
    },
    anchorOf,
    parentOf(el: Element): Element | null {
      if (el.parentElement) return el.parentElement;
      const parent = el.parentNode as ShadowRoot | null;
      return parent && parent.nodeType === Node.DOCUMENT_FRAGMENT_NODE ? parent.host : null;
    },
  };
}
