/**
 * A real Playwright server (`playwright-core run-server`, what browserless,
 * Moon and cloud Playwright services speak) on 127.0.0.1, launching Debian's
 * Chromium. playwright-core looks for its pinned build under
 * PLAYWRIGHT_BROWSERS_PATH; a temp folder whose expected executable paths
 * (full browser and headless shell, revision from browsers.json) are
 * symlinks to /usr/bin/chromium stands in for the download this machine
 * cannot make.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './service';
import { killProcessGroup } from './process-group';
import { TEST_CHROMIUM } from './chromium';

export interface PlaywrightServer {
  /** ws:// endpoint for `chromium.connect` and `remoteInstance` with protocol `playwright`. */
  wsUrl: string;
  pid: number;
  stop(): Promise<void>;
}

const CHROMIUM = process.env.BROWSERFLOW_CHROMIUM ?? '/usr/bin/chromium';
/** What the server launches for headless clients: the binary headless flows run on (helpers/chromium.ts). */
const HEADLESS = process.env.BROWSERFLOW_CHROMIUM ?? TEST_CHROMIUM;

/** A browsers folder where playwright-core finds Debian's Chromium under its pinned paths. */
function browsersFolder(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'node_modules/playwright-core/browsers.json'), 'utf8')) as { browsers: { name: string; revision: string }[] };
  const revision = (name: string) => manifest.browsers.find((b) => b.name === name)!.revision;
  const dir = mkdtempSync(join(tmpdir(), 'bf-pw-browsers-'));
  const links: Array<[string, string]> = [
    [join(dir, `chromium-${revision('chromium')}`, 'chrome-linux64', 'chrome'), CHROMIUM],
    [join(dir, `chromium_headless_shell-${revision('chromium-headless-shell')}`, 'chrome-headless-shell-linux64', 'chrome-headless-shell'), HEADLESS],
  ];
  for (const [link, target] of links) {
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link);
  }
  return dir;
}

/**
 * Starts `playwright-core run-server` on a free loopback port and waits for
 * it to listen. `maxClients` limits concurrent connections (a full farm).
 */
export async function startPlaywrightServer(options: { maxClients?: number } = {}): Promise<PlaywrightServer> {
  const browsers = browsersFolder();
  const args = [join(ROOT, 'node_modules/playwright-core/cli.js'), 'run-server', '--port', '0', '--host', '127.0.0.1'];
  if (options.maxClients) args.push('--max-clients', String(options.maxClients));
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PLAYWRIGHT_BROWSERS_PATH: browsers },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const wsUrl = await new Promise<string>((resolve, reject) => {
    let printed = '';
    const timer = setTimeout(() => reject(new Error(`run-server did not start: ${printed.slice(-500)}`)), 30_000);
    const read = (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /Listening on (ws:\/\/\S+)/.exec(printed);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`run-server exited (${code}): ${printed.slice(-500)}`)); });
  });
  return {
    wsUrl,
    pid: child.pid!,
    async stop() {
      // The whole process group: what it launched goes with it.
      await killProcessGroup(child);
      rmSync(browsers, { recursive: true, force: true });
    },
  };
}
