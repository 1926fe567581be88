/** Which Chromium binary a flow runs on: the headless shell for headless flows when installed, a configured binary always. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL, systemChromium } from '../../../lib/browsers/system-chromium';
import { resolveHeadlessPath } from '../../../plugins/drivers/playwright/executables';

test('headless flows run on the headless shell when it is installed; headed ones on the full browser', () => {
  const shell = existsSync(SYSTEM_HEADLESS_SHELL);
  assert.equal(systemChromium(true), shell ? SYSTEM_HEADLESS_SHELL : SYSTEM_CHROMIUM);
  assert.equal(systemChromium(false), SYSTEM_CHROMIUM);
  assert.equal(resolveHeadlessPath(SYSTEM_CHROMIUM), systemChromium(true));
});

test('a configured or Playwright-managed binary is used for both modes', () => {
  assert.equal(resolveHeadlessPath('/opt/chrome/chrome'), '/opt/chrome/chrome');
});
