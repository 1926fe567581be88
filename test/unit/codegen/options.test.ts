/**
 * The `language` option of generated code: a query parameter of
 * GET /api/flows/{id}/code and an option of POST /api/flows/project,
 * JavaScript by default; anything else is a 400 naming the field.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../kernel/errors';
import { parseOrThrow } from '../../../lib/validation/validation';
import { CodeQuery, ProjectBody } from '../../../plugins/routes/flows/schemas';

test('/code?language=: javascript by default, typescript on request, nothing else', () => {
  assert.equal(parseOrThrow(CodeQuery, {}).language, 'javascript');
  assert.equal(parseOrThrow(CodeQuery, { language: 'typescript' }).language, 'typescript');
  assert.throws(() => parseOrThrow(CodeQuery, { language: 'python' }, 'query'),
    (e: unknown) => e instanceof ApiError && e.code === 'INVALID_REQUEST' && /language/.test(e.message) && /javascript or typescript/.test(e.message));
});

test('project options.language: javascript by default, typescript on request, nothing else', () => {
  const ids = ['00000000-0000-4000-8000-000000000000'];
  assert.equal(parseOrThrow(ProjectBody, { flowIds: ids }).options.language, 'javascript');
  assert.equal(parseOrThrow(ProjectBody, { flowIds: ids, options: { language: 'typescript' } }).options.language, 'typescript');
  assert.throws(() => parseOrThrow(ProjectBody, { flowIds: ids, options: { language: 'ts' } }, 'body'),
    (e: unknown) => e instanceof ApiError && e.code === 'INVALID_REQUEST' && /options\.language/.test(e.message));
});
