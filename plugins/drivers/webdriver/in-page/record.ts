/**
 * Selector recording of the WebDriver driver: up to 5 candidates for an
 * element, best first, each verified right here to match exactly that
 * element with the same engine the driver finds elements with. Only
 * syntaxes that both this driver and Playwright run are produced (test-id
 * attributes, `#id`, `[name=]`, `[placeholder=]`, `text="..."`, a CSS path),
 * so reruns and generated Playwright tests can replay them.
 * Self-contained: runs in the page.
 */
import type { CssPath } from '../../../../lib/page-scripts/selectors/css-path';
import type { Quote } from '../../../../lib/page-scripts/selectors/quote';
import type { Volatility } from '../../../../lib/page-scripts/selectors/volatility';
import type { Locate, PageQuery } from './locate';

/** The recorder. */
export interface Recorder {
  /** Verified candidates for `el`; empty for elements in shadow roots or frames. */
  selectors(el: Element, observerKey: string): string[];
}

/** Page-safe factory of the recorder. */
export function createRecorder(lib: { locate: Locate; quote: Quote; volatility: Volatility; cssPath: CssPath }): Recorder {
  const { locate, quote, volatility, cssPath } = lib;
  const MAX = 5;
  const TEST_IDS = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const FORM_TAGS = ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'];
  const TEXT_MAX = 40;
  const ATTR_MAX = 120;

  return {
    selectors(el: Element, observerKey: string): string[] {
      // Selectors are verified against the top document: shadow and frame content cannot be.
      if (el.getRootNode() !== document) return [];
      const out: string[] = [];
      const add = (selector: string, query: PageQuery): void => {
        if (out.length >= MAX || !selector || out.includes(selector)) return;
        try {
          const found = locate.query(query, observerKey);
          if (found.length === 1 && found[0] === el) out.push(selector);
        } catch {
          // Not valid where it would be replayed: not a candidate.
        }
      };
      const css = (selector: string): void => add(selector, { kind: 'css', value: selector });
      const attr = (name: string): string => {
        const value = el.getAttribute(name);
        return value && value.length <= ATTR_MAX ? value : '';
      };
      const tag = quote.ident(el.localName);

      for (const name of TEST_IDS) {
        const value = attr(name);
        if (value && !volatility.isVolatileValue(value)) css(`[${name}=${quote.css(value)}]`);
      }
      const id = attr('id');
      if (id && !volatility.isVolatileId(id)) css(`#${quote.ident(id)}`);
      const name = attr('name');
      if (name && FORM_TAGS.includes(el.tagName) && !volatility.isVolatileValue(name)) {
        const type = ((el as HTMLInputElement).type || '').toLowerCase();
        const value = attr('value');
        if ((type === 'radio' || type === 'checkbox') && value) css(`${tag}[name=${quote.css(name)}][value=${quote.css(value)}]`);
        else css(`${tag}[name=${quote.css(name)}]`);
      }
      const placeholder = attr('placeholder');
      if (placeholder) css(`${tag}[placeholder=${quote.css(placeholder)}]`);
      if (!FORM_TAGS.includes(el.tagName) || el.tagName === 'BUTTON') {
        const text = locate.normalize(el.textContent || '');
        if (text && text.length <= TEXT_MAX) add(`text=${quote.text(text)}`, { kind: 'text', value: text, exact: true, ignoreCase: false });
      }
      const path = cssPath.of(el);
      if (!path.includes('>>')) css(path);
      return out;
    },
  };
}
