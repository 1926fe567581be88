/**
 * Loads the real `driver-playwright` plugin into a child container (as the
 * kernel does) and hands tests its drivers, plus the test website.
 */
import { container as rootContainer } from 'tsyringe';
import * as v from 'valibot';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import plugin from '../../../plugins/drivers/playwright/index';
import { BROWSER_DRIVERS, LIFECYCLE, LOGGER, SETTINGS, provide, resolveAll } from '../../../kernel/tokens';
import { registerPlugin } from '../../../kernel/loader';
import { createLogger } from '../../../lib/logging/logger';
import type { KernelSettings } from '../../../kernel/config';
import type { BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import type { DeviceDriver } from '../../../plugins/drivers/playwright/device-driver';
import type { RemoteDriver } from '../../../plugins/drivers/playwright/remote-driver';
import { startTestSite, type TestSite } from '../../fixtures/site/serve';
import { checkUsing } from '../../helpers/browser-using';
import { TEST_CHROMIUM } from '../../helpers/chromium';

export interface Harness {
  device: DeviceDriver;
  remote: RemoteDriver;
  site: TestSite;
  /** Log lines written by the plugin. */
  logs: string[];
  tmp: string;
  /** Opens a device session with short test timeouts. */
  open(options?: Partial<OpenSessionOptions>, using?: Record<string, unknown>): Promise<BrowserSession>;
  /** Runs the LIFECYCLE stop hooks, closes the site and removes the temp folder. */
  shutdown(): Promise<void>;
}

/** Boots the plugin with `config` (its config slice) and the test site. */
export async function startHarness(config: Record<string, unknown> = {}): Promise<Harness> {
  const container = rootContainer.createChildContainer();
  const logs: string[] = [];
  const logger = createLogger('debug', (line) => logs.push(line));
  const tmp = mkdtempSync(join(tmpdir(), 'bf-driver-'));
  const settings = { dataDir: tmp, configFile: join(tmp, 'config.json'), version: 'test' } as unknown as KernelSettings;
  provide(container, LOGGER, () => logger);
  provide(container, SETTINGS, () => settings);
  await registerPlugin(container, plugin, { config: v.parse(plugin.configSchema!, config), settings, pluginDir: join(process.cwd(), 'plugins/drivers/playwright') });
  const drivers = resolveAll(container, BROWSER_DRIVERS);
  const lifecycles = resolveAll(container, LIFECYCLE);
  const site = await startTestSite();
  const device = drivers.find((d) => d.type === 'device') as DeviceDriver;
  const remote = drivers.find((d) => d.type === 'remoteInstance') as RemoteDriver;
  const sessions: BrowserSession[] = [];
  return {
    device,
    remote,
    site,
    logs,
    tmp,
    async open(options = {}, using = { type: 'device' }) {
      const session = await device.open(checkUsing(device, using), {
        flowId: 'test-flow', videoPath: null, actionTimeoutMs: 3_000, navigationTimeoutMs: 5_000, ...options,
      });
      sessions.push(session);
      return session;
    },
    async shutdown() {
      await Promise.all(sessions.map((s) => s.close().catch(() => undefined)));
      for (const lifecycle of lifecycles) await lifecycle.stop?.();
      await site.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/** Milliseconds `fn` took, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await fn();
  return { ms: Date.now() - started, value };
}

/** A Chromium started outside the driver, reachable over CDP (for `remoteInstance`). */
export interface RemoteChromium {
  wsUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts headless Chromium with `--remote-debugging-port=0` and reads its WebSocket URL. */
export async function startRemoteChromium(): Promise<RemoteChromium> {
  const { spawn } = await import('node:child_process');
  const profile = mkdtempSync(join(tmpdir(), 'bf-remote-'));
  const child = spawn(TEST_CHROMIUM, [
    '--headless', '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--no-sandbox', '--disable-gpu',
    '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`Chromium printed no DevTools URL: ${buffered.slice(-500)}`)), 15_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', () => reject(new Error(`Chromium exited: ${buffered.slice(-500)}`)));
  });
  return {
    wsUrl,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // The whole process group: renderers would otherwise keep writing the profile.
        process.kill(-child.pid!, 'SIGKILL');
        await exited;
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/** Whether a process with this id is running. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
