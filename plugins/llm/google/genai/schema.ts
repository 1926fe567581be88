/**
 * Turns a tool's JSON Schema into the OpenAPI subset Gemini function
 * declarations accept (Gemini and Vertex reject `additionalProperties`,
 * `$schema`, `$ref`, `const`, most `format`s...). Unsupported keywords are
 * dropped recursively, `$ref`s are inlined, `const` becomes a one-value enum,
 * `type: [x, "null"]` becomes `nullable`, `oneOf` becomes `anyOf`.
 */

type Json = Record<string, unknown>;

/** Keywords Gemini's Schema knows; everything else is dropped. */
const KEPT = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'items', 'properties', 'required',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum',
  'minProperties', 'maxProperties', 'anyOf', 'default', 'propertyOrdering',
]);
/** The only `format`s Gemini accepts. */
const FORMATS = new Set(['enum', 'date-time', 'int32', 'int64', 'float', 'double']);
/** How deep `$ref`s are followed (recursive schemas are cut off there). */
const MAX_DEPTH = 12;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolveRef(ref: string, root: Json): Json | undefined {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = root[match[1]!];
  const target = isObject(defs) ? defs[decodeURIComponent(match[2]!).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(target) ? target : undefined;
}

function clean(input: Json, root: Json, depth: number): Json {
  let schema = input;
  if (typeof schema.$ref === 'string') {
    const target = depth < MAX_DEPTH ? resolveRef(schema.$ref, root) : undefined;
    const { $ref: _ref, ...siblings } = schema;
    schema = target ? { ...target, ...siblings } : { ...siblings, type: siblings.type ?? 'object' };
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1 && isObject(schema.allOf[0])) {
    const { allOf, ...rest } = schema;
    schema = { ...(allOf[0] as Json), ...rest };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!KEPT.has(key) || value === undefined || value === null) continue;
    out[key] = value;
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t) => t !== 'null');
    if (types.length < schema.type.length) out.nullable = true;
    if (types.length === 1) out.type = types[0];
    else {
      delete out.type;
      out.anyOf = types.map((t) => ({ type: t }));
    }
  }
  if (schema.const !== undefined && out.enum === undefined) {
    if (typeof schema.const === 'string') { out.enum = [schema.const]; out.type ??= 'string'; }
  }
  if (Array.isArray(schema.oneOf) && out.anyOf === undefined) out.anyOf = schema.oneOf;
  if (Array.isArray(out.enum) && !out.enum.every((e) => typeof e === 'string')) delete out.enum;
  if (typeof out.format === 'string' && !FORMATS.has(out.format)) delete out.format;

  if (isObject(out.properties)) {
    const props: Json = {};
    for (const [name, sub] of Object.entries(out.properties)) props[name] = isObject(sub) ? clean(sub, root, depth + 1) : {};
    out.properties = props;
    out.type ??= 'object';
    if (Array.isArray(out.required)) out.required = out.required.filter((r) => typeof r === 'string' && r in props);
  } else {
    delete out.required;
  }
  if (isObject(out.items)) {
    out.items = clean(out.items, root, depth + 1);
    out.type ??= 'array';
  } else if (out.items !== undefined) delete out.items;
  if (Array.isArray(out.anyOf)) {
    const options = out.anyOf.filter(isObject).filter((o) => o.type !== 'null');
    if (options.length < out.anyOf.length) out.nullable = true;
    if (options.length === 1) {
      delete out.anyOf;
      Object.assign(out, clean(options[0]!, root, depth + 1), out.nullable ? { nullable: true } : {});
    } else {
      out.anyOf = options.map((o) => clean(o, root, depth + 1));
      delete out.type; // Gemini rejects `type` next to `anyOf`.
    }
  }
  return out;
}

/** The Gemini-safe copy of a tool's JSON Schema (the input is not modified). */
export function toGeminiSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const out = clean(schema, schema, 0);
  if (out.type === undefined && out.anyOf === undefined) out.type = 'object';
  if (out.type === 'object' && out.properties === undefined) out.properties = {};
  return out;
}

/**
 * A function declaration's `parameters`, or undefined for a tool that takes
 * none: the API answers 400 ("parameters.properties: should be non-empty
 * for OBJECT type") to an object schema without properties, so a
 * parameterless tool (goBack, reload) is declared without `parameters`.
 */
export function toGeminiParameters(schema: Record<string, unknown>): Record<string, unknown> | undefined {
  const out = toGeminiSchema(schema);
  const properties = out.properties as Record<string, unknown> | undefined;
  return out.type === 'object' && (!properties || Object.keys(properties).length === 0) ? undefined : out;
}
