/**
 * The CLI's defaults, which differ between a clone and the installed package.
 * A clone runs the TypeScript sources (through tsx): the default config is
 * config/default.json and its relative paths resolve against config/, so the
 * data lives in the repository's data/. The package runs compiled JavaScript
 * from dist/: the default config is dist/config/default.json, whose plugin
 * paths name the compiled plugins beside it, while the data and the uploads
 * go to the working directory, never into node_modules or an npx cache.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KernelOverrides } from '../kernel/kernel';

const HERE = fileURLToPath(import.meta.url);
/** True when this is the compiled CLI (the package's dist/), false when tsx runs the sources. */
export const COMPILED = HERE.endsWith('.js');
/** The config file used when `--config` is not given. */
export const DEFAULT_CONFIG = resolve(dirname(HERE), '..', 'config', 'default.json');
/** The compiled CLI's data dir on its default config, relative to the working directory. */
export const PACKAGE_DATA_DIR = '.browserflow';
/** The compiled CLI's upload dir on its default config (the only folder `uploadFile` reads), relative to the working directory. */
export const PACKAGE_UPLOAD_DIR = 'uploads';

/**
 * The kernel's path overrides for a command run with `configFile` and
 * `--data-dir` (undefined when absent): the flag as given, and on the
 * compiled default config the working-directory folders above.
 */
export function pathOverrides(configFile: string, dataDirFlag: string | undefined): Pick<KernelOverrides, 'dataDir' | 'uploadDir'> {
  if (!COMPILED || resolve(configFile) !== DEFAULT_CONFIG) return { dataDir: dataDirFlag };
  return { dataDir: dataDirFlag ?? PACKAGE_DATA_DIR, uploadDir: PACKAGE_UPLOAD_DIR };
}
