/**
 * A recorded selector candidate as Playwright's public locator API, the way
 * Playwright's own codegen writes it: `role=button[name="Save"]` becomes
 * `page.getByRole('button', { name: 'Save', exact: true })`,
 * `internal:label="Email"s` `page.getByLabel('Email', { exact: true })`,
 * `iframe[name="pay"] >> internal:control=enter-frame >> #card`
 * `page.frameLocator('iframe[name="pay"]').locator('#card')`.
 *
 * The rewrite never changes what a candidate matches: exact stays exact and
 * substring stays substring (the `s`/`i` flags of the engines; a public
 * `role=` name is exact and case-sensitive, an `internal:role` name with `i`
 * a substring). What has no faithful public form stays
 * `page.locator('<selector>')`, which is public API too, except `internal:`
 * syntax, which is never written: such a candidate gives null.
 */
import { escapeRegExp, regexLiteral, str } from './js-literal';
import { cssStringValue, parseAttributeSelector, parseTextBody, splitSelector, type AttributePart, type SelectorPart, type TextValue } from './selector-syntax';

/** What a candidate says about its element, for step titles. */
export type Target =
  | { kind: 'role'; role: string; name?: string }
  | { kind: 'label' | 'placeholder' | 'text' | 'testId' | 'alt' | 'title'; value: string }
  | { kind: 'css'; selector: string };

/** A candidate as code: an expression of type Locator rooted at `page`. */
export interface LocatorCode {
  code: string;
  target: Target;
}

export interface LocatorOptions {
  /** The attribute getByTestId() reads (the config's `testIdAttribute`); others stay CSS. */
  testIdAttribute: string;
  /**
   * The expression of a string from the selector (default: a literal). The
   * emitter passes one that reads `${NAME}` placeholders from the
   * environment, as the driver substitutes them into selectors.
   */
  literal?: (text: string) => string;
}

/** Attributes the drivers record as test ids (kernel's recorder lists). */
export const TEST_ID_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];

const ROLE_FLAGS: Record<string, string> = {
  checked: 'checked', disabled: 'disabled', expanded: 'expanded', 'include-hidden': 'includeHidden',
  level: 'level', pressed: 'pressed', selected: 'selected',
};

/** One step of a locator chain: its code and what the chain is after it. */
interface Step {
  code: string;
  /** `locator` after a locator call, `frame` after entering a frame. */
  kind: 'locator' | 'frame';
  /** Set for `.locator('<css>')`, which can become `.frameLocator('<css>')`. */
  css?: string;
}

/**
 * The test id attributes `selectors` select by (`[data-qa="x"]`,
 * `internal:testid=[data-qa="x"s]`, inside chains too), each once: what
 * the config's `testIdAttribute` is chosen from.
 */
export function testIdAttributesOf(selectors: string[]): string[] {
  const found = new Set<string>();
  for (const selector of selectors) {
    for (const part of splitSelector(selector.trim())) {
      const body = part.name === 'css' ? part.body.trim() : part.name === 'internal:testid' ? part.body.trim() : '';
      const attr = /^\[([\w-]+)=/.exec(body)?.[1];
      if (attr && TEST_ID_ATTRIBUTES.includes(attr) && (part.name === 'internal:testid' || /^\[[\w-]+="(?:[^"\\]|\\[\s\S])*"\]$/.test(body))) found.add(attr);
    }
  }
  return [...found];
}

/** `selector` as a locator expression on `page`, or null when only `internal:` syntax could express it. */
export function locatorCode(selector: string, options: LocatorOptions): LocatorCode | null {
  const parts = splitSelector(selector.trim());
  const steps: Step[] = [];
  let target: Target | null = null;
  for (const part of parts) {
    const prev = steps[steps.length - 1];
    const chainKind = prev?.kind ?? 'page';
    if (part.name === 'internal:control' && part.body === 'enter-frame') {
      if (!prev || prev.kind !== 'locator') return fallback(selector, options);
      // `page.locator('iframe')` + enter-frame reads best as `page.frameLocator('iframe')`.
      steps[steps.length - 1] = prev.css !== undefined && (steps.length === 1 || steps[steps.length - 2].kind === 'frame')
        ? { code: `.frameLocator(${prev.css})`, kind: 'frame' }
        : { code: `${prev.code}.contentFrame()`, kind: 'frame' };
      continue;
    }
    if (part.name === 'nth' || part.name === 'visible') {
      if (chainKind !== 'locator') return fallback(selector, options);
      const code = part.name === 'nth' ? nthCode(part.body) : visibleCode(part.body);
      if (!code) return fallback(selector, options);
      steps.push({ code, kind: 'locator' });
      continue;
    }
    const filter = filterCode(part, options);
    if (filter !== undefined) {
      if (filter === null || chainKind !== 'locator') return fallback(selector, options);
      steps.push({ code: filter.code, kind: 'locator' });
      if (filter.target) target = filter.target;
      continue;
    }
    const located = partCode(part, options);
    if (!located) return fallback(selector, options);
    steps.push(located.step);
    target = located.target;
  }
  if (!steps.length || steps[steps.length - 1].kind !== 'locator' || !target) return fallback(selector, options);
  return { code: `page${steps.map((s) => s.code).join('')}`, target };
}

/** The whole selector in page.locator(), when it holds no internal: syntax; else nothing can express it. */
function fallback(selector: string, options: LocatorOptions): LocatorCode | null {
  if (/internal:/.test(selector)) return null;
  return { code: `page.locator(${(options.literal ?? str)(selector)})`, target: { kind: 'css', selector } };
}

function nthCode(body: string): string | null {
  const n = Number(body.trim());
  if (!Number.isInteger(n)) return null;
  return n === 0 ? '.first()' : n === -1 ? '.last()' : `.nth(${n})`;
}

function visibleCode(body: string): string | null {
  const value = body.trim();
  return value === 'true' || value === 'false' ? `.filter({ visible: ${value} })` : null;
}

/**
 * Parts that narrow the chain so far rather than select inside it
 * (`internal:has-text`, `internal:has`, `internal:and`...): their code, null
 * when they cannot be written publicly, undefined for any other part.
 */
function filterCode(part: SelectorPart, options: LocatorOptions): { code: string; target?: Target } | null | undefined {
  switch (part.name) {
    case 'internal:has-text':
    case 'internal:has-not-text': {
      // filter({ hasText }) is a substring ignoring case, or a regex; an exact ("..."s) one has no public form.
      const text = parseTextBody(part.body, true);
      if (!text || (text.kind === 'string' && text.caseSensitive)) return null;
      const key = part.name === 'internal:has-text' ? 'hasText' : 'hasNotText';
      return { code: `.filter({ ${key}: ${textArg(text, options.literal ?? str)} })` };
    }
    case 'internal:has':
    case 'internal:has-not':
    case 'internal:and':
    case 'internal:or':
    case 'internal:chain': {
      const nested = nestedCode(part.body, options);
      if (!nested) return null;
      if (part.name === 'internal:has') return { code: `.filter({ has: ${nested.code} })` };
      if (part.name === 'internal:has-not') return { code: `.filter({ hasNot: ${nested.code} })` };
      if (part.name === 'internal:and') return { code: `.and(${nested.code})` };
      if (part.name === 'internal:or') return { code: `.or(${nested.code})` };
      return { code: `.locator(${nested.code})`, target: nested.target };
    }
    case 'internal:describe': {
      const description = jsonString(part.body);
      return description === null ? null : { code: `.describe(${(options.literal ?? str)(description)})` };
    }
  }
  return undefined;
}

function nestedCode(body: string, options: LocatorOptions): LocatorCode | null {
  const selector = jsonString(body);
  return selector === null ? null : locatorCode(selector, options);
}

function jsonString(body: string): string | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** A part that selects elements: a getBy* call when one matches the same, else `.locator('<part>')`. */
function partCode(part: SelectorPart, options: LocatorOptions): { step: Step; target: Target } | null {
  const q = options.literal ?? str;
  const call = (code: string, target: Target) => ({ step: { code: `.${code}`, kind: 'locator' as const }, target });
  const raw = () => ({ step: { code: `.locator(${q(part.raw)})`, kind: 'locator' as const, css: q(part.raw) }, target: { kind: 'css' as const, selector: part.raw } });
  switch (part.name) {
    case 'role':
    case 'internal:role': {
      const role = roleCode(part.body, part.name === 'internal:role', options);
      if (role) return call(role.code, role.target);
      return part.name === 'role' ? raw() : null;
    }
    case 'internal:label':
    case 'internal:text': {
      const text = parseTextBody(part.body, true);
      if (!text) return null;
      const [method, kind] = part.name === 'internal:label' ? ['getByLabel', 'label'] as const : ['getByText', 'text'] as const;
      return call(`${method}(${textArg(text, q, true)})`, { kind, value: shownText(text) });
    }
    case 'text': {
      const text = parseTextBody(part.body, false);
      return text ? call(`getByText(${textArg(text, q, true)})`, { kind: 'text', value: shownText(text) }) : raw();
    }
    case 'internal:testid':
    case 'internal:attr': {
      const attr = singleAttribute(part.body);
      if (!attr) return null;
      const code = attributeCode(attr.name, attr.value, part.name === 'internal:testid', options);
      return code ? call(code.code, code.target) : null;
    }
    case 'css': {
      const code = cssCode(part.body.trim(), options);
      return code ? call(code.code, code.target) : raw();
    }
  }
  if (part.name.startsWith('internal:') || part.name.startsWith('*')) return null;
  return raw();
}

/** getByRole() for a role engine body, or null when an attribute has no getByRole option. */
function roleCode(body: string, internal: boolean, options: LocatorOptions): { code: string; target: Target } | null {
  const q = options.literal ?? str;
  const parsed = parseAttributeSelector(body);
  if (!parsed || !parsed.name) return null;
  const nameOpts: string[] = [];
  const flagOpts: string[] = [];
  let name: string | undefined;
  for (const attr of parsed.attributes) {
    if (attr.name === 'name') {
      if (attr.op !== '=' || attr.value === null || typeof attr.value !== 'object') return null;
      const v = attr.value;
      if (v.kind === 'regex') {
        nameOpts.push(`name: ${regexLiteral(v.source, v.flags)}`);
        name = `/${v.source}/${v.flags}`;
      } else if (v.caseSensitive) {
        nameOpts.push(`name: ${q(v.value)}`, 'exact: true');
        name = v.value;
      } else if (internal) {
        // internal:role with `i`: a substring ignoring case, getByRole's default.
        nameOpts.push(`name: ${q(v.value)}`);
        name = v.value;
      } else {
        // role= with `i`: the whole name, ignoring case (not a substring).
        nameOpts.push(`name: ${regexLiteral(`^${escapeRegExp(v.value)}$`, 'i')}`);
        name = v.value;
      }
      continue;
    }
    const key = ROLE_FLAGS[attr.name];
    if (!key || (attr.op !== '=' && attr.op !== '<truthy>')) return null;
    const value = attr.op === '<truthy>' ? true : attr.value;
    if (key === 'level' ? typeof value !== 'number' : typeof value !== 'boolean') return null;
    flagOpts.push(`${key}: ${String(value)}`);
  }
  const all = [...nameOpts, ...flagOpts];
  const role = parsed.name;
  return {
    code: `getByRole(${str(role)}${all.length ? `, { ${all.join(', ')} }` : ''})`,
    target: name === undefined ? { kind: 'role', role } : { kind: 'role', role, name },
  };
}

/** The `[name="value"s]` of an internal:testid / internal:attr body. */
function singleAttribute(body: string): { name: string; value: TextValue } | null {
  const parsed = parseAttributeSelector(body);
  if (!parsed || parsed.name || parsed.attributes.length !== 1) return null;
  const [attr] = parsed.attributes as [AttributePart];
  if (attr.op !== '=' || attr.value === null || typeof attr.value !== 'object') return null;
  return { name: attr.name, value: attr.value };
}

/** getByTestId / getByPlaceholder / getByAltText / getByTitle, or CSS with the same match. */
function attributeCode(name: string, value: TextValue, testId: boolean, options: LocatorOptions): { code: string; target: Target } | null {
  const q = options.literal ?? str;
  const shown = shownText(value);
  if (testId && name === options.testIdAttribute && (value.kind === 'regex' || value.caseSensitive)) {
    return { code: `getByTestId(${value.kind === 'regex' ? regexLiteral(value.source, value.flags) : q(value.value)})`, target: { kind: 'testId', value: shown } };
  }
  const method = testId ? undefined : ({ placeholder: 'getByPlaceholder', alt: 'getByAltText', title: 'getByTitle' } as Record<string, string>)[name];
  if (method) {
    const kind = name === 'alt' ? 'alt' : name === 'title' ? 'title' : 'placeholder';
    return { code: `${method}(${textArg(value, q, true)})`, target: { kind, value: shown } };
  }
  // Exact is attribute equality; `i` a substring ignoring case; a regex has no CSS form.
  if (value.kind === 'regex' || !/^[A-Za-z_][\w-]*$/.test(name)) return null;
  const css = value.caseSensitive ? `[${name}=${cssString(value.value)}]` : `[${name}*=${cssString(value.value)} i]`;
  return { code: `locator(${q(css)})`, target: testId ? { kind: 'testId', value: shown } : { kind: 'css', selector: css } };
}

/** Plain CSS the recorders write that has a getBy* twin: test ids, placeholders, `tag:has-text("...")`. */
function cssCode(css: string, options: LocatorOptions): { code: string; target: Target } | null {
  const q = options.literal ?? str;
  const attr = /^([a-z][a-z0-9-]*)?\[([A-Za-z_][\w-]*)=("(?:[^"\\]|\\[\s\S])*")\]$/.exec(css);
  if (attr) {
    const [, tag, name, literal] = attr as unknown as [string, string | undefined, string, string];
    const value = cssStringValue(literal);
    if (value === null) return null;
    if (!tag && name === options.testIdAttribute) return { code: `getByTestId(${q(value)})`, target: { kind: 'testId', value } };
    // Only form fields have placeholders; the tag adds nothing getByPlaceholder would need.
    if (name === 'placeholder' && (!tag || tag === 'input' || tag === 'textarea')) {
      return { code: `getByPlaceholder(${q(value)}, { exact: true })`, target: { kind: 'placeholder', value } };
    }
    return null;
  }
  const hasText = /^([a-z][a-z0-9-]*):has-text\(("(?:[^"\\]|\\[\s\S])*")\)$/.exec(css);
  if (hasText) {
    const value = cssStringValue(hasText[2]);
    // :has-text() is a substring ignoring case, as filter({ hasText }) is.
    if (value !== null) return { code: `locator(${str(hasText[1])}).filter({ hasText: ${q(value)} })`, target: { kind: 'text', value } };
  }
  return null;
}

/** The argument(s) of getByText/getByLabel...: exact strings get `{ exact: true }` when `exactOption`. */
function textArg(text: TextValue, q: (text: string) => string, exactOption = false): string {
  if (text.kind === 'regex') return regexLiteral(text.source, text.flags);
  return exactOption && text.caseSensitive ? `${q(text.value)}, { exact: true }` : q(text.value);
}

function shownText(text: TextValue): string {
  return text.kind === 'regex' ? `/${text.source}/${text.flags}` : text.value;
}

/** A CSS string literal: `"` and `\` escaped, control characters as hex escapes. */
function cssString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\${ch.charCodeAt(0).toString(16)} `)}"`;
}
