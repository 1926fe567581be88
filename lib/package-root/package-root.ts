/**
 * The folder of the package a module belongs to, found the same way from
 * the sources (kernel/kernel.ts in a clone) and from the compiled package
 * (dist/kernel/kernel.js), where a fixed `../package.json` would name
 * dist/package.json, which does not exist.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above the folder of `moduleUrl` (a module's
 * `import.meta.url`) that holds a package.json. Throws when none does.
 */
export function packageRoot(moduleUrl: string | URL): string {
  const start = dirname(fileURLToPath(moduleUrl));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json in ${start} or any folder above it.`);
  }
}
