/**
 * valibot helpers: every input goes through `parseOrThrow`, which turns the
 * first issue into a 400 INVALID_REQUEST whose message names the field
 * (`toolCallsOnStart[2].name: expected a string`).
 */
import * as v from 'valibot';
import { invalidRequest } from '../../kernel/errors';

/** Formats a valibot issue path as `a.b[2].c`. */
export function issuePath(issue: v.BaseIssue<unknown>): string {
  let out = '';
  for (const item of issue.path ?? []) {
    const key = (item as { key: unknown }).key;
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** One readable line for an issue: `field: message`. */
export function describeIssue(issue: v.BaseIssue<unknown>, root = ''): string {
  const path = issuePath(issue);
  const where = [root, path].filter(Boolean).join(path && root ? '.' : '');
  const msg = friendlyMessage(issue);
  return where ? `${where}: ${msg}` : msg;
}

function friendlyMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.received === 'undefined' && issue.kind === 'schema') return 'is required';
  switch (issue.kind === 'schema' ? issue.type : '') {
    case 'string': case 'number': case 'boolean': case 'object': case 'array':
      return issue.received === 'undefined' ? 'is required' : `expected ${article(issue.expected ?? issue.type)}, received ${issue.received}`;
    case 'strict_object':
      return issue.received === 'never' || issue.expected === 'never' ? `unknown field` : issue.message;
    default:
      if (issue.type === 'strict_object' || issue.expected === 'never') return 'unknown field';
      if (issue.received === 'undefined') return 'is required';
      return issue.message.replace(/^Invalid /, 'invalid ');
  }
}

function article(expected: string): string {
  if (/^[a-z]+$/.test(expected)) return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
  return expected;
}

/** Validates `input` against `schema`; throws 400 INVALID_REQUEST naming the first bad field. */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, input: unknown, root = ''): v.InferOutput<S> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issues = result.issues.map((i) => describeIssue(i, root));
  throw invalidRequest(issues[0]!, { issues: issues.slice(0, 20) });
}

/** Names: 1..200 characters, no control characters. */
export const NameSchema = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200, 'must be at most 200 characters'),
  v.regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
);

/** A lowercase UUID v4 (flow ids). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Query-string boolean: `true`/`false`/`1`/`0`. */
export const QueryBoolean = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'], 'expected true or false')]),
  v.transform((x) => x === true || x === 'true' || x === '1'),
);

/** Query-string integer. */
export const QueryInteger = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d{1,16}$/, 'expected an integer'))]),
  v.transform((x) => Number(x)),
  v.integer('expected an integer'),
);

/** A tag (runs select flows by tag): 1..50 characters, no control characters. */
export const TagSchema = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(50, 'must be at most 50 characters'),
  v.regex(/^[^\u0000-\u001f\u007f]*$/, 'must not contain control characters'),
);

/** A flow's tags: at most 20, duplicates dropped (first spelling kept). */
export const TagsSchema = v.pipe(
  v.array(TagSchema, 'expected an array of strings'),
  v.maxLength(20, 'at most 20 tags'),
  v.transform((tags) => [...new Set(tags)]),
);
