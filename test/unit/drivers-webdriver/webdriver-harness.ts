/**
 * Loads the real `driver-webdriver` plugin into a child container (as the
 * kernel does) and hands tests its driver, the test website and captured
 * logs; plus a chromedriver started outside the plugin, to stand in for a
 * remote WebDriver endpoint.
 */
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { container as rootContainer } from 'tsyringe';
import * as v from 'valibot';
import plugin from '../../../plugins/drivers/webdriver/index';
import type { WebdriverDriver } from '../../../plugins/drivers/webdriver/webdriver-driver';
import { BROWSER_DRIVERS, LIFECYCLE, LOGGER, SETTINGS, provide, resolveAll } from '../../../kernel/tokens';
import { registerPlugin } from '../../../kernel/loader';
import { createLogger } from '../../../lib/logging/logger';
import type { KernelSettings } from '../../../kernel/config';
import type { BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import { startTestSite, type TestSite } from '../../fixtures/site/serve';
import { checkUsing } from '../../helpers/browser-using';

/** The plugin's driver, the test site and captured logs. */
export interface WebdriverHarness {
  driver: WebdriverDriver;
  site: TestSite;
  logs: string[];
  /** Opens a session with short test timeouts. */
  open(options?: Partial<OpenSessionOptions>, using?: Record<string, unknown>): Promise<BrowserSession>;
  /** Closes the sessions, runs the LIFECYCLE stop hooks and closes the site. */
  shutdown(): Promise<void>;
}

/** Boots the plugin with `config` (its config slice) and the test site. */
export async function startWebdriverHarness(config: Record<string, unknown> = {}): Promise<WebdriverHarness> {
  const container = rootContainer.createChildContainer();
  const logs: string[] = [];
  const logger = createLogger('debug', (line) => logs.push(line));
  const settings = { dataDir: '/tmp', configFile: '/tmp/config.json', version: 'test' } as unknown as KernelSettings;
  provide(container, LOGGER, () => logger);
  provide(container, SETTINGS, () => settings);
  await registerPlugin(container, plugin, { config: v.parse(plugin.configSchema!, config), settings, pluginDir: process.cwd() });
  const driver = resolveAll(container, BROWSER_DRIVERS).find((d) => d.type === 'webdriver') as WebdriverDriver;
  const lifecycles = resolveAll(container, LIFECYCLE);
  const site = await startTestSite();
  const sessions: BrowserSession[] = [];
  return {
    driver,
    site,
    logs,
    async open(options = {}, using = { type: 'webdriver' }) {
      const session = await driver.open(checkUsing(driver, using), {
        flowId: 'test-flow', videoPath: null, actionTimeoutMs: 2_000, navigationTimeoutMs: 5_000, ...options,
      });
      sessions.push(session);
      return session;
    },
    async shutdown() {
      await Promise.all(sessions.map((s) => s.close().catch(() => undefined)));
      for (const lifecycle of lifecycles) await lifecycle.stop?.();
      await site.close();
    },
  };
}

/** A chromedriver the test owns: a stand-in for a WebDriver endpoint such as a Selenium Grid. */
export interface OwnChromedriver {
  url: string;
  pid: number;
  /** Kills it and the browsers it started (its process group). */
  stop(): Promise<void>;
}

/** Starts /usr/bin/chromedriver on a free loopback port and waits until it is ready. */
export async function startOwnChromedriver(): Promise<OwnChromedriver> {
  const port = await new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as AddressInfo;
      server.close(() => resolve(p));
    });
  });
  const child = spawn('/usr/bin/chromedriver', [`--port=${port}`], { stdio: 'ignore', detached: true });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ready = await fetch(`${url}status`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error('chromedriver did not start');
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        return;
      }
      await exited;
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

/** Milliseconds `fn` took, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = Date.now();
  const value = await fn();
  return { ms: Date.now() - started, value };
}
