/**
 * Plugin manifests. A plugin's `index.ts` default-exports
 * `definePlugin({...})` and nothing else.
 */
import type { DependencyContainer } from 'tsyringe';
import type * as v from 'valibot';
import type { Token } from './tokens';
import type { KernelSettings } from './config';

/** The plugin API version this kernel speaks. */
export const PLUGIN_API_VERSION = 1;

export interface PluginContext<C> {
  /** The child container of this kernel: register into it, never into tsyringe's global one. */
  container: DependencyContainer;
  /** The plugin's config slice after its schema's defaults. */
  config: C;
  settings: KernelSettings;
  /** Absolute folder of the plugin entry (for plugin-relative files). */
  pluginDir: string;
}

export interface PluginManifest<S extends v.GenericSchema = v.GenericSchema> {
  /** Unique id, e.g. `driver-playwright`. */
  id: string;
  /** Must equal PLUGIN_API_VERSION. */
  apiVersion: number;
  description?: string;
  /** valibot schema of the plugin's config slice (`undefined` when absent from the file). */
  configSchema?: S;
  /** Tokens this plugin registers. */
  provides: Token<any>[];
  /** Tokens this plugin resolves; each must be provided by some plugin or the kernel. */
  requires?: Token<any>[];
  /** Tokens used when present (ordering only). */
  optional?: Token<any>[];
  register(ctx: PluginContext<v.InferOutput<S>>): void | Promise<void>;
}

/** Identity function that types a manifest. */
export function definePlugin<S extends v.GenericSchema>(manifest: PluginManifest<S>): PluginManifest<S> {
  return manifest;
}
