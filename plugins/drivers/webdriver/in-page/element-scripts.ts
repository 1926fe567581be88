/**
 * Small in-page functions of the element actions: each is self-contained
 * (built with pageFunction and no library, so the tsx `__name` helper is
 * shimmed) and run with WebDriver `executeScript`.
 */
import { pageFunction } from '../../../../lib/page-scripts/page-function';

type NoLib = Record<string, never>;
const NO_LIB = {} as Record<string, never>;

/**
 * Selects the options of a `<select>` whose value or label is in `values`
 * (the others are deselected), fires `input` and `change`, and returns the
 * selected values. Throws a readable message for a non-select or an unknown option.
 */
export const selectOptionsInPage = pageFunction<NoLib, [Element, string[]], string[]>(NO_LIB, (_lib, el, values) => {
  if (!(el instanceof HTMLSelectElement)) throw new Error(`Element is not a <select> element (it is <${el.localName}>)`);
  const options = Array.from(el.options);
  const norm = (t: string) => t.replace(/\s+/g, ' ').trim();
  const picked: HTMLOptionElement[] = [];
  const missing: string[] = [];
  for (const value of values) {
    const option = options.find((o) => o.value === value) || options.find((o) => norm(o.label || o.text) === norm(value));
    if (option) picked.push(option);
    else missing.push(value);
  }
  if (missing.length) {
    const cut = (t: string) => (t.length > 80 ? `${t.slice(0, 80)}…` : t);
    const known = options.slice(0, 10).map((o) => `${cut(o.value)} (${cut(norm(o.label || o.text))})`).join(', ');
    throw new Error(`No option matches ${missing.map((m) => JSON.stringify(m)).join(', ')}; options: ${known}`);
  }
  if (!el.multiple && picked.length > 1) throw new Error('The <select> takes one option, but several were given');
  for (const option of options) option.selected = picked.includes(option);
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return Array.from(el.selectedOptions, (o) => o.value);
});

/** The `<input type=file>` that takes files for `el` (itself, or the control of a label), or null. */
export const fileInputOf = pageFunction<NoLib, [Element], Element | null>(NO_LIB, (_lib, el) => {
  if (el instanceof HTMLInputElement && el.type === 'file') return el;
  if (el instanceof HTMLLabelElement && el.control instanceof HTMLInputElement && el.control.type === 'file') return el.control;
  return null;
});

/** Brings the element to the middle of the viewport (before pointer actions). */
export const scrollIntoView = pageFunction<NoLib, [Element], null>(NO_LIB, (_lib, el) => {
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' as ScrollBehavior });
  return null;
});

/** Puts the caret after the current value (typing then appends). */
export const caretToEnd = pageFunction<NoLib, [Element], null>(NO_LIB, (_lib, el) => {
  const field = el as HTMLInputElement;
  if (typeof field.focus === 'function') field.focus();
  if (typeof field.setSelectionRange === 'function' && typeof field.value === 'string') {
    try {
      field.setSelectionRange(field.value.length, field.value.length);
    } catch {
      // Not a text field (number, email): the browser keeps its own caret.
    }
  }
  return null;
});

/**
 * Scrolls inside `el` when it scrolls that way (80% of its box), else brings
 * it into view; without an element, scrolls the page by 80% of the viewport.
 */
export const scrollInPage = pageFunction<NoLib, [Element | null, string], null>(NO_LIB, (_lib, el, direction) => {
  const vertical = direction === 'up' || direction === 'down';
  const sign = direction === 'up' || direction === 'left' ? -1 : 1;
  if (!el) {
    const step = Math.round((vertical ? innerHeight : innerWidth) * 0.8) * sign;
    window.scrollBy({ top: vertical ? step : 0, left: vertical ? 0 : step, behavior: 'instant' as ScrollBehavior });
    return null;
  }
  const style = getComputedStyle(el);
  const overflow = vertical ? style.overflowY : style.overflowX;
  const room = vertical ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
  if (room > 0 && /(auto|scroll|overlay)/.test(overflow)) {
    const step = Math.round((vertical ? el.clientHeight : el.clientWidth) * 0.8) * sign;
    el.scrollBy({ top: vertical ? step : 0, left: vertical ? 0 : step, behavior: 'instant' as ScrollBehavior });
  } else {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' as ScrollBehavior });
  }
  return null;
});

/** innerText of the element, or of the body when null, cut to `max` characters in the page, with its whole length. */
export const innerTextOf = pageFunction<NoLib, [Element | null, number], { text: string; length: number }>(NO_LIB, (_lib, el, max) => {
  const target = el || document.body;
  if (!target) return { text: '', length: 0 };
  const html = target as HTMLElement;
  const text = typeof html.innerText === 'string' ? html.innerText : target.textContent || '';
  return { text: text.length > max ? text.slice(0, max) : text, length: text.length };
});

/** Whether `text` (whitespace-normalised, case-insensitive) is part of the page's visible text. */
export const hasVisibleText = pageFunction<NoLib, [string], boolean>(NO_LIB, (_lib, text) => {
  const norm = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();
  const wanted = norm(text);
  if (!wanted || !document.body) return false;
  return norm(document.body.innerText).includes(wanted);
});

/**
 * The browser's own error page after a failed navigation, as the network
 * error code (`ERR_CONNECTION_REFUSED`), or null for a real page.
 * Chromium shows `chrome-error://chromewebdata/`, Firefox `about:neterror`.
 */
export const navigationErrorCode = pageFunction<NoLib, [], string | null>(NO_LIB, () => {
  const uri = document.documentURI || '';
  if (uri.startsWith('chrome-error:')) {
    const code = document.querySelector('.error-code');
    return (code && code.textContent ? code.textContent.trim() : '') || 'ERR_FAILED';
  }
  if (uri.startsWith('about:neterror')) {
    const m = /[?&]e=([^&]+)/.exec(uri);
    return m ? m[1] : 'ERR_FAILED';
  }
  return null;
});
