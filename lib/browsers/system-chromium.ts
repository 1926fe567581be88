/**
 * Where Debian puts Chromium, for Playwright's device driver (and the tests
 * and benches that launch the same browser).
 *
 * Headless flows prefer Debian's `chromium-headless-shell` (the package of
 * that name) when it is installed: the same Blink and V8 without the
 * browser's UI layer, what Playwright itself launches for headless runs.
 * Measured here (docs/benchmarks.md, "Headless shell"): a new context, a page
 * load and a screenshot cost it about a third of the CPU that full
 * Chromium's new headless mode spends, because it composites without the
 * full browser's software GPU path. The WebDriver driver keeps the full
 * browser: it reads a failed navigation's code from the browser's error page,
 * which the shell does not render (net::ERR_FAILED for every failure).
 */
import { existsSync } from 'node:fs';

/** The Debian package's full browser: headed flows, and headless ones when no shell is installed. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Debian's headless shell (package `chromium-headless-shell`), the binary
 * itself: its /usr/bin/chromium-headless-shell script runs it without
 * `exec`, so the process a driver started (and signals, e.g. WebDriver's
 * `goog:processID`) would be the script, not the browser.
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** The system binary for a flow: the headless shell for a headless one when installed, else the full browser. */
export function systemChromium(headless: boolean): string {
  return headless && existsSync(SYSTEM_HEADLESS_SHELL) ? SYSTEM_HEADLESS_SHELL : SYSTEM_CHROMIUM;
}
