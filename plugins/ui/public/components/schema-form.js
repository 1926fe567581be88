// A form built from a tool's JSON Schema (GET /api/tools): one labelled
// control per property, and the conversions between what the controls hold
// (strings and booleans) and the parameters the API takes.

import { html } from 'htm/preact';
import { Field, describedBy } from './ui.js';

/**
 * The part of a JSON Schema document the form reads (a tool's inputSchema,
 * a custom tool's parameters); other keywords pass through untouched.
 * @typedef {{ type?: string | string[], properties?: Record<string, JsonSchema>, required?: string[], enum?: unknown[],
 *   const?: unknown, anyOf?: JsonSchema[], oneOf?: JsonSchema[], items?: JsonSchema, minimum?: number, maximum?: number,
 *   minLength?: number, maxLength?: number, default?: unknown, description?: string, [k: string]: unknown }} JsonSchema
 */
/** @typedef {Record<string, string | boolean>} RawValues */
/** @typedef {'select' | 'checkbox' | 'number' | 'selector' | 'lines' | 'textarea' | 'text' | 'json'} FieldKind */

/** @param {JsonSchema} s */
const isStringArray = (s) => s.type === 'array' && (!s.items || s.items.type === 'string');

/**
 * The control a property gets.
 * @param {JsonSchema} s
 * @returns {FieldKind}
 */
export function fieldKind(s) {
  if (Array.isArray(s.enum)) return 'select';
  const variants = s.anyOf || s.oneOf;
  if (variants) {
    if (variants.every((v) => v.const !== undefined)) return 'select';
    if (variants.some((v) => v.type === 'string') && variants.some(isStringArray)) return 'selector';
    return 'json';
  }
  if (s.type === 'boolean') return 'checkbox';
  if (s.type === 'integer' || s.type === 'number') return 'number';
  if (isStringArray(s)) return 'lines';
  if (s.type === 'string') return (s.maxLength ?? Infinity) >= 10_000 ? 'textarea' : 'text';
  return 'json';
}

/** @param {JsonSchema} s @returns {unknown[]} */
const options = (s) => (Array.isArray(s.enum) ? s.enum : (s.anyOf || s.oneOf || []).map((v) => v.const));

/** `pressEnter` -> `Press enter`, `timeoutMs` -> `Timeout (ms)`, `apiKey` -> `API key`. @param {string} name */
export function humanize(name) {
  if (name === 'ms') return 'Milliseconds';
  const words = name.replace(/Ms$/, ' (ms)').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
    .replace(/\b(url|api|id|aws)\b/g, (w) => w.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** @param {string | boolean | undefined} v */
const lines = (v) => String(v ?? '').split('\n').map((l) => l.trim()).filter(Boolean);

/**
 * What the API would refuse in one value, as it words it ("must be at most 30000"): the
 * bounds, lengths, pattern and choices of the schema (on the value as written, `${NAME}` included, as the API does).
 * @param {JsonSchema} s
 * @param {unknown} v
 * @returns {string}
 */
export function valueProblem(s, v) {
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return `must be at least ${s.minimum}`;
    if (s.maximum !== undefined && v > s.maximum) return `must be at most ${s.maximum}`;
  } else if (typeof v === 'string') {
    if (s.minLength !== undefined && v.length < s.minLength) return v ? `must be at least ${s.minLength} characters` : 'must not be empty';
    if (s.maxLength !== undefined && v.length > s.maxLength) return `must be at most ${s.maxLength} characters`;
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(v)) return `must be ${s.description ? s.description.replace(/^(an?|the) /i, (a) => a.toLowerCase()).replace(/\.$/, '') : `like ${s.pattern}`}`;
  }
  if (Array.isArray(s.enum) && v !== undefined && !s.enum.includes(v)) return `must be one of ${s.enum.join(', ')}`;
  return '';
}

/**
 * Every problem of some parameters against a tool's schema, by parameter: a missing required one,
 * a value out of bounds (`valueProblem`). What the API checks, before sending.
 * @param {JsonSchema} schema
 * @param {Record<string, unknown>} params
 * @returns {Record<string, string>}
 */
export function paramProblems(schema, params) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const r of schema.required || []) if (params[r] === undefined) out[r] = 'is required';
  for (const [name, s] of Object.entries(schema.properties || {})) {
    const v = params[name];
    const problem = Array.isArray(v) ? v.map((x) => valueProblem(s.anyOf?.find((a) => a.type === 'array')?.items ?? s.items ?? s, x)).find(Boolean) : valueProblem(s.anyOf?.find((a) => a.type === typeof v) ?? s, v);
    if (problem) out[name] = problem;
  }
  return out;
}

/**
 * Form values -> parameters. Empty optional fields are left out; values the schema refuses are errors.
 * @param {JsonSchema} schema
 * @param {RawValues} raw
 * @returns {{ params: Record<string, unknown>, errors: Record<string, string> }}
 */
export function toParams(schema, raw) {
  /** @type {Record<string, unknown>} */
  const params = {};
  /** @type {Record<string, string>} */
  const errors = {};
  const required = new Set(schema.required || []);
  for (const [name, s] of Object.entries(schema.properties || {})) {
    const v = raw[name];
    const kind = fieldKind(s);
    if (kind === 'checkbox') {
      if (v === true || required.has(name)) params[name] = v === true;
      continue;
    }
    if (v === undefined || v === '' || v === false) continue;
    const text = String(v);
    if (kind === 'select') params[name] = options(s).find((o) => String(o) === text) ?? text;
    else if (kind === 'number') {
      const n = Number(text);
      if (!Number.isFinite(n) || (s.type === 'integer' && !Number.isInteger(n))) errors[name] = `expected ${s.type === 'integer' ? 'a whole number' : 'a number'}`;
      else params[name] = n;
    } else if (kind === 'selector') {
      const l = lines(text);
      if (l.length) params[name] = l.length === 1 ? l[0] : l;
    } else if (kind === 'lines') {
      const l = lines(text);
      if (l.length) params[name] = l;
    } else if (kind === 'json') {
      try {
        params[name] = JSON.parse(text);
      } catch {
        errors[name] = 'expected JSON';
      }
    } else params[name] = text;
    if (!errors[name] && params[name] !== undefined) {
      const problem = paramProblems({ properties: { [name]: s } }, params)[name];
      if (problem) errors[name] = problem;
    }
  }
  return { params, errors };
}

/**
 * Parameters -> form values (to edit a call).
 * @param {JsonSchema} schema
 * @param {Record<string, unknown>} params
 * @returns {RawValues}
 */
export function fromParams(schema, params) {
  /** @type {RawValues} */
  const raw = {};
  for (const [name, s] of Object.entries(schema.properties || {})) {
    const v = params[name];
    if (v === undefined) continue;
    const kind = fieldKind(s);
    if (kind === 'checkbox') raw[name] = v === true;
    else if ((kind === 'selector' || kind === 'lines') && Array.isArray(v)) raw[name] = v.join('\n');
    else if (kind === 'json') raw[name] = JSON.stringify(v);
    else raw[name] = String(v);
  }
  return raw;
}

const HINTS = /** @type {Record<FieldKind, string>} */ ({
  selector: 'One per line. Several are tried in order (failover). Use ${NAME} for secrets.',
  lines: 'One value per line.',
  json: 'JSON.',
});

/**
 * The controls of one schema. `secret(name, schema)` says which text fields are secrets (password inputs).
 * @param {{ schema: JsonSchema, values: RawValues, onChange: (v: RawValues) => void, idPrefix: string, errors?: Record<string, string>,
 *   secret?: (name: string, s: JsonSchema) => boolean, skip?: string[] }} props
 */
export function SchemaForm({ schema, values, onChange, idPrefix, errors = {}, secret, skip = [] }) {
  const props = Object.entries(schema.properties || {}).filter(([name]) => !skip.includes(name));
  if (!props.length) return html`<p class="muted small">This tool takes no parameters.</p>`;
  const required = new Set(schema.required || []);
  return html`<div class="schema-form">${props.map(([name, s]) => {
    const id = `${idPrefix}-${name}`;
    const kind = fieldKind(s);
    const error = errors[name];
    const hint = s.description || HINTS[kind] || '';
    const set = (/** @type {string | boolean} */ v) => onChange({ ...values, [name]: v });
    const aria = describedBy(id, error, !!hint);
    const value = values[name];
    if (kind === 'checkbox') {
      return html`<div class="field field-check">
        <input type="checkbox" ...${aria} checked=${value === true} onChange=${(/** @type {any} */ e) => set(e.currentTarget.checked)} />
        <label for=${id}>${humanize(name)}</label>
        ${hint ? html`<p class="hint" id=${`${id}-hint`}>${hint}</p>` : ''}
        ${error ? html`<p class="field-error" id=${`${id}-error`}>${error}</p>` : ''}
      </div>`;
    }
    const onInput = (/** @type {any} */ e) => set(e.currentTarget.value);
    let control;
    if (kind === 'select') {
      control = html`<select ...${aria} value=${String(value ?? '')} onChange=${onInput}>
        ${required.has(name) ? '' : html`<option value="">${s.default !== undefined ? `Default (${s.default})` : '—'}</option>`}
        ${options(s).map((o) => html`<option value=${String(o)}>${String(o)}</option>`)}
      </select>`;
    } else if (kind === 'number') {
      // Fractions (a price per million tokens) need step="any": the default step of 1 would mark 2.5 invalid.
      const whole = s.type === 'integer';
      control = html`<input type="number" inputmode=${whole ? 'numeric' : 'decimal'} step=${whole ? '1' : 'any'} ...${aria} min=${s.minimum} max=${s.maximum} value=${String(value ?? '')} onInput=${onInput} />`;
    } else if ((kind === 'text' || kind === 'textarea') && secret?.(name, s)) {
      // Secrets: a password field, never echoed. Editing shows the API's mask, which the service keeps as the stored value.
      control = html`<input type="password" autocomplete="new-password" ...${aria} spellcheck="false" value=${String(value ?? '')} onInput=${onInput} />`;
    } else if (kind === 'text') {
      control = html`<input type="text" autocomplete="off" ...${aria} spellcheck="false" value=${String(value ?? '')} onInput=${onInput} />`;
    } else {
      control = html`<textarea ...${aria} rows="2" spellcheck="false" class=${kind === 'textarea' ? '' : 'mono'} value=${String(value ?? '')} onInput=${onInput}></textarea>`;
    }
    return html`<${Field} id=${id} label=${humanize(name)} required=${required.has(name)} error=${error} hint=${hint}>${control}<//>`;
  })}</div>`;
}
