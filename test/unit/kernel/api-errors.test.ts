/**
 * One table of API errors (lib/api-errors/api-errors.ts, raised through kernel/errors.ts): docs/api.md lists exactly its
 * codes with the same status, retryable flag and sentence; every code but
 * INVALID_REQUEST has one message template; throw sites pass values, so no
 * source file builds an ApiError of another code from prose.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../helpers/service';
import { API_ERRORS, ApiError, apiError } from '../../../kernel/errors';

test('docs/api.md lists exactly the API error codes, with their status, retryable flag and sentence', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
  const rows = new Map<string, string[]>();
  for (const m of doc.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \| (yes|no) \| (.+) \|$/gm)) rows.set(m[1]!, [m[2]!, m[3]!, m[4]!]);
  assert.deepEqual([...rows.keys()].sort(), Object.keys(API_ERRORS).sort());
  for (const [code, info] of Object.entries(API_ERRORS)) {
    assert.deepEqual(rows.get(code), [String(info.status), info.retryable ? 'yes' : 'no', info.when], code);
  }
});

test('one wording per code: FLOW_NOT_ACTIVE reads the same wherever it is raised, and values are quoted and cut', () => {
  assert.equal(apiError('FLOW_NOT_ACTIVE', { flowId: 'f1', state: 'SUCCESS', action: 'pause' }).message, 'Flow f1 is SUCCESS: it cannot pause');
  assert.equal(apiError('FLOW_NOT_ACTIVE', { flowId: 'f1', state: 'RUNNING_ACTION', action: 'resume', why: 'only a PAUSED flow can be resumed' }).message,
    'Flow f1 is RUNNING_ACTION: it cannot resume (only a PAUSED flow can be resumed)');
  const e = apiError('NOT_FOUND', { what: 'run', id: 'x'.repeat(500) });
  assert.equal(e.status, 404);
  assert.ok(e.message.startsWith('Run "xxx') && e.message.length < 150, e.message);
  assert.equal(apiError('NOT_FOUND', { what: 'code generator plugin is loaded' }).message, 'No code generator plugin is loaded');
  assert.ok(apiError('INTERNAL_ERROR', {}) instanceof ApiError);
});

test('no throw site words an error itself: only INVALID_REQUEST (field: problem) and the path parameter checks (the route 404 code, "flowId: ...") build an ApiError from a message', () => {
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('kernel/errors.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/new ApiError\(\s*('?[A-Za-z_]+'?)/g)) {
          const pathParameterCheck = (p.endsWith('path-params.ts') && m[1] === 'errorCode') || (p.endsWith('route-handler.ts') && m[1] === 'paramsErrorCode');
          if (m[1] !== "'INVALID_REQUEST'" && !pathParameterCheck) offenders.push(`${relative(ROOT, p)}: ${m[0]}`);
        }
      }
    }
  };
  for (const dir of ['kernel', 'lib', 'plugins', 'cli']) walk(join(ROOT, dir));
  assert.deepEqual(offenders, []);
});
