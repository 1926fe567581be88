/**
 * `${NAME}` placeholders in tool-call parameters. Values are substituted only
 * at execution time; everything stored, logged, emitted or sent to an LLM
 * keeps the placeholder, and `redactValues` puts placeholders back into
 * anything that came out of the page or the driver.
 */
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

/** Deep copy of `value` where every occurrence of a secret value becomes its `${NAME}` placeholder. */
export function redactValues<T>(value: T, values: ReadonlyMap<string, string>): T {
  const pairs = [...values].filter(([, v]) => v.length >= 3).sort((a, b) => b[1].length - a[1].length);
  if (!pairs.length) return value;
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') {
      let s = x;
      for (const [name, secret] of pairs) if (s.includes(secret)) s = s.split(secret).join('${' + name + '}');
      return s;
    }
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === 'object' && !(x instanceof Buffer)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(x)) out[k] = walk(v);
      return out;
    }
    return x;
  };
  return walk(value) as T;
}
