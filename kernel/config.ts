/**
 * The config file: kernel settings plus the list of plugins to load, each
 * with its own config slice (validated by the plugin's own schema).
 */
import * as v from 'valibot';

export const PluginEntrySchema = v.strictObject({
  /** Relative path (against the config file's folder) or an npm package name. */
  use: v.pipe(v.string(), v.minLength(1)),
  /** The plugin's config slice, validated by the plugin's `configSchema`. */
  config: v.optional(v.unknown()),
  /** Set false to keep an entry in the file but not load it. */
  enabled: v.optional(v.boolean(), true),
});

export const SettingsSchema = v.strictObject({
  host: v.optional(v.string(), '127.0.0.1'),
  port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65535)), 7821),
  /** Where the database, screenshots and videos live (relative to the config file). */
  dataDir: v.optional(v.string(), './data'),
  /** Extra Host header names accepted besides localhost, 127.0.0.1 and [::1]. */
  allowedHosts: v.optional(v.array(v.string()), []),
  logLevel: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** Request body limit in bytes. */
  bodyLimitBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1024 * 1024),
  flows: v.optional(v.strictObject({
    /** How many flows run at once; the rest wait in the queue (state UNSTARTED). */
    maxConcurrent: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 4),
    defaultMaxToolCalls: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 50),
    /** Allow `file:` target websites (off by default: a flow must not read local files). */
    allowFileUrls: v.optional(v.boolean(), false),
    screenshots: v.optional(v.boolean(), true),
    video: v.optional(v.boolean(), true),
    /** Directory `uploadFile` may read from (relative to the config file). */
    uploadDir: v.optional(v.string(), './uploads'),
    /** INSTRUCT flows with no user action for this long end FAILED IDLE_TIMEOUT. */
    instructIdleTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000)), 30 * 60 * 1000),
    /** Element tools wait at most this long for actionability. */
    actionTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100)), 10_000),
    navigationTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100)), 30_000),
    /** A flow waits this long for a browser from a remote endpoint (full or down), then ends FAILED BROWSER_UNAVAILABLE. */
    browserAcquireTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100)), 60_000),
    /** Sessions open at once on one remote endpoint (Grid, Playwright server) at most; the rest wait (`waitingFor`). null: no limit. */
    maxConcurrentPerEndpoint: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))), null),
    /**
     * Screenshots and videos of finished flows kept at most; past either
     * limit the oldest finished flows' media are removed (never a running
     * flow's; the flow records stay). null: no limit.
     */
    mediaRetention: v.optional(v.strictObject({
      maxFlows: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), null),
      maxBytes: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))), 10 * 1024 ** 3),
    }), {}),
    /**
     * Files the flows' pages download: kept with the flow (GET
     * /api/flows/{id}/downloads) up to these caps; past either, the file is
     * not kept and the tool call that caused it says so.
     */
    downloads: v.optional(v.strictObject({
      maxBytesPerFile: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 100 * 1024 * 1024),
      maxFilesPerFlow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 20),
    }), {}),
    /** Open event streams (GET /api/flows/{id}/events) per flow at most; past it 429 TOO_MANY_SUBSCRIBERS. */
    maxEventSubscribersPerFlow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 32),
    /** Open event streams over all flows at most; past it 429 TOO_MANY_SUBSCRIBERS. */
    maxEventSubscribers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 512),
  }), {}),
  llm: v.optional(v.strictObject({
    maxRetries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 3),
    retryBaseDelayMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 500),
    requestTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100)), 60_000),
    /** Model answers without a tool call are re-asked this many times. */
    maxNoToolCallRetries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 2),
    /** The model's failed tool calls in a row after which an AUTONOMOUS flow ends AGENT_STUCK. */
    maxConsecutiveFailures: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 5),
    observationTokenBudget: v.optional(v.pipe(v.number(), v.integer(), v.minValue(200)), 6000),
    /** Which links show their target in the observation (lib/page-actions/page-actions.ts LinkTargets). */
    observationLinkTargets: v.optional(v.picklist(['needed', 'all']), 'needed'),
    historyTokenBudget: v.optional(v.pipe(v.number(), v.integer(), v.minValue(200)), 4000),
    sendScreenshots: v.optional(v.boolean(), false),
  }), {}),
});

export const ConfigFileSchema = v.strictObject({
  $schema: v.optional(v.string()),
  settings: v.optional(SettingsSchema, {}),
  plugins: v.array(PluginEntrySchema),
});

export type ConfigFile = v.InferOutput<typeof ConfigFileSchema>;
export type PluginEntry = v.InferOutput<typeof PluginEntrySchema>;

/** Settings after defaults, with paths made absolute. */
export type KernelSettings = v.InferOutput<typeof SettingsSchema> & {
  /** Absolute path of the config file (plugins resolve against its folder). */
  configFile: string;
  /** Absolute data dir. */
  dataDir: string;
  version: string;
};
