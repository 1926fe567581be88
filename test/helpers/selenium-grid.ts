/**
 * A real Selenium Grid 4 (the official server jar, fetched by
 * scripts/setup.sh into .cache/selenium) on 127.0.0.1: standalone, one
 * Chromium node with Debian's chromedriver and Chromium, `slots` sessions at
 * once. `--host 127.0.0.1` keeps it from advertising the machine's outside
 * address; no driver detection and no Selenium Manager (no downloads).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './service';
import { killProcessGroup } from './process-group';
import { deadPort } from './ports';

export const SELENIUM_JAR = join(ROOT, '.cache/selenium/selenium-server-4.20.0.jar');

export interface SeleniumGrid {
  /** The WebDriver endpoint, `http://127.0.0.1:<port>/wd/hub`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface GridOptions {
  /** Sessions the node runs at once (default 2). */
  slots?: number;
  /** Seconds a new-session request waits in the queue before the Grid refuses it (default 300, Selenium's). */
  sessionRequestTimeoutS?: number;
  /** Listen on this port (a Grid restarted where flows knew it); default: a free one. */
  port?: number;
}

function nodeConfig(slots: number, sessionRequestTimeoutS: number): string {
  const stereotype = JSON.stringify({ browserName: 'chrome', 'goog:chromeOptions': { binary: '/usr/bin/chromium' } });
  return [
    '[node]',
    'detect-drivers = false',
    'selenium-manager = false',
    // Sessions created with se:downloadsEnabled keep their downloads on the node, fetched through the Grid (managed downloads).
    'enable-managed-downloads = true',
    `max-sessions = ${slots}`,
    'override-max-sessions = true',
    '',
    '[sessionqueue]',
    `session-request-timeout = ${sessionRequestTimeoutS}`,
    'session-retry-interval = 1',
    '',
    '[[node.driver-configuration]]',
    'display-name = "Chromium"',
    'webdriver-executable = "/usr/bin/chromedriver"',
    `max-sessions = ${slots}`,
    `stereotype = '${stereotype}'`,
    '',
  ].join('\n');
}

/** Starts a standalone Grid and waits until `/status` says it is ready. */
export async function startSeleniumGrid(options: GridOptions = {}): Promise<SeleniumGrid> {
  const dir = mkdtempSync(join(tmpdir(), 'bf-grid-'));
  const config = join(dir, 'node.toml');
  writeFileSync(config, nodeConfig(options.slots ?? 2, options.sessionRequestTimeoutS ?? 300));
  const port = options.port ?? (await deadPort());
  const child = spawn('java', ['-jar', SELENIUM_JAR, 'standalone', '--config', config, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  let printed = '';
  child.stdout!.on('data', (c: Buffer) => { printed = (printed + c.toString()).slice(-4000); });
  child.stderr!.on('data', (c: Buffer) => { printed = (printed + c.toString()).slice(-4000); });
  const stop = async () => {
    // The whole process group: what it launched goes with it.
    await killProcessGroup(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Selenium Grid exited (${child.exitCode}): ${printed.slice(-1000)}`);
    try {
      const status = await fetch(`http://127.0.0.1:${port}/status`);
      if (status.ok && ((await status.json()) as { value?: { ready?: boolean } }).value?.ready) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Selenium Grid was not ready within 90 s: ${printed.slice(-1000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url: `http://127.0.0.1:${port}/wd/hub`, port, stop };
}
