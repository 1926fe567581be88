/**
 * Keeping the files a flow's page downloads, the same way for every driver:
 * the bytes streamed into `<flow folder>/downloads/<id>` with a size cap,
 * hashed (SHA-256) as they go; a file past the cap is removed and reported,
 * never half kept. The name the page suggested is made safe to show and to
 * put in a Content-Disposition header; the MIME type comes from its
 * extension (drivers do not see the response of a download).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { DownloadedFile, DownloadOptions } from '../../kernel/contracts/browser-driver';

const MIME: Record<string, string> = {
  txt: 'text/plain', csv: 'text/csv', tsv: 'text/tab-separated-values', json: 'application/json', xml: 'application/xml',
  html: 'text/html', htm: 'text/html', pdf: 'application/pdf', zip: 'application/zip', gz: 'application/gzip',
  tar: 'application/x-tar', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp',
  svg: 'image/svg+xml', xls: 'application/vnd.ms-excel', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  ics: 'text/calendar', md: 'text/markdown', mp3: 'audio/mpeg', mp4: 'video/mp4', webm: 'video/webm',
};

/** The MIME type of a file name by its extension; `application/octet-stream` when unknown. */
export function mimeTypeOf(fileName: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();
  return (ext && MIME[ext]) || 'application/octet-stream';
}

/** A suggested file name made safe: no path, no control characters, at most 200 characters; `download` when nothing is left. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '_').replace(/^\.+/, '').trim();
  return (clean || 'download').slice(0, 200);
}

/** Counts kept files against `maxFiles` and hands out ids: one per session. */
export class DownloadBudget {
  private kept = 0;

  constructor(readonly options: DownloadOptions) {}

  /** Why the next file cannot be kept, or null (and it is counted). */
  claim(): string | null {
    if (this.kept >= this.options.maxFiles) {
      return `not kept: the flow already kept ${this.options.maxFiles} file${this.options.maxFiles === 1 ? '' : 's'} (settings.flows.downloads.maxFilesPerFlow)`;
    }
    this.kept++;
    return null;
  }

  /** Gives a claim back (the file was refused later, by its size, or failed). */
  release(): void {
    this.kept = Math.max(0, this.kept - 1);
  }
}

/**
 * Writes `stream` to `<options.dir>/<id>`, at most `maxBytesPerFile` bytes:
 * past that the stream is destroyed, the partial file removed, and the file
 * reported `refused`. Never rejects: a failing stream is reported too.
 */
export async function keepDownload(stream: Readable, suggestedName: string, budget: DownloadBudget): Promise<DownloadedFile> {
  const id = randomUUID();
  const fileName = safeFileName(suggestedName);
  const base = { id, fileName, mimeType: mimeTypeOf(fileName) };
  const refusedByCount = budget.claim();
  if (refusedByCount) {
    stream.destroy();
    return { ...base, path: null, size: 0, sha256: null, refused: refusedByCount };
  }
  const { dir, maxBytesPerFile } = budget.options;
  const path = join(dir, id);
  const hash = createHash('sha256');
  let size = 0;
  let tooBig = false;
  try {
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(path, { mode: 0o600 });
      out.on('error', reject);
      stream.on('error', reject);
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytesPerFile) {
          tooBig = true;
          stream.destroy();
          out.destroy();
          resolve();
          return;
        }
        hash.update(chunk);
        if (!out.write(chunk)) {
          stream.pause();
          out.once('drain', () => stream.resume());
        }
      });
      stream.on('end', () => out.end());
      out.on('finish', resolve);
    });
  } catch (err) {
    budget.release();
    await rm(path, { force: true });
    return { ...base, path: null, size, sha256: null, refused: `not kept: the download failed (${(err as Error).message.split('\n')[0]})` };
  }
  if (tooBig) {
    budget.release();
    await rm(path, { force: true });
    return { ...base, path: null, size: 0, sha256: null, refused: `not kept: larger than ${maxBytesPerFile} bytes (settings.flows.downloads.maxBytesPerFile)` };
  }
  return { ...base, path, size, sha256: hash.digest('hex') };
}
