/**
 * What a WebDriver session's pages download. Classic WebDriver has no
 * download event, so after each step the driver looks where the browser
 * saves files:
 * - the local chromedriver's Chromium saves into a folder of the flow
 *   (`download.default_directory`): finished files there (no `.crdownload`
 *   left) are kept, waiting a bounded time for ones in progress;
 * - a Selenium Grid node keeps them when the session was created with
 *   `se:downloadsEnabled: true` (the Grid's managed downloads): they are
 *   listed and fetched through the Grid (`/se/files`), then deleted there.
 * Either way the bytes are kept through lib/downloads (size cap, SHA-256).
 */
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DownloadedFile, DownloadOptions } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { DownloadBudget, keepDownload } from '../../../lib/downloads/downloads';
import type { WdBrowser } from './wire';

/** Where the browser of a session saves its downloads. */
export type DownloadSource = { kind: 'local'; incomingDir: string } | { kind: 'grid' };

/** Files a browser is still writing. */
const IN_PROGRESS = /\.(crdownload|part|tmp|download)$/i;
const POLL_MS = 100;

/** Chrome preferences that save every download into `dir` without asking. */
export function downloadPrefs(dir: string): Record<string, unknown> {
  return { 'download.default_directory': dir, 'download.prompt_for_download': false, 'download.directory_upgrade': true, 'safebrowsing.enabled': false };
}

export class WebdriverDownloads {
  private readonly budget: DownloadBudget;
  /** Grid file names already taken (the Grid lists every file of the session until they are deleted). */
  private readonly seen = new Set<string>();

  constructor(
    options: DownloadOptions,
    private readonly source: DownloadSource,
    /** Runs a WebDriver command (serialised with the session's other commands). */
    private readonly run: <T>(command: (browser: WdBrowser) => Promise<T>) => Promise<T>,
    private readonly logger: Logger,
  ) {
    this.budget = new DownloadBudget(options);
  }

  /** The files that finished since the last call, waiting up to `waitMs` for ones still being written. */
  async take(waitMs: number): Promise<DownloadedFile[]> {
    try {
      return this.source.kind === 'local' ? await this.takeLocal(this.source.incomingDir, waitMs) : await this.takeFromGrid();
    } catch (err) {
      this.logger.debug('reading the downloads of a WebDriver session failed', { error: (err as Error).message });
      return [];
    }
  }

  private async takeLocal(dir: string, waitMs: number): Promise<DownloadedFile[]> {
    const deadline = Date.now() + waitMs;
    let names = await listFiles(dir);
    while (names.some((n) => IN_PROGRESS.test(n)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      names = await listFiles(dir);
    }
    const out: DownloadedFile[] = [];
    for (const name of names.filter((n) => !IN_PROGRESS.test(n))) {
      const path = join(dir, name);
      out.push(await keepDownload(createReadStream(path), name, this.budget));
      await rm(path, { force: true });
    }
    return out;
  }

  private async takeFromGrid(): Promise<DownloadedFile[]> {
    const listed = await this.run((b) => b.getDownloadableFiles()) as { names?: string[] };
    const names = (listed?.names ?? []).filter((n) => !this.seen.has(n) && !IN_PROGRESS.test(n));
    if (!names.length) return [];
    const out: DownloadedFile[] = [];
    const temp = join(this.budget.options.dir, `.grid-${Date.now()}`);
    await mkdir(temp, { recursive: true, mode: 0o700 });
    try {
      for (const name of names) {
        this.seen.add(name);
        // WebdriverIO fetches the Grid's zip of the file and unpacks it (jszip) into `temp`.
        const { files } = await this.run((b) => b.downloadFile(name, temp)) as { files: string[] };
        const file = files.find((f) => f.endsWith(name)) ?? files[0];
        if (!file) continue;
        out.push(await keepDownload(createReadStream(file), name, this.budget));
      }
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    return out;
  }
}

async function listFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files: string[] = [];
  for (const name of names.sort()) {
    const s = await stat(join(dir, name)).catch(() => null);
    if (s?.isFile()) files.push(name);
  }
  return files;
}
