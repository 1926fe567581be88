/**
 * createKernel(configFile) -> { container, start(), stop() }. Reads and
 * validates the config file, registers the kernel's own services, loads the
 * plugins into a child container and runs their lifecycles in order.
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import * as v from 'valibot';
import { packageRoot } from '../lib/package-root/package-root';
import { ConfigFileSchema, type ConfigFile, type KernelSettings } from './config';
import { StartupError } from './errors';
import type { Logger } from './logger';
import { createLogger } from '../lib/logging/logger';
import { importPlugins, orderPlugins, registerPlugins } from './loader';
import { FLOW_EVENTS, FLOWS, LIFECYCLE, LOGGER, SETTINGS, STORAGE, isProvided, provide, resolve, resolveAll, type Token } from './tokens';
import { describeIssue } from '../lib/validation/validation';
import { FlowEventLog } from './flows/flow-event-log';
import { createFlows, type FlowFacade } from './flows/flows';
import type { Lifecycle } from './contracts/lifecycle';

/** Overrides from the command line; they win over the config file. */
export interface KernelOverrides {
  host?: string;
  port?: number;
  dataDir?: string;
  /** The folder `uploadFile` reads from, relative to the working directory. */
  uploadDir?: string;
  logLevel?: KernelSettings['logLevel'];
  /** Replace the log sink (tests). */
  logWrite?: (line: string) => void;
}

export interface Kernel {
  container: DependencyContainer;
  settings: KernelSettings;
  logger: Logger;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The repository, or the installed package when running compiled from dist/. */
const ROOT = packageRoot(import.meta.url);

/** The application version, from package.json. */
export function appVersion(): string {
  return (JSON.parse(readFileSync(resolvePath(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Tokens the kernel itself provides (plugins may require them). */
export const KERNEL_TOKENS: Token<any>[] = [SETTINGS, LOGGER, FLOW_EVENTS, FLOWS, LIFECYCLE];

function readConfigFile(configFile: string): ConfigFile {
  let raw: string;
  try {
    raw = readFileSync(configFile, 'utf8');
  } catch (err) {
    throw new StartupError(`Cannot read the config file ${configFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}. Pass an existing file with --config.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new StartupError(`The config file ${configFile} is not valid JSON: ${(err as Error).message}.`);
  }
  const res = v.safeParse(ConfigFileSchema, json);
  if (!res.success) {
    const issues = res.issues.slice(0, 5).map((i) => describeIssue(i)).join('; ');
    throw new StartupError(`The config file ${configFile} is invalid: ${issues}. See docs/configuration.md.`);
  }
  return res.output;
}

/** Builds a kernel from a config file; nothing listens until `start()`. */
export async function createKernel(configFilePath: string, overrides: KernelOverrides = {}): Promise<Kernel> {
  const configFile = resolvePath(configFilePath);
  const file = readConfigFile(configFile);
  const base = dirname(configFile);
  const s = file.settings;
  const settings: KernelSettings = {
    ...s,
    host: overrides.host ?? s.host,
    port: overrides.port ?? s.port,
    logLevel: overrides.logLevel ?? s.logLevel,
    dataDir: resolvePath(overrides.dataDir ? process.cwd() : base, overrides.dataDir ?? s.dataDir),
    flows: { ...s.flows, uploadDir: overrides.uploadDir ? resolvePath(overrides.uploadDir) : resolvePath(base, s.flows.uploadDir) },
    configFile,
    version: appVersion(),
  };
  const logger = createLogger(settings.logLevel, overrides.logWrite);
  const container = rootContainer.createChildContainer();
  provide(container, SETTINGS, () => settings);
  provide(container, LOGGER, () => logger);
  provide(container, FLOW_EVENTS, () => new FlowEventLog());
  provide(container, FLOWS, (c) => createFlows(c));

  const plugins = orderPlugins(await importPlugins(file.plugins, settings), KERNEL_TOKENS);
  await registerPlugins(container, plugins, settings);
  // Flows need storage; a config without a storage plugin (a routes-only
  // test config, say) simply runs no flows.
  if (isProvided(container, STORAGE)) {
    // The token's type is the callers' contract; the lifecycle belongs to the kernel's own implementation.
    provide(container, LIFECYCLE, (c) => (resolve(c, FLOWS) as FlowFacade).lifecycle);
  }
  logger.debug('plugins registered', { plugins: plugins.map((p) => p.manifest.id) });

  let started: Lifecycle[] = [];
  const lifecycles = () => resolveAll(container, LIFECYCLE)
    .map((l, i) => ({ l, i }))
    .sort((a, b) => (a.l.order ?? 50) - (b.l.order ?? 50) || a.i - b.i)
    .map((x) => x.l);

  return {
    container, settings, logger,
    async start() {
      for (const l of lifecycles()) {
        try {
          await l.start?.();
        } catch (err) {
          await stopAll(started.reverse(), logger);
          started = [];
          if (err instanceof StartupError) throw err;
          throw new StartupError(`Startup of "${l.name}" failed: ${logger.redact((err as Error).message)}`);
        }
        started.push(l);
      }
      for (const l of started) {
        try {
          await l.ready?.();
        } catch (err) {
          logger.error(`${l.name} failed once the service was up`, { error: logger.redact((err as Error).message) });
        }
      }
    },
    async stop() {
      const list = started.reverse();
      started = [];
      await stopAll(list, logger);
    },
  };
}

async function stopAll(list: Lifecycle[], logger: Logger): Promise<void> {
  for (const l of list) {
    try {
      await l.stop?.();
    } catch (err) {
      logger.warn(`stopping ${l.name} failed`, { error: (err as Error).message });
    }
  }
}
