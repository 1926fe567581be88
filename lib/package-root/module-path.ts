/**
 * The file a config file's plugin entry names (`use`): a path against the
 * config file's folder, with the extensions and index files a clone (`.ts`)
 * or the installed package (`.js`, `.mjs`) has, else a package installed
 * where the config file can resolve it. Answers the reason when there is
 * none, in words a person can act on.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';

export function modulePath(use: string, configFile: string): { path: string } | { problem: string } {
  const base = dirname(configFile);
  if (use.startsWith('.') || isAbsolute(use)) {
    const p = resolve(base, use);
    const candidates = [p, `${p}.ts`, `${p}.js`, `${p}.mjs`, join(p, 'index.ts'), join(p, 'index.js'), join(p, 'index.mjs')];
    for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return { path: c };
    return { problem: `no file at ${p} (tried ${p}, ${p}.ts|.js|.mjs, ${join(p, 'index.ts')}|.js|.mjs: .ts in a clone, .js in the installed package). Paths in the config file resolve against its folder (${base}).` };
  }
  try {
    return { path: createRequire(configFile).resolve(use) };
  } catch {
    return { problem: `it is neither a path (start it with ./ or ../) nor an installed package resolvable from ${base}. Install it with npm or fix the "use" entry in ${configFile}.` };
  }
}
