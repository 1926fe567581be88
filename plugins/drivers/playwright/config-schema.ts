/**
 * valibot schemas of the Playwright driver: its config slice and the
 * `browser.using` shapes of the three driver types it serves.
 */
import * as v from 'valibot';
import { DEFAULT_MAX_RESULT_BYTES } from '../../../lib/page-scripts/result-cap';

/** Viewport bounds shared by the config and `hostedBrowser` session settings. */
const Viewport = v.strictObject({
  width: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(3840)),
  height: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(2160)),
});

/** The `driver-playwright` config slice. */
export const PlaywrightConfigSchema = v.optional(
  v.strictObject({
    /** Chromium binary; auto-detected when absent (Playwright-managed, else /usr/bin/chromium). */
    executablePath: v.optional(v.pipe(v.string(), v.minLength(1))),
    /** Extra Chromium switches, appended to the fixed set the driver always passes. */
    launchArgs: v.optional(v.array(v.string()), []),
    /** Headless mode when a flow's `browser.using.headless` is absent. */
    defaultHeadless: v.optional(v.boolean(), true),
    /** Viewport of flows without a `deviceName`. */
    defaultViewport: v.optional(Viewport, { width: 1280, height: 720 }),
    /** ffmpeg used to encode videos; absent: /usr/bin/ffmpeg, else `ffmpeg` on PATH. */
    ffmpegPath: v.optional(v.pipe(v.string(), v.minLength(1))),
    /** Frames per second of recorded videos. */
    videoFps: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)), 10),
    /**
     * Where video frames come from: `screenshots` (default) the flow's own screenshots, one after each
     * action, plus one every 500 ms while the page is left alone; `screencast` every repaint of the
     * page (smoother motion, but the browser encodes each repaint: about 0.1x slower replays).
     */
    videoSource: v.optional(v.picklist(['screenshots', 'screencast']), 'screenshots'),
    /** How long launching Chromium or connecting to a remote one may take. */
    launchTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000)), 30_000),
    /**
     * Largest result a page hands back (a custom tool's or evaluate's JSON, extractText's text), in bytes;
     * cut in the page, so more never reaches the service (lib/page-scripts/result-cap.ts).
     */
    maxResultBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1_000), v.maxValue(50_000_000)), DEFAULT_MAX_RESULT_BYTES),
    /** The provider of `hostedBrowser` sessions (a Browserbase-style API). */
    hosted: v.optional(
      v.strictObject({
        /** Base URL of the provider's API. */
        apiUrl: v.optional(
          v.pipe(v.string(), v.url('must be an http(s) URL'), v.regex(/^https?:\/\//i, 'must be an http(s) URL')),
          'https://api.browserbase.com',
        ),
        /** Sent as `X-BB-API-Key`; when absent, the BROWSERFLOW_HOSTED_API_KEY environment variable. Never taken from a flow. */
        apiKey: v.optional(v.pipe(v.string(), v.minLength(1))),
        /** Project of sessions whose `sessionArgs` name none. */
        projectId: v.optional(v.pipe(v.string(), v.minLength(1))),
      }),
      {},
    ),
  }),
  {},
);

/** The driver config after defaults. */
export type PlaywrightConfig = v.InferOutput<typeof PlaywrightConfigSchema>;

const PROXY_SCHEMES = /^(https?|socks4|socks5):\/\//i;

/** `browser.using` of type `device`: a local Chromium, optionally emulating a device. */
export const DeviceUsingSchema = v.strictObject({
  type: v.literal('device'),
  /** A Playwright device descriptor name, e.g. `iPhone 13`, `Pixel 7`, `Desktop Chrome`. */
  deviceName: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty'))),
  headless: v.optional(v.boolean()),
  proxy: v.optional(
    v.strictObject({
      server: v.pipe(
        v.string(),
        v.url('must be a proxy URL such as http://proxy.example:3128'),
        v.regex(PROXY_SCHEMES, 'must be an http, https, socks4 or socks5 URL'),
      ),
      /** Comma-separated hosts that skip the proxy, e.g. `.example.com, localhost`. */
      bypass: v.optional(v.string()),
      username: v.optional(v.string()),
      password: v.optional(v.string()),
    }),
  ),
});

export type DeviceUsing = v.InferOutput<typeof DeviceUsingSchema>;

/** `browser.using` of type `remoteInstance`: a Chromium reachable over the DevTools protocol. */
export const RemoteUsingSchema = v.strictObject({
  type: v.literal('remoteInstance'),
  url: v.pipe(
    v.string(),
    v.url('must be a WebSocket URL such as ws://127.0.0.1:9222/devtools/browser/<id>'),
    v.regex(/^wss?:\/\//i, 'must be a ws:// or wss:// URL'),
  ),
  /**
   * How to speak to it: `cdp` (a Chromium's DevTools endpoint) or
   * `playwright` (a Playwright server: `playwright run-server`, browserless,
   * Moon, cloud Playwright services). Default: `cdp` when the URL's path
   * holds `/devtools/`, else `playwright`.
   */
  protocol: v.optional(v.picklist(['cdp', 'playwright'], 'must be "cdp" or "playwright"')),
});

export type RemoteUsing = v.InferOutput<typeof RemoteUsingSchema>;

/** The protocol a remoteInstance is reached with: given, or told by its URL. */
export function remoteProtocol(using: RemoteUsing): 'cdp' | 'playwright' {
  return using.protocol ?? (new URL(using.url).pathname.includes('/devtools/') ? 'cdp' : 'playwright');
}

const NonEmpty = v.pipe(v.string(), v.minLength(1, 'must not be empty'));

/**
 * `browser.using` of type `hostedBrowser`: a cloud browser session from the
 * configured provider. `timeout` is in seconds (Browserbase's unit; the spec
 * leaves it open), 60 s to 6 h.
 */
export const HostedUsingSchema = v.strictObject({
  type: v.literal('hostedBrowser'),
  sessionArgs: v.optional(
    v.strictObject({
      projectId: v.optional(NonEmpty),
      browserSettings: v.optional(
        v.strictObject({
          viewport: v.optional(Viewport),
          blockAds: v.optional(v.boolean()),
          solveCaptchas: v.optional(v.boolean()),
        }),
      ),
      timeout: v.optional(v.pipe(
        v.number(),
        v.integer('must be a whole number of seconds'),
        v.minValue(60, 'must be at least 60 (seconds)'),
        v.maxValue(21_600, 'must be at most 21600 (seconds, 6 hours)'),
      )),
      region: v.optional(v.pipe(
        NonEmpty,
        v.maxLength(64),
        v.regex(/^[a-z0-9][a-z0-9-]*$/i, 'must be a region name such as us-west-2'),
      )),
    }),
  ),
});

export type HostedUsing = v.InferOutput<typeof HostedUsingSchema>;
