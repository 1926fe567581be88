/**
 * Typed values out of page text, by a JSON Schema property's type: the
 * `extract` tool's conversion, also inlined into generated tests (one
 * function, no imports; its types stripped for JavaScript tests) so a test reads the same values the
 * flow did. A number out of "$1,042.50" is 1042.5; an integer out of
 * "In stock: 7" is 7; a boolean out of "yes"/"no" (and true/false, on/off,
 * 1/0, checked/unchecked, enabled/disabled). Thousands separators are `,`,
 * a space or a no-break space; the decimal point is `.`.
 */

/**
 * The value of `text` as the first of `schema.type` it converts to (a
 * string when the schema names no type); throws an Error starting with
 * `field: ` when it converts to none.
 */
export function textToValue(text: string, schema: { type?: string | string[] }, field: string): string | number | boolean | null {
  const flat = String(text).replace(/\s+/g, ' ').trim();
  const types = schema.type === undefined ? ['string'] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const shown = JSON.stringify(flat.length > 60 ? `${flat.slice(0, 59)}…` : flat);
  const problems: string[] = [];
  for (const type of types) {
    if (type === 'string') return flat;
    if (type === 'null') {
      if (flat === '') return null;
      problems.push(`not empty (for null): ${shown}`);
    } else if (type === 'number' || type === 'integer') {
      const m = /[-+\u2212]?(?:\d{1,3}(?:[, \u00a0]\d{3})+|\d+)(?:\.\d+)?|[-+\u2212]?\.\d+/.exec(flat);
      if (!m) {
        problems.push(`no number in ${shown}`);
        continue;
      }
      const n = Number(m[0].replace(/[, \u00a0]/g, '').replace('\u2212', '-'));
      if (type === 'integer' && !Number.isInteger(n)) problems.push(`${m[0]} in ${shown} is not an integer`);
      else return n;
    } else if (type === 'boolean') {
      if (/^(true|yes|y|on|1|checked|enabled)$/i.test(flat)) return true;
      if (/^(false|no|n|off|0|unchecked|disabled)$/i.test(flat)) return false;
      problems.push(`${shown} is not a yes/no value`);
    } else {
      problems.push(`a field of type ${type} cannot be read from one element's text`);
    }
  }
  throw new Error(`${field}: ${problems.join('; ')}`);
}
