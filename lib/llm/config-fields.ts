/**
 * valibot field schemas the LLM provider plugins build their GPT
 * configuration schemas (and their config slice) from, so every `type` has
 * the same limits and messages: names 1–200 characters, keys and tokens
 * 1–10000, endpoints http(s) URLs, `vision` a boolean, prices numbers >= 0.
 */
import * as v from 'valibot';

/** A name: model, region, project, location, access key id (1–200 characters). */
export const nameField = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));

/** A key, token or other secret text (1–10000 characters). */
export const keyField = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(10000, 'must be at most 10000 characters'));

/**
 * An optional `apiKey` a type accepts (so the spec's `{ type, apiKey,
 * modelName }` shape validates) but may not need: empty is allowed.
 */
export const optionalApiKeyField = v.optional(v.pipe(v.string(), v.maxLength(10000, 'must be at most 10000 characters')));

/**
 * An http:// or https:// URL. The scheme check is a regex rather than a
 * transform so the JSON Schema of the OpenAPI document carries it as `pattern`.
 */
export const httpUrlField = v.pipe(
  v.string(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.url('must be a URL'),
  v.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, 'must be an http or https URL'),
);

/** Optional endpoint override (`baseUrl`); what the SDK appends is per type (docs/llm-providers.md). */
export const baseUrlField = v.optional(httpUrlField);

/** Optional `vision`: false stops screenshots being attached (default true). */
export const visionField = v.optional(v.boolean());

/** An optional price in USD per million tokens (0..1,000,000). */
export const pricePerMillionField = (what: string) => v.optional(v.pipe(
  v.number('must be a number'),
  v.minValue(0, 'must be at least 0'),
  v.maxValue(1_000_000, 'must be at most 1000000'),
  v.description(`USD per million ${what} tokens; with both prices set, each model call's costUsd is recorded (no built-in price table)`),
));

/**
 * The optional prices every type accepts: `inputCostPerMillionTokens` and
 * `outputCostPerMillionTokens`. The flow-runner agent prices each model
 * call with them when both are set (`costUsd` of the step and the flow).
 */
export const priceConfigEntries = {
  inputCostPerMillionTokens: pricePerMillionField('input'),
  outputCostPerMillionTokens: pricePerMillionField('output'),
};

/**
 * The entries of a configuration that needs only an API key and a model:
 * `apiKey`, `modelName`, and the optional `baseUrl`, `vision` and prices.
 * Spread or pass to `v.strictObject`.
 */
export const apiKeyConfigEntries = {
  apiKey: keyField,
  modelName: nameField,
  baseUrl: baseUrlField,
  vision: visionField,
  ...priceConfigEntries,
};

/**
 * The config slice of every LLM provider plugin: an optional default
 * `baseUrl` (a configuration's own `baseUrl` wins over it); absent means `{}`.
 */
export const llmPluginConfigSchema = v.optional(v.strictObject({ baseUrl: baseUrlField }), {});
