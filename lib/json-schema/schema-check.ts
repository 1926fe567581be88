/**
 * Whether a JSON Schema given by a user (CreateFlow `resultSchema`, an
 * `extract` call's `schema`) is well formed for the validator of this
 * folder: the keywords it understands have values of the right shape.
 * Unknown keywords (`title`, `format`, `$id`...) are allowed and ignored,
 * as JSON Schema says. Answers the first problem as `path: message`.
 */

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const COUNT_KEYWORDS = ['minLength', 'maxLength', 'minItems', 'maxItems'];
/** Nesting past this is refused: a schema describes data, it is not a recursion test. */
const MAX_DEPTH = 32;

type Schema = Record<string, unknown>;
const isObject = (x: unknown): x is Schema => !!x && typeof x === 'object' && !Array.isArray(x);

/** The first problem of `schema` as `path: message` (`path` is where the schema sits, e.g. `resultSchema`), or null. */
export function checkJsonSchema(schema: unknown, path: string, depth = 0): string | null {
  if (schema === true || schema === false) return null;
  if (!isObject(schema)) return `${path}: expected a JSON Schema object`;
  if (depth > MAX_DEPTH) return `${path}: nested deeper than ${MAX_DEPTH} levels`;
  const s = schema;
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.length || types.some((t) => typeof t !== 'string' || !TYPES.has(t))) {
      return `${path}.type: expected one of ${[...TYPES].join(', ')} (or an array of them)`;
    }
  }
  for (const k of NUMBER_KEYWORDS) if (s[k] !== undefined && (typeof s[k] !== 'number' || !Number.isFinite(s[k]))) return `${path}.${k}: expected a number`;
  for (const k of COUNT_KEYWORDS) if (s[k] !== undefined && (!Number.isInteger(s[k]) || (s[k] as number) < 0)) return `${path}.${k}: expected a non-negative integer`;
  if (s.pattern !== undefined) {
    if (typeof s.pattern !== 'string') return `${path}.pattern: expected a string`;
    try {
      new RegExp(s.pattern, 'u'); // compiled, never run here: patterns run in a worker (lib/safe-regex)
    } catch (err) {
      return `${path}.pattern: not a valid regular expression (${(err as Error).message})`;
    }
  }
  if (s.enum !== undefined && (!Array.isArray(s.enum) || s.enum.length === 0)) return `${path}.enum: expected a non-empty array`;
  if (s.required !== undefined && (!Array.isArray(s.required) || s.required.some((r) => typeof r !== 'string'))) return `${path}.required: expected an array of property names`;
  if (s.properties !== undefined) {
    if (!isObject(s.properties)) return `${path}.properties: expected an object of schemas`;
    for (const [name, sub] of Object.entries(s.properties)) {
      const problem = checkJsonSchema(sub, `${path}.properties.${name}`, depth + 1);
      if (problem) return problem;
    }
  }
  if (s.additionalProperties !== undefined && typeof s.additionalProperties !== 'boolean') {
    const problem = checkJsonSchema(s.additionalProperties, `${path}.additionalProperties`, depth + 1);
    if (problem) return problem;
  }
  if (s.items !== undefined) {
    const problem = checkJsonSchema(s.items, `${path}.items`, depth + 1);
    if (problem) return problem;
  }
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    if (s[k] === undefined) continue;
    if (!Array.isArray(s[k]) || (s[k] as unknown[]).length === 0) return `${path}.${k}: expected a non-empty array of schemas`;
    for (const [i, sub] of (s[k] as unknown[]).entries()) {
      const problem = checkJsonSchema(sub, `${path}.${k}[${i}]`, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * The object schema an `extract` reads into: a well-formed schema of
 * `type: "object"` with `properties` (each field read from one element).
 */
export function checkObjectSchema(schema: unknown, path: string): string | null {
  const problem = checkJsonSchema(schema, path);
  if (problem) return problem;
  const s = schema as Schema;
  if (s.type !== 'object') return `${path}.type: must be "object" (the fields are read into an object)`;
  if (!isObject(s.properties) || !Object.keys(s.properties).length) return `${path}.properties: must name at least one property`;
  return null;
}
