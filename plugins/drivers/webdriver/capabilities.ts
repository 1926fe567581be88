/**
 * The W3C capabilities of a new session: defaults for the browser asked for,
 * the flow's own `capabilities` merged over them, and the few values the
 * driver depends on forced last.
 */
import type { WebdriverConfig, WebdriverUsing } from './config-schema';

/** Chromium switches every Chrome-family session gets: root in a container, no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** The browser of a session without `browserName`. */
export const DEFAULT_BROWSER = 'chrome';

const CHROME_NAMES = new Set(['chrome', 'chromium', 'googlechrome', 'google chrome', 'chrome-headless-shell']);
const EDGE_NAMES = new Set(['microsoftedge', 'msedge', 'edge']);

/** Whether a local chromedriver can drive `browserName`. */
export function isChromeFamily(browserName: string): boolean {
  return CHROME_NAMES.has(browserName.toLowerCase());
}

type Caps = Record<string, unknown>;

/**
 * The capabilities for `using`. `local` means the plugin's own chromedriver
 * runs the session, so the configured Chromium binary is set; a remote
 * endpoint picks its own binary.
 */
export function buildCapabilities(using: WebdriverUsing, config: WebdriverConfig, local: boolean): Caps {
  const requested = using.capabilities ?? {};
  const browserName = typeof requested.browserName === 'string' && requested.browserName ? requested.browserName : DEFAULT_BROWSER;
  const headless = using.headless ?? true;
  const name = browserName.toLowerCase();
  const defaults: Caps = { browserName };
  if (CHROME_NAMES.has(name)) {
    defaults['goog:chromeOptions'] = {
      args: [...(headless ? ['--headless=new'] : []), ...CHROMIUM_ARGS],
      ...(local ? { binary: config.chromiumPath } : {}),
      // The DevTools Network events go into the `performance` log: the failed requests of each step (page-activity.ts).
      perfLoggingPrefs: { enableNetwork: true, enablePage: false },
    };
    // Console messages and page errors (`browser`) and Network events (`performance`), read after each step.
    defaults['goog:loggingPrefs'] = { browser: 'ALL', performance: 'ALL' };
  } else if (EDGE_NAMES.has(name)) {
    defaults['ms:edgeOptions'] = { args: [...(headless ? ['--headless=new'] : []), ...CHROMIUM_ARGS] };
  } else if (name === 'firefox') {
    defaults['moz:firefoxOptions'] = { args: headless ? ['-headless'] : [] };
  }
  const merged = mergeCapabilities(defaults, requested);
  // The driver answers dialogs itself (see dialogs.ts), waits for the document and then for `load`
  // on a best-effort basis only (page-load.ts), and speaks classic WebDriver.
  merged.unhandledPromptBehavior = 'ignore';
  merged.pageLoadStrategy = 'eager';
  merged['wdio:enforceWebDriverClassic'] = true;
  return merged;
}

/**
 * `over` merged into `base`: plain objects are merged key by key, `args`
 * lists are appended to (so the container switches stay), anything else
 * replaces the default.
 */
export function mergeCapabilities(base: Caps, over: Caps): Caps {
  const out: Caps = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    if (isPlainObject(current) && isPlainObject(value)) out[key] = mergeCapabilities(current, value);
    else if (key === 'args' && Array.isArray(current) && Array.isArray(value)) out[key] = [...new Set([...current, ...value])];
    else out[key] = value;
  }
  return out;
}

function isPlainObject(value: unknown): value is Caps {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
