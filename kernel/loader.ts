/**
 * Plugin loader: config entry -> import -> validate manifest and config
 * slice -> check requires/provides -> order by dependencies -> register into
 * the kernel's child container. Every failure is a StartupError whose message
 * is one paragraph a person can act on.
 */
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as v from 'valibot';
import type { DependencyContainer } from 'tsyringe';
import { StartupError } from './errors';
import { PLUGIN_API_VERSION, type PluginManifest } from './plugin';
import type { Token } from './tokens';
import type { KernelSettings, PluginEntry } from './config';
import { describeIssue } from './validation';

/** A plugin after import and validation, ready to register. */
export interface LoadedPlugin {
  manifest: PluginManifest;
  entry: PluginEntry;
  /** Absolute path of the module that was imported. */
  modulePath: string;
  config: unknown;
}

const ManifestSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'must be lowercase letters, digits, dots, dashes')),
  apiVersion: v.number(),
  provides: v.array(v.object({ symbol: v.symbol(), name: v.string() })),
  requires: v.optional(v.array(v.object({ symbol: v.symbol(), name: v.string() }))),
  optional: v.optional(v.array(v.object({ symbol: v.symbol(), name: v.string() }))),
  register: v.function(),
});

/** Resolves a `use` string to a module file: a path against the config folder, else a package name. */
export function resolvePluginModule(use: string, configFile: string): string {
  const base = dirname(configFile);
  if (use.startsWith('.') || isAbsolute(use)) {
    const p = resolvePath(base, use);
    const candidates = [p, `${p}.ts`, `${p}.js`, `${p}.mjs`, join(p, 'index.ts'), join(p, 'index.js'), join(p, 'index.mjs')];
    for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c;
    throw new StartupError(`Plugin "${use}" not found: no file at ${p} (tried ${p}, ${p}.ts, ${join(p, 'index.ts')}). Paths in the config file resolve against its folder (${base}).`);
  }
  try {
    return createRequire(configFile).resolve(use);
  } catch {
    throw new StartupError(`Plugin "${use}" not found: it is neither a path (start it with ./ or ../) nor an installed package resolvable from ${base}. Install it with npm or fix the "use" entry in ${configFile}.`);
  }
}

/** Imports and validates every enabled entry. */
export async function importPlugins(entries: PluginEntry[], settings: KernelSettings): Promise<LoadedPlugin[]> {
  const loaded: LoadedPlugin[] = [];
  const ids = new Map<string, string>();
  for (const entry of entries) {
    if (entry.enabled === false) continue;
    const modulePath = resolvePluginModule(entry.use, settings.configFile);
    let mod: { default?: unknown };
    try {
      mod = await import(pathToFileURL(modulePath).href);
    } catch (err) {
      throw new StartupError(`Plugin "${entry.use}" failed to load from ${modulePath}: ${(err as Error).message}`);
    }
    const parsed = v.safeParse(ManifestSchema, mod.default);
    if (!parsed.success) {
      throw new StartupError(`Plugin "${entry.use}" (${modulePath}) does not default-export a valid manifest: ${describeIssue(parsed.issues[0])}. A plugin's index must be \`export default definePlugin({ id, apiVersion, provides, register })\`.`);
    }
    const manifest = mod.default as PluginManifest;
    if (manifest.apiVersion !== PLUGIN_API_VERSION) {
      throw new StartupError(`Plugin "${manifest.id}" speaks plugin API version ${manifest.apiVersion}, but this kernel speaks version ${PLUGIN_API_VERSION}. Use a version of the plugin built for API ${PLUGIN_API_VERSION}.`);
    }
    const seen = ids.get(manifest.id);
    if (seen) throw new StartupError(`Plugin id "${manifest.id}" is loaded twice (from "${seen}" and "${entry.use}"). Remove one of the entries.`);
    ids.set(manifest.id, entry.use);
    let config: unknown = entry.config;
    if (manifest.configSchema) {
      const res = v.safeParse(manifest.configSchema, entry.config);
      if (!res.success) {
        const issues = res.issues.slice(0, 5).map((i) => describeIssue(i, 'config')).join('; ');
        throw new StartupError(`Plugin "${manifest.id}" has an invalid config slice: ${issues}. Fix the "config" of the entry "${entry.use}" in ${settings.configFile}.`);
      }
      config = res.output;
    } else if (entry.config !== undefined) {
      throw new StartupError(`Plugin "${manifest.id}" takes no config, but its entry "${entry.use}" has one. Remove the "config" field.`);
    }
    loaded.push({ manifest, entry, modulePath, config });
  }
  return loaded;
}

/**
 * Orders plugins so every provider registers before the plugins that
 * require its tokens; reports every missing dependency at once, and cycles.
 */
export function orderPlugins(plugins: LoadedPlugin[], kernelProvided: Token<unknown>[]): LoadedPlugin[] {
  const providers = new Map<symbol, LoadedPlugin[]>();
  for (const p of plugins) for (const t of p.manifest.provides) {
    const list = providers.get(t.symbol) ?? [];
    list.push(p);
    providers.set(t.symbol, list);
  }
  const kernelSymbols = new Set(kernelProvided.map((t) => t.symbol));
  const missing: string[] = [];
  for (const p of plugins) for (const t of p.manifest.requires ?? []) {
    if (!providers.has(t.symbol) && !kernelSymbols.has(t.symbol)) missing.push(`"${p.manifest.id}" requires "${t.name}"`);
  }
  if (missing.length) {
    throw new StartupError(`Missing plugin dependencies: ${missing.join('; ')}. No loaded plugin provides ${missing.length === 1 ? 'it' : 'them'}: add a plugin that provides each token to the "plugins" list of the config file.`);
  }
  const deps = (p: LoadedPlugin): LoadedPlugin[] => {
    const out = new Set<LoadedPlugin>();
    for (const t of [...(p.manifest.requires ?? []), ...(p.manifest.optional ?? [])]) {
      for (const q of providers.get(t.symbol) ?? []) if (q !== p) out.add(q);
    }
    return [...out];
  };
  const ordered: LoadedPlugin[] = [];
  const state = new Map<LoadedPlugin, 'visiting' | 'done'>();
  const visit = (p: LoadedPlugin, trail: LoadedPlugin[]) => {
    const s = state.get(p);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(p)), p].map((x) => x.manifest.id).join(' -> ');
      throw new StartupError(`Plugin dependency cycle: ${cycle}. A plugin cannot (indirectly) require a token it must provide first; split one of them or mark a dependency optional.`);
    }
    state.set(p, 'visiting');
    for (const d of deps(p)) visit(d, [...trail, p]);
    state.set(p, 'done');
    ordered.push(p);
  };
  for (const p of plugins) visit(p, []);
  return ordered;
}

/** Registers the ordered plugins into the container. */
export async function registerPlugins(container: DependencyContainer, plugins: LoadedPlugin[], settings: KernelSettings): Promise<void> {
  for (const p of plugins) {
    try {
      await p.manifest.register({ container, config: p.config as never, settings, pluginDir: dirname(p.modulePath) });
    } catch (err) {
      if (err instanceof StartupError) throw err;
      throw new StartupError(`Plugin "${p.manifest.id}" failed to register: ${(err as Error).message}`);
    }
  }
}
