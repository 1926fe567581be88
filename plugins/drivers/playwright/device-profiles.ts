/**
 * Playwright's device descriptors (`iPhone 13`, `Pixel 7`, `Desktop Chrome`...)
 * turned into BrowserContext options, and the check that a name exists.
 */
import type { BrowserContextOptions } from 'playwright-core';
import { invalidRequest } from '../../../kernel/errors';
import { playwright } from './playwright-module';

const EXAMPLES = ['Desktop Chrome', 'iPhone 13', 'Pixel 7', 'iPad Pro 11', 'Galaxy S9+'];

/** Every known device name. */
export function deviceNames(): string[] {
  return Object.keys(playwright().devices);
}

/** Throws 400 INVALID_REQUEST for an unknown `deviceName`, suggesting close names. */
export function assertKnownDevice(deviceName: string): void {
  if (playwright().devices[deviceName]) return;
  const names = deviceNames();
  const lower = deviceName.toLowerCase();
  const sameIgnoringCase = names.find((n) => n.toLowerCase() === lower);
  const firstWord = lower.split(/\s+/)[0] ?? '';
  const similar = sameIgnoringCase
    ? [sameIgnoringCase]
    : names.filter((n) => firstWord.length >= 3 && n.toLowerCase().startsWith(firstWord) && !/ landscape$/.test(n)).slice(0, 5);
  const hint = similar.length ? `did you mean ${similar.map((n) => `"${n}"`).join(', ')}? ` : '';
  const examples = EXAMPLES.filter((n) => playwright().devices[n]).map((n) => `"${n}"`).join(', ');
  throw invalidRequest(
    `browser.using.deviceName: unknown device "${deviceName}"; ${hint}known devices include ${examples} (${names.length} in all, Playwright's device list)`,
    { field: 'browser.using.deviceName', examples: similar.length ? similar : EXAMPLES },
  );
}

/** Context options of a device, or of a desktop with `viewport` when no device is named. */
export function contextOptionsFor(deviceName: string | undefined, viewport: { width: number; height: number }): BrowserContextOptions {
  if (!deviceName) return { viewport };
  assertKnownDevice(deviceName);
  // defaultBrowserType says which engine the device ships; this driver always runs Chromium.
  const { defaultBrowserType: _engine, ...options } = playwright().devices[deviceName]!;
  return { ...options };
}
