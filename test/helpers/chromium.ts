/**
 * The Chromium binary tests launch themselves (UI tests, fixture pages,
 * generated projects, the Grid's and the Playwright server's browsers): the
 * one a headless flow of the service runs on (lib/browsers/system-chromium.ts:
 * Debian's headless shell when installed, else /usr/bin/chromium), so tests
 * and benches compare like with like. CHROMIUM_PATH overrides it.
 */
import { systemChromium } from '../../lib/browsers/system-chromium';

export const TEST_CHROMIUM = process.env.CHROMIUM_PATH ?? systemChromium(true);
