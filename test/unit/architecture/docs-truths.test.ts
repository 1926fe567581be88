/**
 * The statements of the docs that can be checked against the code are: the
 * import-rules table of docs/architecture.md is generated from the rules
 * (scripts/check-deps.mjs), the token table of docs/writing-a-plugin.md names
 * tokens that exist where it says with the kind it says, and the manifest
 * example of docs/architecture.md would boot (every token in `provides` is
 * provided, every dep it reads is declared). The failure-code table of
 * docs/flows.md is checked by test/unit/lib/failure-codes.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../helpers/service';

const doc = (name: string) => readFileSync(join(ROOT, 'docs', name), 'utf8');

test('the import rules table of docs/architecture.md is the one generated from DEPS (node scripts/check-deps.mjs --write-doc)', async () => {
  const { withImportRules } = (await import('../../../scripts/check-deps.mjs' as string)) as { withImportRules: (d: string) => string };
  const current = doc('architecture.md');
  assert.ok(current === withImportRules(current), 'docs/architecture.md: the import rules table is stale; run node scripts/check-deps.mjs --write-doc');
});

test('every token of the token table in docs/writing-a-plugin.md is exported where it says, with the kind it says', async () => {
  const section = doc('writing-a-plugin.md').split('| token | where | kind | what |')[1]!.split('\n\n')[0]!;
  const rows = [...section.matchAll(/^\| ((?:`[A-Z_]+`(?:, )?)+) \| ([\w/.-]+\.ts) \| (single|multi)(, kernel)? \|/gm)];
  assert.ok(rows.length >= 15, `the table has its rows (${rows.length})`);
  for (const [, names, file, kind] of rows) {
    const mod = (await import(join(ROOT, file!))) as Record<string, { multi?: boolean; symbol?: symbol }>;
    for (const name of names!.match(/[A-Z_]+/g)!) {
      const token = mod[name];
      assert.ok(token && typeof token.symbol === 'symbol', `${name} is a token exported by ${file}`);
      assert.equal(token.multi, kind === 'multi', `${name} is ${kind}`);
    }
  }
});

test('the manifest example of docs/architecture.md provides every token it lists and reads only declared deps', () => {
  const text = doc('architecture.md');
  const start = text.indexOf("A plugin's `index.ts` default-exports a manifest:");
  const example = text.slice(start).split('```ts')[1]!.split('```')[0]!;
  const provides = example.match(/provides: \[([^\]]*)\]/)![1]!.split(',').map((s) => s.trim()).filter(Boolean);
  const provided = new Set([...example.matchAll(/provide\(([A-Z_]+),/g)].map((m) => m[1]));
  assert.deepEqual([...provided].sort(), [...provides].sort(), 'each token in provides is provided, and only those');
  const declared = new Set([...example.matchAll(/(?:deps|optionalDeps): \{([^}]*)\}/g)].flatMap((m) => [...m[1]!.matchAll(/(\w+):/g)].map((x) => x[1])));
  for (const [, dep] of example.matchAll(/deps\.(\w+)/g)) assert.ok(declared.has(dep), `deps.${dep} is declared`);
  // And it is the real plugin's manifest, shortened: the same provides, deps and optionalDeps.
  const real = readFileSync(join(ROOT, 'plugins/drivers/playwright/index.ts'), 'utf8');
  for (const line of ['provides: [BROWSER_DRIVERS, LIFECYCLE]', 'deps: { logger: LOGGER }', 'optionalDeps: { server: HTTP_SERVER }']) {
    assert.ok(example.includes(line) && real.includes(line), line);
  }
});
