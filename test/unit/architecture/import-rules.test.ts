/**
 * The import rules (scripts/check-deps.mjs, also `npm run lint:deps`): the
 * repository follows them, and each rule fails on a deliberately wrong
 * import in a scratch tree, naming the file and the rule.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// @ts-expect-error: a plain .mjs script without types
import { checkDeps } from '../../../scripts/check-deps.mjs';

const check = checkDeps as (root?: string) => string[];
const SCRIPT = join(process.cwd(), 'scripts', 'check-deps.mjs');

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'bf-deps-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

test('the repository follows every import rule and has no import cycle', () => {
  assert.deepEqual(check(), []);
});

test('each rule fails on a wrong import, naming the file and the rule', () => {
  const root = tree({
    'kernel/kernel.ts': "import { x } from '../plugins/a/thing';\nimport OpenAI from 'openai';\n",
    'kernel/contracts/tool.ts': "export type T = 1;\n",
    'plugins/a/index.ts': "import { y } from '../b/other';\nimport { z } from './thing';\nimport { t } from '../../kernel/contracts/tool';\nimport { f } from '../../kernel/flows/flow-runner';\n",
    'plugins/a/thing.ts': "export const x = 1, z = 2;\n",
    'plugins/b/index.ts': "export {};\n",
    'plugins/b/other.ts': "export const y = 1;\n",
    'lib/json-schema/json-schema.ts': "import type { x } from '../../plugins/a/thing';\nimport { f } from '../../kernel/flows/flow-runner';\n",
    'kernel/flows/flow-runner.ts': "export const f = 1;\n",
    'lib/fresh/fresh.ts': "export const fresh = 1;\n",
    'cli/one.ts': "import type { Two } from './two';\nexport type One = 1;\n",
    'cli/two.ts': "import type { One } from './one';\nexport type Two = 2;\n",
  });
  try {
    const violations = check(root);
    const has = (re: RegExp) => assert.ok(violations.some((v) => re.test(v)), `${re} not in:\n${violations.join('\n')}`);
    has(/^kernel\/kernel\.ts: imports plugins\/a\/thing\.ts \(rule "kernel never imports a plugin/);
    has(/^kernel\/kernel\.ts: imports openai \(rule "kernel never imports a plugin, a plugin kit \(lib\/llm, lib\/page-scripts\.\.\.\) or an SDK"/);
    has(/^plugins\/a\/index\.ts: imports plugins\/b\/other\.ts \(rule "plugins never import another plugin/);
    has(/^plugins\/a\/index\.ts: imports kernel\/flows\/flow-runner\.ts \(rule "plugins never import another plugin, nor the kernel's internals/);
    has(/^lib\/json-schema\/json-schema\.ts: imports plugins\/a\/thing\.ts \(rule "lib never imports a plugin/);
    has(/^lib\/json-schema\/json-schema\.ts: imports kernel\/flows\/flow-runner\.ts \(rule "lib never imports a plugin or the kernel's flow code/);
    has(/^import cycle: cli\/one\.ts -> cli\/two\.ts -> cli\/one\.ts \(rule "no import cycles anywhere, type-only imports included"\)/);
    // Own folder, the kernel's contracts and a library with its entry are fine.
    assert.ok(!violations.some((v) => /plugins\/a\/thing\.ts \(rule "plugins/.test(v) || /imports kernel\/contracts\/tool/.test(v)), violations.join('\n'));
    assert.equal(violations.length, 7, violations.join('\n'));

    const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /check-deps: 7 violations/);
    assert.match(run.stderr, /plugins\/a\/index\.ts: imports plugins\/b\/other\.ts/);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a clean tree passes and exits 0', () => {
  const root = tree({ 'kernel/a.ts': "import { b } from './b';\n", 'kernel/b.ts': 'export const b = 1;\n' });
  try {
    assert.deepEqual(check(root), []);
    assert.equal(spawnSync(process.execPath, [SCRIPT, '--root', root]).status, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('every library states its purpose and the imports its DEPS entry allows', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { DEPS } = (await import('../../../scripts/check-deps.mjs' as string)) as { DEPS: Array<{ folder: string; allow: string[] }> };
  for (const name of readdirSync('lib')) {
    const readme = readFileSync(join('lib', name, 'README.md'), 'utf8');
    assert.match(readme, new RegExp(`^# lib/${name}: \\S.+`), `lib/${name}/README.md: first line "# lib/${name}: <purpose>"`);
    const entry = DEPS.find((d) => d.folder === `lib/${name}/`);
    assert.ok(entry, `lib/${name}/ has no DEPS entry in scripts/check-deps.mjs`);
    const declared = /^May import: (.*)$/m.exec(readme)?.[1]?.split(', ');
    assert.deepEqual(declared, entry.allow, `lib/${name}/README.md "May import:" differs from its DEPS entry`);
  }
});
