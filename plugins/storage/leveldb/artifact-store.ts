/**
 * Screenshots and videos as plain files: `<dataDir>/flows/<flowId>/<imageId>.png`
 * and `<dataDir>/flows/<flowId>/video.webm`; downloads in
 * `<dataDir>/flows/<flowId>/downloads/<downloadId>`; the HAR and trace as
 * `network.har` and `trace.zip` there. Files stream to clients with
 * Range support, which a database value would not give for free.
 */
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArtifactStore, RecordingKind } from '../../../kernel/contracts/storage';

const RECORDING_FILES: Record<RecordingKind, string> = { har: 'network.har', trace: 'trace.zip' };

/** Ids become file names: no separators, no leading dot, so no path can escape the folder. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** ArtifactStore rooted at `<dataDir>/flows`. */
export class FileArtifactStore implements ArtifactStore {
  constructor(private readonly root: string) {}

  async putImage(flowId: string, imageId: string, png: Buffer): Promise<void> {
    const dir = await this.flowDir(flowId);
    const file = join(dir, `${checkId('imageId', imageId)}.png`);
    // Write then rename: a reader never serves a half-written screenshot.
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, png, { mode: 0o600 });
    await rename(partial, file);
  }

  async imagePath(flowId: string, imageId: string): Promise<string | undefined> {
    // Ids come from request URLs here: an unsafe one is simply not found.
    if (!SAFE_ID.test(flowId) || !SAFE_ID.test(imageId)) return undefined;
    const file = join(this.root, flowId, `${imageId}.png`);
    try {
      return (await stat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  async videoPath(flowId: string): Promise<string> {
    return join(await this.flowDir(flowId), 'video.webm');
  }

  async downloadsDir(flowId: string): Promise<string> {
    const dir = join(await this.flowDir(flowId), 'downloads');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  async downloadPath(flowId: string, downloadId: string): Promise<string | undefined> {
    if (!SAFE_ID.test(flowId) || !SAFE_ID.test(downloadId)) return undefined;
    const file = join(this.root, flowId, 'downloads', downloadId);
    try {
      return (await stat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  async recordingPath(flowId: string, kind: RecordingKind): Promise<string> {
    return join(await this.flowDir(flowId), RECORDING_FILES[kind]);
  }

  async findRecording(flowId: string, kind: RecordingKind): Promise<string | undefined> {
    if (!SAFE_ID.test(flowId)) return undefined;
    const file = join(this.root, flowId, RECORDING_FILES[kind]);
    try {
      return (await stat(file)).isFile() ? file : undefined;
    } catch {
      return undefined;
    }
  }

  async deleteFlow(flowId: string): Promise<void> {
    await rm(join(this.root, checkId('flowId', flowId)), { recursive: true, force: true });
  }

  /** The flow's folder, created (0700) if missing. */
  private async flowDir(flowId: string): Promise<string> {
    const dir = join(this.root, checkId('flowId', flowId));
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return dir;
  }
}

function checkId(what: string, id: string): string {
  if (!SAFE_ID.test(id)) throw new Error(`${what} ${JSON.stringify(id)} cannot be used as a file name`);
  return id;
}
