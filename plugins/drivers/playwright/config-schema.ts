/**
 * valibot schemas of the Playwright driver: its config slice and the
 * `browser.using` shapes of the two driver types it serves.
 */
import * as v from 'valibot';

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
    defaultViewport: v.optional(
      v.strictObject({
        width: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(3840)),
        height: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(2160)),
      }),
      { width: 1280, height: 720 },
    ),
    /** ffmpeg used to encode videos; absent: /usr/bin/ffmpeg, else `ffmpeg` on PATH. */
    ffmpegPath: v.optional(v.pipe(v.string(), v.minLength(1))),
    /** Frames per second of recorded videos. */
    videoFps: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)), 10),
    /** How long launching Chromium or connecting to a remote one may take. */
    launchTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000)), 30_000),
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
});

export type RemoteUsing = v.InferOutput<typeof RemoteUsingSchema>;
