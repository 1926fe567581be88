/**
 * Plugin loader: config entry -> import -> validate manifest and config
 * slice -> check deps -> order by deps -> register, each plugin through a
 * context that resolves only its declared deps and accepts only its declared
 * `provides`. Every failure is a StartupError whose message is one paragraph
 * a person can act on.
 */
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as v from 'valibot';
import type { DependencyContainer } from 'tsyringe';
import { StartupError } from './errors';
import { PLUGIN_API_VERSION, type PluginContext, type PluginManifest } from './plugin';
import { isProvided, provide, resolve, resolveAll, type Token } from './tokens';
import type { KernelSettings, PluginEntry } from './config';
import { describeIssue } from '../lib/validation/validation';
import { DependencyCycle, dependencyOrder } from '../lib/dependency-order/dependency-order';
import { modulePath } from '../lib/package-root/module-path';

/** A plugin after import and validation, ready to register. */
export interface LoadedPlugin {
  manifest: PluginManifest;
  entry: PluginEntry;
  /** Absolute path of the module that was imported. */
  modulePath: string;
  config: unknown;
}

const TokenSchema = v.object({ symbol: v.symbol(), name: v.string(), multi: v.boolean() });
const ManifestSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'must be lowercase letters, digits, dots, dashes')),
  apiVersion: v.number(),
  provides: v.array(TokenSchema),
  deps: v.optional(v.record(v.string(), TokenSchema)),
  optionalDeps: v.optional(v.record(v.string(), TokenSchema)),
  register: v.function(),
});

/** The tokens a manifest declares it needs. */
const required = (m: PluginManifest): Token<unknown>[] => Object.values(m.deps ?? {});

/** Resolves a `use` string to a module file (lib/package-root/module-path.ts): a path against the config folder, else a package name. */
export function resolvePluginModule(use: string, configFile: string): string {
  const found = modulePath(use, configFile);
  if ('problem' in found) throw new StartupError(`Plugin "${use}" not found: ${found.problem}`);
  return found.path;
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
 * declare its tokens in `deps`; reports every missing dependency at once,
 * and cycles. The order is also the order of a multi token's items and
 * breaks ties between lifecycles of equal `order`.
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
  for (const p of plugins) for (const t of required(p.manifest)) {
    if (!providers.has(t.symbol) && !kernelSymbols.has(t.symbol)) missing.push(`"${p.manifest.id}" requires "${t.name}"`);
  }
  if (missing.length) {
    throw new StartupError(`Missing plugin dependencies: ${missing.join('; ')}. No loaded plugin provides ${missing.length === 1 ? 'it' : 'them'}: add a plugin that provides each token to the "plugins" list of the config file.`);
  }
  const deps = (p: LoadedPlugin): LoadedPlugin[] => {
    const out = new Set<LoadedPlugin>();
    // Optional deps do not order: every dep is resolved on first read, after
    // all plugins registered, and drivers <-> HTTP server would be a cycle.
    for (const t of required(p.manifest)) {
      for (const q of providers.get(t.symbol) ?? []) if (q !== p) out.add(q);
    }
    return [...out];
  };
  try {
    return dependencyOrder(plugins, deps, (p) => p.manifest.id);
  } catch (err) {
    if (!(err instanceof DependencyCycle)) throw err;
    const cycle = (err.cycle as LoadedPlugin[]).map((x) => x.manifest.id).join(' -> ');
    throw new StartupError(`Plugin dependency cycle: ${cycle}. A plugin cannot (indirectly) require a token it must provide first; split one of them or mark a dependency optional.`);
  }
}

/**
 * Registers the ordered plugins into the container, each through its own
 * context, then checks every plugin provided each token it declared.
 */
export async function registerPlugins(container: DependencyContainer, plugins: LoadedPlugin[], settings: KernelSettings): Promise<void> {
  const singles = new Map<symbol, string>();
  let registering = true;
  for (const p of plugins) {
    const registered = new Set<symbol>();
    const ctx: PluginContext<unknown, any, any> = {
      config: p.config, settings, pluginDir: dirname(p.modulePath),
      deps: scopedDeps(container, p.manifest, () => registering),
      provide(token, factory) {
        const id = p.manifest.id;
        if (!p.manifest.provides.some((t) => t.symbol === token.symbol)) {
          throw new StartupError(`Plugin "${id}" registers "${token.name}" but does not declare it: add it to the "provides" of "${id}".`);
        }
        const other = singles.get(token.symbol);
        if (!token.multi && (other || isProvided(container, token))) {
          throw new StartupError(`Plugin "${id}" registers "${token.name}", a single service already provided by "${other ?? 'the kernel'}". Load only one plugin that provides it.`);
        }
        if (!token.multi) singles.set(token.symbol, id);
        registered.add(token.symbol);
        provide(container, token, () => factory());
      },
    };
    try {
      await p.manifest.register(ctx as never);
    } catch (err) {
      if (err instanceof StartupError) throw err;
      throw new StartupError(`Plugin "${p.manifest.id}" failed to register: ${(err as Error).message}`);
    }
    const unprovided = p.manifest.provides.filter((t) => !registered.has(t.symbol)).map((t) => `"${t.name}"`);
    if (unprovided.length) {
      throw new StartupError(`Plugin "${p.manifest.id}" declares ${unprovided.join(', ')} in "provides" but registered nothing under ${unprovided.length === 1 ? 'it' : 'them'}: remove ${unprovided.length === 1 ? 'it' : 'them'} from "provides" or register ${unprovided.length === 1 ? 'it' : 'them'}.`);
    }
  }
  registering = false;
}

/** The plugin's declared deps as lazy, cached getters; nothing else of the container is reachable. */
function scopedDeps(container: DependencyContainer, manifest: PluginManifest, registering: () => boolean): Record<string, unknown> {
  const deps: Record<string, unknown> = {};
  const define = (name: string, token: Token<unknown>, optional: boolean) => {
    let value: unknown;
    let read = false;
    Object.defineProperty(deps, name, {
      enumerable: true,
      get() {
        if (!read) {
          // A multi token read now would miss the items of plugins registered later.
          if (registering()) throw new StartupError(`Plugin "${manifest.id}" reads its dep "${name}" while plugins register: read deps inside a factory or a lifecycle, not in register().`);
          value = token.multi ? resolveAll(container, token)
            : optional && !isProvided(container, token) ? undefined : resolve(container, token);
          read = true;
        }
        return value;
      },
    });
  };
  for (const [name, token] of Object.entries(manifest.deps ?? {})) define(name, token, false);
  for (const [name, token] of Object.entries(manifest.optionalDeps ?? {})) define(name, token, true);
  return Object.freeze(deps);
}

/**
 * Registers one plugin into `container` exactly as the kernel does (scoped
 * deps, checked provides). For tests and tools that load a single plugin;
 * the services it declares in `deps` must be in the container already.
 */
export async function registerPlugin(
  container: DependencyContainer, manifest: PluginManifest<any, any, any>,
  options: { config?: unknown; settings: KernelSettings; pluginDir?: string },
): Promise<void> {
  const pluginDir = options.pluginDir ?? process.cwd();
  const loaded: LoadedPlugin = { manifest, entry: { use: manifest.id, enabled: true }, modulePath: join(pluginDir, 'index.ts'), config: options.config };
  await registerPlugins(container, [loaded], options.settings);
}
