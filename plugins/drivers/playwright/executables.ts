/**
 * Where the Chromium and ffmpeg binaries are. Both are looked up once per
 * driver: Chromium because `npx playwright install` may or may not have run,
 * ffmpeg because video is optional and must degrade, not fail.
 */
import { existsSync } from 'node:fs';
import { playwright } from './playwright-module';
import { SYSTEM_CHROMIUM, systemChromium } from '../../../lib/browsers/system-chromium';

/**
 * The Chromium to launch: the configured one, else a Playwright-managed
 * build when its file exists, else the system Chromium.
 */
export function resolveChromiumPath(configured: string | undefined): string {
  if (configured) return configured;
  try {
    const managed = playwright().chromium.executablePath();
    if (managed && existsSync(managed)) return managed;
  } catch {
    // playwright-core throws when it knows no managed build for this platform.
  }
  return SYSTEM_CHROMIUM;
}

/**
 * The Chromium for headless flows: with a binary configured or a
 * Playwright-managed build found (`full`, from resolveChromiumPath), that
 * one; on the system Chromium, Debian's headless shell when installed
 * (lib/browsers/system-chromium.ts says why).
 */
export function resolveHeadlessPath(full: string): string {
  return full === SYSTEM_CHROMIUM ? systemChromium(true) : full;
}

/** The ffmpeg to encode videos with, or null (shared with the other drivers). */
export { resolveFfmpegPath } from '../../../lib/video/find-ffmpeg';
