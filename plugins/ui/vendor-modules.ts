/**
 * The browser libraries the UI imports by bare specifier, served from the
 * installed npm packages (no CDN, no build step). Each is served under a URL
 * that carries the package version, so it can be cached as immutable: an
 * upgrade changes the URL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** One vendored ES module. */
export interface VendorModule {
  /** What the UI's code imports (`preact/hooks`). */
  specifier: string;
  /** The npm package holding it. */
  packageName: string;
  /** The ES module file inside the package. */
  file: string;
  /** Short name used in the URL (`preact-hooks`). */
  slug: string;
}

/** Every module of the import map. Each file's own imports are bare specifiers listed here too. */
export const VENDOR_MODULES: readonly VendorModule[] = [
  { specifier: 'preact', packageName: 'preact', file: 'dist/preact.mjs', slug: 'preact' },
  { specifier: 'preact/hooks', packageName: 'preact', file: 'hooks/dist/hooks.mjs', slug: 'preact-hooks' },
  { specifier: 'htm', packageName: 'htm', file: 'dist/htm.mjs', slug: 'htm' },
  { specifier: 'htm/preact', packageName: 'htm', file: 'preact/index.mjs', slug: 'htm-preact' },
  { specifier: '@preact/signals-core', packageName: '@preact/signals-core', file: 'dist/signals-core.mjs', slug: 'signals-core' },
  { specifier: '@preact/signals', packageName: '@preact/signals', file: 'dist/signals.mjs', slug: 'signals' },
];

/** A vendored module located on disk. */
export interface ResolvedVendorModule extends VendorModule {
  /** Absolute path of the file. */
  path: string;
  version: string;
  /** Versioned file name under /ui/vendor/ (`preact-hooks@11.2.0.mjs`). */
  urlName: string;
}

/** The folder of an installed package, searched upwards from `fromDir` as Node does. */
export function findPackageDir(packageName: string, fromDir: string): string {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', packageName);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`The UI needs the npm package ${packageName}, which is not installed (run npm ci).`);
    dir = parent;
  }
}

/** Locates every vendored module from `fromDir` (the plugin folder). */
export function resolveVendorModules(fromDir: string): ResolvedVendorModule[] {
  return VENDOR_MODULES.map((m) => {
    const dir = findPackageDir(m.packageName, fromDir);
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string };
    return { ...m, path: join(dir, m.file), version, urlName: `${m.slug}@${version}.mjs` };
  });
}

/** The import map of the page: specifier -> versioned URL. */
export function importMap(modules: readonly ResolvedVendorModule[]): { imports: Record<string, string> } {
  return { imports: Object.fromEntries(modules.map((m) => [m.specifier, `/ui/vendor/${m.urlName}`])) };
}
