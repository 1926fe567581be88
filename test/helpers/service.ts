/**
 * Boots the real service for integration tests: a config file in a fresh
 * temp dir (built from config/default.json with absolute plugin paths), a
 * data dir inside it, port 0, debug logs captured into `logs`.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKernel, type Kernel } from '../../kernel/kernel';
import { resolve } from '../../kernel/tokens';
import { rawRequest, type TestResponse } from './http';
import { HTTP_SERVER } from '../../lib/http/route-contract';

/** The repository root. */
export const ROOT = resolvePath(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DEFAULT_CONFIG = join(ROOT, 'config', 'default.json');

/** A plugin entry as in a config file; `use` relative paths resolve against the repository root here. */
export type PluginSpec = string | { use: string; config?: unknown; enabled?: boolean };

export interface StartServiceOptions {
  /**
   * Which plugins of config/default.json to load: `'all'` (default) loads
   * every entry whose folder exists, so the helper works while the tree is
   * still partial; a list names plugin folders relative to the repository
   * root (`plugins/storage/leveldb`), or as config/default.json writes them
   * (`../plugins/storage/leveldb`), or absolute.
   */
  pluginSet?: 'all' | string[];
  /** Extra plugin entries, loaded after the set above. */
  plugins?: PluginSpec[];
  /** Merged over the default settings (after dataDir and port 0, so a test may override them). */
  settings?: Record<string, unknown>;
  /** Last word on the config file content. */
  configOverrides?: (config: ConfigFileContent) => ConfigFileContent;
  /** Keep the temp dir after stop() (default false: it is removed). */
  keepFiles?: boolean;
}

export interface ConfigFileContent {
  settings: Record<string, unknown>;
  plugins: Array<{ use: string; config?: unknown; enabled?: boolean }>;
  [key: string]: unknown;
}

export interface RunningService {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The temp dir holding the config file and the data dir. */
  dir: string;
  dataDir: string;
  configFile: string;
  kernel: Kernel;
  /** Every log line written so far (debug level). */
  logs: string[];
  /** One request; an object body is sent as JSON. */
  request(method: string, path: string, body?: unknown, headers?: Record<string, string | number | undefined>): Promise<TestResponse>;
  /** Stops the kernel and removes the temp dir. Idempotent. */
  stop(): Promise<void>;
}

/** Makes a plugin path absolute: `../plugins/x` as written in config/default.json, else relative to the repository root. */
function absoluteEntry(spec: PluginSpec): ConfigFileContent['plugins'][number] {
  const entry = typeof spec === 'string' ? { use: spec } : { ...spec };
  if (entry.use.startsWith('../')) entry.use = resolvePath(dirname(DEFAULT_CONFIG), entry.use);
  else if (entry.use.startsWith('.') || entry.use.startsWith('plugins/') || entry.use.startsWith('test/')) entry.use = resolvePath(ROOT, entry.use);
  return entry;
}

/** The default plugin entries (absolute paths) whose folders exist. */
export async function defaultPluginEntries(): Promise<ConfigFileContent['plugins']> {
  const config = JSON.parse(await readFile(DEFAULT_CONFIG, 'utf8')) as ConfigFileContent;
  return config.plugins
    .map((p) => ({ ...p, use: isAbsolute(p.use) || !p.use.startsWith('.') ? p.use : resolvePath(dirname(DEFAULT_CONFIG), p.use) }))
    // The tree is built by several people at once: an entry whose folder is not there yet is left out.
    .filter((p) => !isAbsolute(p.use) || existsSync(p.use));
}

/** Writes the config file for `options` into `dir` and returns its path and content. */
export async function writeTestConfig(dir: string, options: StartServiceOptions = {}): Promise<{ configFile: string; config: ConfigFileContent }> {
  const base = JSON.parse(await readFile(DEFAULT_CONFIG, 'utf8')) as ConfigFileContent;
  const set = options.pluginSet ?? 'all';
  const plugins = set === 'all' ? await defaultPluginEntries() : set.map((p) => absoluteEntry(p));
  for (const extra of options.plugins ?? []) plugins.push(absoluteEntry(extra));
  let config: ConfigFileContent = {
    ...base,
    settings: { ...base.settings, dataDir: join(dir, 'data'), port: 0, logLevel: 'debug', ...options.settings },
    plugins,
  };
  if (options.configOverrides) config = options.configOverrides(config);
  const configFile = join(dir, 'config.json');
  await writeFile(configFile, JSON.stringify(config, null, 2));
  return { configFile, config };
}

/** Boots the service; the caller must `stop()` it (an `after` hook). */
export async function startService(options: StartServiceOptions = {}): Promise<RunningService> {
  const dir = await mkdtemp(join(tmpdir(), 'browserflow-test-'));
  const logs: string[] = [];
  let kernel: Kernel | undefined;
  try {
    const { configFile, config } = await writeTestConfig(dir, options);
    kernel = await createKernel(configFile, { logWrite: (line) => logs.push(line) });
    await kernel.start();
    const url = resolve(kernel.container, HTTP_SERVER).url();
    let stopped = false;
    const k = kernel;
    return {
      url, dir, configFile, kernel: k, logs,
      dataDir: resolvePath(dirname(configFile), String(config.settings.dataDir)),
      request: (method, path, body, headers) => rawRequest(url, { method, path, body: body as never, headers }),
      async stop() {
        if (stopped) return;
        stopped = true;
        await k.stop();
        if (!options.keepFiles) await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await kernel?.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
