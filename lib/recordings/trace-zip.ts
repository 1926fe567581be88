/**
 * Reads and writes trace zips with the zip libraries playwright-core ships
 * (yauzl, yazl, its `utilsBundle`), so the trace written and the one served
 * are handled by the same code Playwright's own tools use.
 */
import { createRequire } from 'node:module';

/** The `location.file` of a tool call's trace group: this prefix and the call's id (drivers write it, the trace route renames the group). */
export const TRACE_STEP_LOCATION = 'browserflow-tool-call:';

/** The two zip libraries of playwright-core's utilsBundle (an export of its package, untyped). */
interface ZipLibs {
  yauzl: { fromBuffer(zip: Buffer, options: { lazyEntries: boolean }, cb: (err: Error | null, file: any) => void): void };
  yazl: { ZipFile: new () => { addBuffer(data: Buffer, name: string): void; end(): void; outputStream: NodeJS.ReadableStream } };
}
let libs: ZipLibs | undefined;
/** Loaded on first use: playwright-core's bundles are large. */
const zipLibs = (): ZipLibs => (libs ??= createRequire(import.meta.url)('playwright-core/lib/utilsBundle') as ZipLibs);

/** Every file of a zip, in order. */
export function readZipEntries(zip: Buffer): Promise<Array<[string, Buffer]>> {
  return new Promise((resolve, reject) => {
    zipLibs().yauzl.fromBuffer(zip, { lazyEntries: true }, (err: Error | null, file: any) => {
      if (err || !file) return reject(err ?? new Error('not a zip'));
      const out: Array<[string, Buffer]> = [];
      file.on('error', reject);
      file.on('end', () => resolve(out));
      file.on('entry', (entry: any) => {
        if (/\/$/.test(entry.fileName)) return file.readEntry();
        file.openReadStream(entry, (e: Error | null, stream: NodeJS.ReadableStream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.push([entry.fileName, Buffer.concat(chunks)]);
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

/** A zip of `entries` (deflated). */
export function writeZip(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new (zipLibs().yazl.ZipFile)();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
