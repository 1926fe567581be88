/**
 * The recordings a flow asks its Playwright context for: a HAR (a context
 * option, `recordHar`, written when the context closes) and a trace
 * (`context.tracing`, stopped into its file before the context closes).
 * Both are written raw next to where the flow wants them, then redacted
 * with the flow's redaction into the files served.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import type { OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { redactHar } from '../../../lib/recordings/redact-har';
import { redactTraceFile } from '../../../lib/recordings/redact-trace';
import { readZipEntries, writeZip } from '../../../lib/recordings/trace-zip';

/** The context options recording the HAR of `options`, if it asks for one (full bodies, embedded: the flow redacts them). */
export function harContextOptions(options: OpenSessionOptions): Partial<BrowserContextOptions> {
  return options.harPath ? { recordHar: { path: rawPath(options.harPath), content: 'embed', mode: 'full' } } : {};
}

/** Starts the trace when asked: snapshots and sources; screenshots only when `screenshots` (pixels cannot be redacted). */
export async function startTrace(context: BrowserContext, options: OpenSessionOptions, screenshots: boolean): Promise<void> {
  if (!options.tracePath) return;
  await context.tracing.start({ snapshots: true, screenshots, sources: false, title: `browserflow flow ${options.flowId}` });
}

/** Writes the trace into its file (before the context closes); best effort. */
export async function stopTrace(context: BrowserContext, options: OpenSessionOptions): Promise<void> {
  if (!options.tracePath) return;
  await context.tracing.stop({ path: rawPath(options.tracePath) });
}

/** Where the raw file of a recording is written before the flow's redaction makes the one served. */
export const rawPath = (path: string): string => `${path}.part`;

/**
 * Turns the raw HAR and trace into the files served: every string through
 * `redact` (lib/recordings), credential headers and cookies replaced; the
 * raw files removed. A recording that is missing (the browser died) is skipped.
 */
export async function finishRecordings(options: OpenSessionOptions, logger: Logger): Promise<void> {
  const redact = options.redact ?? ((text: string) => text);
  const jobs: Array<[string | undefined, (raw: Buffer) => Promise<Buffer>]> = [
    [options.harPath, async (raw) => Buffer.from(JSON.stringify(redactHar(JSON.parse(raw.toString('utf8')), redact)))],
    [options.tracePath, async (raw) => writeZip((await readZipEntries(raw)).map(([name, bytes]) => [name, redactTraceFile(name, bytes, redact)]))],
  ];
  for (const [path, redactFile] of jobs) {
    if (!path) continue;
    try {
      const raw = await readFile(rawPath(path));
      const safe = await redactFile(raw);
      // Written whole, then renamed: the route never serves half a file.
      await writeFile(`${path}.new`, safe, { mode: 0o600 });
      await rename(`${path}.new`, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('a flow recording could not be made safe; it is not kept', { file: path.split('/').pop(), error: redact((err as Error).message) });
    } finally {
      await rm(rawPath(path), { force: true });
      await rm(`${path}.new`, { force: true });
    }
  }
}
