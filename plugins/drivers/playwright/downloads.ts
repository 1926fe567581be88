/**
 * What a flow's pages download (every tab of its context): each `download`
 * event's bytes are kept through lib/downloads (size cap, SHA-256) while
 * the flow goes on; `take` hands over what finished since the last call,
 * waiting a bounded time for downloads still in progress. Works on a remote
 * browser too: the bytes are streamed over the Playwright connection.
 */
import type { Download, Page } from 'playwright-core';
import type { DownloadedFile, DownloadOptions } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { DownloadBudget, keepDownload } from '../../../lib/downloads/downloads';

export class PageDownloads {
  private readonly budget: DownloadBudget;
  private readonly pending = new Set<Promise<void>>();
  private finished: DownloadedFile[] = [];

  constructor(options: DownloadOptions, private readonly logger: Logger) {
    this.budget = new DownloadBudget(options);
  }

  /** Keeps what `page` downloads from now on. */
  attach(page: Page): void {
    page.on('download', (download) => {
      const work = this.keep(download).finally(() => this.pending.delete(work));
      this.pending.add(work);
    });
  }

  /** The downloads finished since the last call, after waiting up to `waitMs` for those in progress. */
  async take(waitMs: number): Promise<DownloadedFile[]> {
    if (this.pending.size) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all([...this.pending]), new Promise((r) => { timer = setTimeout(r, waitMs); })]);
      clearTimeout(timer);
    }
    const out = this.finished;
    this.finished = [];
    return out;
  }

  private async keep(download: Download): Promise<void> {
    const name = download.suggestedFilename();
    let file: DownloadedFile;
    try {
      // Resolves once the browser has the whole file (a failed or cancelled download throws).
      const stream = await download.createReadStream();
      file = await keepDownload(stream, name, this.budget);
    } catch (err) {
      file = { id: '', fileName: name, path: null, size: 0, sha256: null, mimeType: 'application/octet-stream', refused: `not kept: the download failed (${(err as Error).message.split('\n')[0]})` };
    }
    // The browser's own copy (a temp file of the context) is not needed any more.
    await download.delete().catch(() => undefined);
    if (file.refused) this.logger.debug('a download was not kept', { reason: file.refused });
    this.finished.push(file);
  }
}
