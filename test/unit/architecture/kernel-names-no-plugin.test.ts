/**
 * The kernel names no plugin (issue 23): its code holds no plugin id, no
 * driver's `browser.using.type` and no agent name. Defaults come from the
 * contracts instead (BrowserDriver.defaultUsing, AutonomousAgent.name), so
 * a deployment that swaps a plugin changes no kernel file. Comments may
 * point a reader at a plugin; strings and code may not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../../helpers/service';

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** What names a plugin: manifest ids, driver types, agent names (as their plugins declare them). */
function pluginNames(): string[] {
  const names = new Set<string>();
  for (const file of files(join(ROOT, 'plugins'))) {
    const src = readFileSync(file, 'utf8');
    if (file.endsWith('index.ts')) for (const m of src.matchAll(/^\s+id: '([^']+)'/gm)) names.add(m[1]!);
    for (const m of src.matchAll(/readonly type = '([^']+)'/g)) names.add(m[1]!);
    for (const m of src.matchAll(/^export const [A-Z_]+ = '([a-z][a-z-]+)';\s*$/gm)) if (file.includes('/agents/')) names.add(m[1]!);
  }
  return [...names];
}

test('no kernel file names a plugin in its code (ids, driver types, agent names)', () => {
  const names = pluginNames();
  for (const expected of ['agent-flow-runner', 'device', 'webdriver', 'flow-runner']) assert.ok(names.includes(expected), `found the plugin name ${expected}`);
  const found: string[] = [];
  for (const file of files(join(ROOT, 'kernel'))) {
    const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
    for (const literal of code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
      for (const name of names) {
        if (new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(literal[0])) found.push(`${relative(ROOT, file)}: ${literal[0]} names ${name}`);
      }
    }
  }
  assert.deepEqual(found, []);
});
