/**
 * valibot schemas of the WebDriver driver: its config slice and the
 * `browser.using` shape of type `webdriver`.
 */
import * as v from 'valibot';
import { DEFAULT_MAX_RESULT_BYTES } from '../../../kernel/page-scripts/result-cap';

/** A viewport (the page's visible area, not the window), as the Playwright driver bounds it. */
const Viewport = v.strictObject({
  width: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(3840)),
  height: v.pipe(v.number(), v.integer(), v.minValue(200), v.maxValue(2160)),
});

/** The `driver-webdriver` config slice. */
export const WebdriverConfigSchema = v.optional(
  v.strictObject({
    /** chromedriver started when a flow gives no `url`. */
    chromedriverPath: v.optional(v.pipe(v.string(), v.minLength(1)), '/usr/bin/chromedriver'),
    /** Chromium binary that the local chromedriver drives. */
    chromiumPath: v.optional(v.pipe(v.string(), v.minLength(1)), '/usr/bin/chromium'),
    /** How long starting chromedriver, or creating a WebDriver session, may take. */
    startTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000)), 30_000),
    /**
     * How often an idle session is asked whether it is still alive: a WebDriver
     * endpoint sends no event when its browser dies, so `disconnected` needs a probe.
     */
    heartbeatMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100)), 2_000),
    /** ffmpeg used to encode videos; absent: /usr/bin/ffmpeg, else `ffmpeg` on PATH; none: flows have no video. */
    ffmpegPath: v.optional(v.pipe(v.string(), v.minLength(1))),
    /**
     * Screenshots per second a session's video is made of (WebDriver has no
     * screencast): each costs the endpoint a screenshot, taken only between
     * commands. The screenshot after each action is always in the video.
     */
    videoFps: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)), 2),
    /** Viewport of sessions whose `browser.using` names none (the Playwright driver's default too). */
    defaultViewport: v.optional(Viewport, { width: 1280, height: 720 }),
    /**
     * Largest result a page hands back (a custom tool's or evaluate's JSON, extractText's text), in bytes;
     * cut in the page, so more never reaches the service (kernel/page-scripts/result-cap.ts).
     */
    maxResultBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1_000), v.maxValue(50_000_000)), DEFAULT_MAX_RESULT_BYTES),
  }),
  {},
);

/** The driver config after defaults. */
export type WebdriverConfig = v.InferOutput<typeof WebdriverConfigSchema>;

/** `browser.using` of type `webdriver`: a WebDriver endpoint, or a local chromedriver. */
export const WebdriverUsingSchema = v.strictObject({
  type: v.literal('webdriver'),
  /** A WebDriver endpoint, e.g. `http://grid:4444/wd/hub`; absent: a local chromedriver. */
  url: v.optional(
    v.pipe(
      v.string(),
      v.url('must be a WebDriver URL such as http://grid:4444/wd/hub'),
      v.regex(/^https?:\/\//i, 'must be an http:// or https:// URL'),
    ),
  ),
  /** W3C capabilities merged over the defaults (`browserName: 'chrome'`, headless Chromium switches). */
  capabilities: v.optional(v.custom<Record<string, unknown>>(
    (caps) => typeof caps === 'object' && caps !== null && !Array.isArray(caps),
    'must be an object of W3C capabilities',
  )),
  /** Headless unless false (default true); only applies to Chrome, Chromium, Edge and Firefox. */
  headless: v.optional(v.boolean()),
  /** The page's visible area; the window is sized around it. Default: the config's `defaultViewport`. */
  viewport: v.optional(Viewport),
});

/** `browser.using` of type `webdriver` after validation. */
export type WebdriverUsing = v.InferOutput<typeof WebdriverUsingSchema>;
