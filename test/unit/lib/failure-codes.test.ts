/**
 * docs/flows.md lists exactly the failure codes of lib/failure-codes/failure-codes.ts,
 * with the same meaning and the same retryable flag (as Fastify ties
 * lib/errors.js to its docs): a code added, removed or reworded in one place
 * only fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/service';
import { FAILURE_CODES } from '../../../lib/failure-codes/failure-codes';

/** The rows of the "How a flow ends" table: code -> [meaning, retryable]. */
function documentedCodes(): Map<string, [string, string]> {
  const doc = readFileSync(join(ROOT, 'docs', 'flows.md'), 'utf8');
  const start = doc.indexOf('## How a flow ends');
  assert.ok(start >= 0, 'docs/flows.md has a section "How a flow ends"');
  const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
  const rows = new Map<string, [string, string]>();
  for (const m of section.matchAll(/^\| `([A-Z_]+)` \| (.+) \| (yes|no) \|$/gm)) {
    assert.ok(!rows.has(m[1]!), `${m[1]} is listed twice`);
    rows.set(m[1]!, [m[2]!, m[3]!]);
  }
  return rows;
}

test('docs/flows.md lists exactly the failure codes of the table, with the same meaning and retryable flag', () => {
  const documented = documentedCodes();
  assert.deepEqual([...documented.keys()].sort(), Object.keys(FAILURE_CODES).sort());
  for (const [code, info] of Object.entries(FAILURE_CODES)) {
    assert.deepEqual(documented.get(code), [info.meaning, info.retryable ? 'yes' : 'no'], code);
  }
});

test('the codes the issue found missing from the docs are in the table', () => {
  for (const code of ['AGENT_UNAVAILABLE', 'INTERNAL_ERROR', 'GPT_CONFIG_NOT_FOUND', 'LLM_PROVIDER_UNAVAILABLE', 'LLM_BAD_RESPONSE']) {
    assert.ok(code in FAILURE_CODES, code);
  }
});
