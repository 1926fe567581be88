/**
 * Plugin manifests (plugin API 2). A plugin's `index.ts` default-exports
 * `definePlugin({...})` and nothing else. A plugin sees exactly the services
 * it declares: `register` gets them as `deps`, typed from the declaration
 * (as Backstage's `registerInit({ deps })`), and may only `provide` the
 * tokens listed in `provides` (checked by the loader when it registers the
 * plugin, not by the type). It never sees the container.
 */
import type * as v from 'valibot';
import type { Token } from './tokens';
import type { KernelSettings } from './config';

/** The plugin API version this kernel speaks. */
export const PLUGIN_API_VERSION = 2;

/** Declared dependencies: a name for each token the plugin uses. */
export type DepsDeclaration = Record<string, Token<any, boolean>>;

/** What a token resolves to: a multi token gives every item, a single one its value. */
export type Resolved<K> = K extends Token<infer T, true> ? T[] : K extends Token<infer T, false> ? T : never;

/** What an optional token resolves to: an absent single token is `undefined`, an absent multi token `[]`. */
export type ResolvedOptional<K> = K extends Token<infer T, true> ? T[] : K extends Token<infer T, false> ? T | undefined : never;

/**
 * The services a plugin declared, by the names it gave them. Each is
 * resolved on first read (so a factory may read another plugin's service
 * that is registered later) and is the same object on every read.
 */
export type PluginDeps<D extends DepsDeclaration, O extends DepsDeclaration> =
  { readonly [K in keyof D]: Resolved<D[K]> } & { readonly [K in keyof O]: ResolvedOptional<O[K]> };

/** What `register` receives. */
export interface PluginContext<C, D extends DepsDeclaration = {}, O extends DepsDeclaration = {}> {
  /** The plugin's config slice after its schema's defaults. */
  config: C;
  settings: KernelSettings;
  /** Absolute folder of the plugin entry (for plugin-relative files). */
  pluginDir: string;
  /** Exactly the services declared in `deps` and `optionalDeps`. */
  deps: PluginDeps<D, O>;
  /**
   * Registers a lazily built service under `token`, which must be listed in
   * `provides` (else the boot fails naming the plugin and the token). A
   * multi token takes one item per call; a single token one value in all.
   */
  provide<T>(token: Token<T, boolean>, factory: () => T): void;
}

/** A plugin's manifest. */
export interface PluginManifest<
  S extends v.GenericSchema = v.GenericSchema,
  D extends DepsDeclaration = DepsDeclaration,
  O extends DepsDeclaration = DepsDeclaration,
> {
  /** Unique id, e.g. `driver-playwright`. */
  id: string;
  /** Must equal PLUGIN_API_VERSION. */
  apiVersion: number;
  description?: string;
  /** valibot schema of the plugin's config slice (`undefined` when absent from the file). */
  configSchema?: S;
  /** Tokens this plugin registers, each at least once; registering any other token fails at boot. */
  provides: Token<any, boolean>[];
  /** Services the plugin needs; each must be provided by some plugin or the kernel, else the boot fails. */
  deps?: D;
  /** Services used when present; they do not fail the boot when absent. */
  optionalDeps?: O;
  register(ctx: PluginContext<v.InferOutput<S>, D, O>): void | Promise<void>;
}

/** Identity function that types a manifest (and its `deps`) from the literal. */
export function definePlugin<S extends v.GenericSchema, D extends DepsDeclaration = {}, O extends DepsDeclaration = {}>(
  manifest: PluginManifest<S, D, O>,
): PluginManifest<S, D, O> {
  return manifest;
}
