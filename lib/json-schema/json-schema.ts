/**
 * A small JSON Schema validator for custom tools' `inputSchema` (the subset
 * tool schemas use: type, properties, required, additionalProperties, items,
 * enum, const, min/max, minLength/maxLength, pattern, anyOf/oneOf). It
 * returns the first problem as `path: message`, or null when valid.
 *
 * `pattern` is a user's (or a model's) regex: it never runs on the event
 * loop. A validation first walks the value assuming every pattern matches,
 * collecting the (pattern, string) pairs it meets; those run in one batch in
 * a worker thread (lib/safe-regex/safe-regex.ts) within the validation's time
 * budget; then it walks again with the answers, until no pair is missing
 * (anyOf/oneOf branches may reach new ones). A pattern that overruns the
 * budget fails the field: `s: pattern ... took longer than N ms to check`.
 */
import { testRegexes, testRegexesSync, type RegexCheck, type RegexOutcome } from '../safe-regex/safe-regex';

type Schema = Record<string, unknown>;

/** Time all the pattern checks of one validation may take together (the longest the event loop can wait on them). */
export const PATTERN_BUDGET_MS = 20;

/** The same for the asynchronous form, which blocks nothing while it waits. */
export const ASYNC_PATTERN_BUDGET_MS = 1_000;

/** Walks of one validation at most (each new anyOf/oneOf decision may need one more). */
const MAX_WALKS = 16;

/** Answers whether `value` (at `at`) matches `pattern`: true, false, or a problem message. */
type PatternOracle = (pattern: string, value: string, at: string) => boolean | string;

const typeOf = (x: unknown): string =>
  x === null ? 'null' : Array.isArray(x) ? 'array' : Number.isInteger(x) ? 'integer' : typeof x;

function matchesType(value: unknown, type: string): boolean {
  const t = typeOf(value);
  if (type === 'number') return t === 'number' || t === 'integer';
  return t === type;
}

/** One batch of pattern checks a validation needs answered before it can go on. */
interface PatternBatch {
  checks: RegexCheck[];
  /** Time left for pattern checks. */
  timeoutMs: number;
}

/**
 * The validation as a generator: it yields the batches of pattern checks it
 * needs and receives their outcomes, so the same walk serves the
 * synchronous and the asynchronous form. Only the time patterns run counts
 * against the budget (`stats.runMs`), not the walks nor a worker's start-up.
 */
function* validation(schema: unknown, value: unknown, path: string, budgetMs: number, stats: { runMs: number }): Generator<PatternBatch, string | null, RegexOutcome[]> {
  const known = new Map<string, RegexOutcome>();
  for (let walks = 0; ; walks++) {
    const pending = new Map<string, { check: RegexCheck; at: string }>();
    const oracle: PatternOracle = (pattern, input, at) => {
      const key = `${pattern}\u0000${input}`;
      const outcome = known.get(key);
      if (outcome) return answer(outcome, pattern, at, budgetMs);
      if (!pending.has(key)) pending.set(key, { check: { pattern, flags: 'u', input }, at });
      return true;
    };
    const problem = validate(schema, value, path, oracle);
    if (!pending.size) return problem;
    const left = budgetMs - stats.runMs;
    const first = pending.values().next().value!;
    if (left <= 0 || walks >= MAX_WALKS) return tooSlow(first.check.pattern, first.at, budgetMs);
    const entries = [...pending.entries()];
    const outcomes = yield { checks: entries.map(([, p]) => p.check), timeoutMs: left };
    entries.forEach(([key], i) => { if (outcomes[i]!.status !== 'skipped') known.set(key, outcomes[i]!); });
  }
}

/**
 * Validates `value` against `schema`; returns `path: message` of the first
 * problem, or null. Synchronous: pattern checks run in a worker thread
 * while this thread waits, `patternBudgetMs` at most in all, so the event
 * loop is never held longer than that by a pattern.
 */
export function validateJsonSchema(schema: unknown, value: unknown, path = '', patternBudgetMs = PATTERN_BUDGET_MS): string | null {
  const stats = { runMs: 0 };
  const walk = validation(schema, value, path, patternBudgetMs, stats);
  let step = walk.next();
  while (!step.done) step = walk.next(testRegexesSync(step.value.checks, step.value.timeoutMs, stats));
  return step.value;
}

/**
 * The same validation without ever blocking the event loop: pattern checks
 * run in a worker thread while other work goes on, `patternBudgetMs` (1 s by
 * default) at most in all. Preferred wherever the caller can await.
 */
export async function validateJsonSchemaAsync(schema: unknown, value: unknown, path = '', patternBudgetMs = ASYNC_PATTERN_BUDGET_MS): Promise<string | null> {
  const stats = { runMs: 0 };
  const walk = validation(schema, value, path, patternBudgetMs, stats);
  let step = walk.next();
  while (!step.done) {
    const started = performance.now();
    const outcomes = await testRegexes(step.value.checks, step.value.timeoutMs);
    stats.runMs += performance.now() - started;
    step = walk.next(outcomes);
  }
  return step.value;
}

function answer(outcome: RegexOutcome, pattern: string, at: string, budgetMs: number): boolean | string {
  if (outcome.status === 'match') return true;
  if (outcome.status === 'noMatch') return false;
  // A pattern that does not compile checks nothing (as before: the schema's author gets no error at validation time).
  if (outcome.status === 'invalid') return true;
  if (outcome.status === 'busy') return `${at}: the pattern could not be checked now (the service is replacing the workers that check patterns after patterns that took too long); try again`;
  return tooSlow(pattern, at, budgetMs);
}

function tooSlow(pattern: string, at: string, budgetMs: number): string {
  const shown = pattern.length > 100 ? `${pattern.slice(0, 100)}...` : pattern;
  return `${at}: pattern ${shown} took longer than ${budgetMs} ms to check; use a simpler pattern (nested quantifiers such as (a+)+ backtrack exponentially)`;
}

function validate(schema: unknown, value: unknown, path: string, oracle: PatternOracle): string | null {
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
      const matched = oracle(s.pattern, value, at);
      if (typeof matched === 'string') return matched;
      if (!matched) return `${at}: must match ${s.pattern}`;
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
        const err = validate(s.items, value[i], `${path}[${i}]`, oracle);
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
        const err = validate(props[k], v, sub, oracle);
        if (err) return err;
      } else if (s.additionalProperties === false) {
        return `${sub}: unknown field`;
      } else if (typeof s.additionalProperties === 'object') {
        const err = validate(s.additionalProperties, v, sub, oracle);
        if (err) return err;
      }
    }
  }
  if (Array.isArray(s.anyOf) && !s.anyOf.some((x) => validate(x, value, path, oracle) === null)) return `${at}: matches none of the allowed shapes`;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((x) => validate(x, value, path, oracle) === null).length !== 1) return `${at}: must match exactly one allowed shape`;
  if (Array.isArray(s.allOf)) for (const x of s.allOf) { const e = validate(x, value, path, oracle); if (e) return e; }
  return null;
}
