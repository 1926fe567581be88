/**
 * A small JSON Schema validator for custom tools' `inputSchema` (the subset
 * tool schemas use: type, properties, required, additionalProperties, items,
 * enum, const, min/max, minLength/maxLength, pattern, anyOf/oneOf). It
 * returns the first problem as `path: message`, or null when valid.
 */
type Schema = Record<string, unknown>;

const typeOf = (x: unknown): string =>
  x === null ? 'null' : Array.isArray(x) ? 'array' : Number.isInteger(x) ? 'integer' : typeof x;

function matchesType(value: unknown, type: string): boolean {
  const t = typeOf(value);
  if (type === 'number') return t === 'number' || t === 'integer';
  return t === type;
}

/** Validates `value` against `schema`; returns `path: message` of the first problem, or null. */
export function validateJsonSchema(schema: unknown, value: unknown, path = ''): string | null {
  if (schema === true || schema === undefined) return null;
  if (schema === false) return `${path || 'value'}: not allowed`;
  if (typeof schema !== 'object' || schema === null) return null;
  const s = schema as Schema;
  const at = path || 'value';
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => matchesType(value, t))) return `${at}: expected ${types.join(' or ')}, received ${typeOf(value)}`;
  }
  if (s.const !== undefined && JSON.stringify(s.const) !== JSON.stringify(value)) return `${at}: must equal ${JSON.stringify(s.const)}`;
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    return `${at}: must be one of ${s.enum.map((e) => JSON.stringify(e)).join(', ')}`;
  }
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && value.length < s.minLength) return `${at}: must be at least ${s.minLength} characters`;
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) return `${at}: must be at most ${s.maxLength} characters`;
    if (typeof s.pattern === 'string') {
      let re: RegExp | null = null;
      try { re = new RegExp(s.pattern, 'u'); } catch { re = null; }
      if (re && !re.test(value)) return `${at}: must match ${s.pattern}`;
    }
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return `${at}: must be >= ${s.minimum}`;
    if (typeof s.maximum === 'number' && value > s.maximum) return `${at}: must be <= ${s.maximum}`;
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return `${at}: must be > ${s.exclusiveMinimum}`;
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return `${at}: must be < ${s.exclusiveMaximum}`;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return `${at}: must have at least ${s.minItems} items`;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return `${at}: must have at most ${s.maxItems} items`;
    if (s.items && typeof s.items === 'object') {
      for (let i = 0; i < value.length; i++) {
        const err = validateJsonSchema(s.items, value[i], `${path}[${i}]`);
        if (err) return err;
      }
    }
  }
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (s.properties ?? {}) as Record<string, unknown>;
    for (const req of (Array.isArray(s.required) ? s.required : []) as string[]) {
      if (!(req in obj)) return `${path ? path + '.' : ''}${req}: is required`;
    }
    for (const [k, v] of Object.entries(obj)) {
      const sub = path ? `${path}.${k}` : k;
      if (k in props) {
        const err = validateJsonSchema(props[k], v, sub);
        if (err) return err;
      } else if (s.additionalProperties === false) {
        return `${sub}: unknown field`;
      } else if (typeof s.additionalProperties === 'object') {
        const err = validateJsonSchema(s.additionalProperties, v, sub);
        if (err) return err;
      }
    }
  }
  if (Array.isArray(s.anyOf) && !s.anyOf.some((x) => validateJsonSchema(x, value, path) === null)) return `${at}: matches none of the allowed shapes`;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((x) => validateJsonSchema(x, value, path) === null).length !== 1) return `${at}: must match exactly one allowed shape`;
  if (Array.isArray(s.allOf)) for (const x of s.allOf) { const e = validateJsonSchema(x, value, path); if (e) return e; }
  return null;
}
