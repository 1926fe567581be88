/**
 * Where ffmpeg is: video is optional and must degrade, not fail, so a missing
 * ffmpeg is null rather than an error.
 */
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The ffmpeg to encode videos with (the configured one, else Debian's, else one on PATH), or null when none is installed. */
export function resolveFfmpegPath(configured: string | undefined): string | null {
  const candidates = configured ? [configured] : ['/usr/bin/ffmpeg', ...onPath('ffmpeg')];
  return candidates.find(isExecutable) ?? null;
}

function onPath(name: string): string[] {
  return (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, name));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
