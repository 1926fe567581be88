/**
 * Words for the step titles of generated tests: `Click button "Sign in"`,
 * `Fill "Email address" with "ada@acme.test"`, `Fill "Password" with
 * ${PASSWORD}`. Titles show the recorded parameters, so a secret appears as
 * its `${NAME}` placeholder, never as a value. They are plain text; the
 * caller turns them into string literals.
 */
import type { Target } from './locator-code';

const VALUE_MAX = 60;
const PLACEHOLDER_ONLY = /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/;

/** Roles a verb already implies: `Fill "Email"`, not `Fill textbox "Email"`. */
export const IMPLIED_ROLES = {
  fill: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  select: ['combobox', 'listbox'],
  check: ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio'],
  none: [] as string[],
} as const;

/** One line, at most VALUE_MAX characters (cut with `…`). */
export function oneLine(text: string, max = VALUE_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A value in a title: `"text"`, or `${NAME}` bare when it is only a placeholder. */
export function quoted(value: string): string {
  return PLACEHOLDER_ONLY.test(value) ? value : `"${oneLine(value)}"`;
}

/** The ranking of what tells a person which element a step means, best first. */
function rank(t: Target): number {
  if (t.kind === 'role') return t.name ? 0 : 7;
  return { label: 1, text: 2, placeholder: 3, alt: 4, title: 5, testId: 6, css: 8 }[t.kind];
}

/**
 * The element a step acts on, in words, from the best of its candidates:
 * `button "Sign in"`, `"Email address"` (a label, or a role the verb
 * implies), `test id "save"`, `#email`.
 */
export function elementName(targets: Target[], implied: readonly string[] = []): string {
  const best = [...targets].sort((a, b) => rank(a) - rank(b))[0];
  if (!best) return 'the element';
  switch (best.kind) {
    case 'role':
      if (!best.name) return `the ${best.role}`;
      return implied.includes(best.role) ? quoted(best.name) : `${best.role} ${quoted(best.name)}`;
    case 'label':
    case 'text':
    case 'title':
      return quoted(best.value);
    case 'placeholder':
      return `the field ${quoted(best.value)}`;
    case 'alt':
      return `image ${quoted(best.value)}`;
    case 'testId':
      return `test id ${quoted(best.value)}`;
    case 'css':
      return oneLine(best.selector);
  }
}

/** `id "custom", text "custom ${SHOP_USER}"`: parameters as a person reads them (no JSON). */
export function parameterList(parameters: Record<string, unknown>): string {
  const shown = Object.entries(parameters).map(([k, v]) => `${k} ${shownParameter(v)}`).join(', ');
  return oneLine(shown, 100);
}

function shownParameter(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (Array.isArray(value)) return `[${value.map(shownParameter).join(', ')}]`;
  if (value !== null && typeof value === 'object') return '{…}';
  return String(value);
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** `the second tab` for index 1. */
export function tabName(index: number): string {
  return index < ORDINALS.length ? `the ${ORDINALS[index]} tab` : `tab ${index + 1}`;
}

/** `20 ms`, `1.5 s`. */
export function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(3))} s`;
}
