/**
 * `${NAME}` placeholders in tool-call parameters. Values are substituted only
 * at execution time; everything stored, logged, emitted or sent to an LLM
 * keeps the placeholder, and `envRedactor` puts placeholders back into
 * anything that came out of the page or the driver.
 */
import { createRedactor, type Redactor } from './secret-redaction';

const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Every variable name referenced anywhere in `value` (strings inside objects and arrays). */
export function findPlaceholders(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') for (const m of value.matchAll(PLACEHOLDER)) out.add(m[1]!);
  else if (Array.isArray(value)) for (const x of value) findPlaceholders(x, out);
  else if (value && typeof value === 'object') for (const x of Object.values(value)) findPlaceholders(x, out);
  return out;
}

/** Deep copy of `value` with every `${NAME}` replaced by `values[NAME]` (left as is when absent). */
export function substitute<T>(value: T, values: ReadonlyMap<string, string>): T {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (all, name: string) => values.get(name) ?? all) as T;
  }
  if (Array.isArray(value)) return value.map((x) => substitute(x, values)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(value)) out[k] = substitute(x, values);
    return out as T;
  }
  return value;
}

/**
 * The redactor of a flow's env values: each value, in any spelling it comes
 * back in (JSON, URL, HTML, cut short), becomes its `${NAME}` placeholder.
 */
export function envRedactor(values: ReadonlyMap<string, string>): Redactor {
  return createRedactor([...values].map(([name, value]) => [value, '${' + name + '}'] as const));
}
