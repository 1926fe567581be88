/**
 * The call wrapper every SDK-backed LLM provider shares: secrets registered
 * with the logger, the stored configuration validated, the endpoint chosen
 * (configuration's `baseUrl`, else the plugin's, else the SDK's), the client
 * taken from a cache, the call bounded by a deadline, and failures turned
 * into LlmError. A provider plugin subclasses it and supplies only what is
 * its own: how to build a client, how to send one request, and how to read
 * its SDK's errors.
 */
import type * as v from 'valibot';
import { LlmError, type LlmProvider, type LlmRequest, type LlmResponse } from './provider-contract';
import type { GptConfigRecord } from '../../kernel/contracts/storage';
import type { Logger } from '../../kernel/logger';
import { CallDeadline, ClientCache, parseProviderConfig, secretValues } from './call-support';

/** What a provider plugin hands its provider. */
export interface LlmProviderOptions {
  /** Plugin-level default endpoint (the config slice's `baseUrl`); a configuration's own `baseUrl` wins. */
  baseUrl?: string;
  logger: Logger;
}

/** One call, as the subclass sends it. */
export interface SdkCall<C, Client> {
  client: Client;
  /** The validated configuration. */
  config: C;
  request: LlmRequest;
  /** Fires when `timeoutMs` elapses or the caller aborts: hand it to the SDK. */
  signal: AbortSignal;
  /** The endpoint the client was built for; undefined means the SDK's default. */
  endpoint: string | undefined;
}

/** What is known about a failed call when its error is classified. */
export interface FailedCall {
  /** Secret values to scrub from the message. */
  secrets: readonly string[];
  timeoutMs: number;
}

/**
 * Base of the providers: implements `complete` and `supportsVision`.
 * `C` is the validated configuration, `Client` the SDK client type.
 */
export abstract class SdkLlmProvider<C extends { baseUrl?: string }, Client> implements LlmProvider {
  abstract readonly type: string;
  abstract readonly description: string;
  abstract readonly configSchema: v.GenericSchema<unknown, C>;
  abstract readonly secretFields: readonly string[];
  /** SDK clients built so far, keyed by `clientKey`: a flow does not build one per step. */
  protected readonly clients = new ClientCache<Client>();

  constructor(protected readonly options: LlmProviderOptions) {}

  /** Screenshots are attached unless the configuration says `vision: false`. */
  supportsVision(config: GptConfigRecord): boolean {
    return typeof config.vision === 'boolean' ? config.vision : true;
  }

  /** One model call; rejects with LlmError only. */
  async complete(record: GptConfigRecord, request: LlmRequest): Promise<LlmResponse> {
    const secrets = secretValues(record, this.scrubbedFields());
    secrets.forEach((s) => this.options.logger.addSecret(s));
    const config = parseProviderConfig(this.configSchema, record);
    const endpoint = config.baseUrl ?? this.options.baseUrl;
    const deadline = new CallDeadline(request.timeoutMs, request.signal);
    try {
      // Built inside the try: a client that cannot be built (e.g. unusable credentials) is a classified failure too.
      const client = this.clients.get(this.clientKey(config, endpoint), () => this.createClient(config, endpoint));
      return await this.send({ client, config, request, signal: deadline.signal, endpoint });
    } catch (err) {
      if (err instanceof LlmError) throw err;
      // An aborted call is CANCELLED or TIMEOUT whatever the SDK made of the abort.
      throw deadline.abortError() ?? this.classifyError(err, { secrets, timeoutMs: request.timeoutMs });
    } finally {
      deadline.dispose();
    }
  }

  /** Fields whose values are scrubbed from messages and logs; by default the secret fields. */
  protected scrubbedFields(): readonly string[] {
    return this.secretFields;
  }

  /** What the client for `config` is built from (hashed as the cache key); never the model name, which is per call. */
  protected abstract clientKey(config: C, endpoint: string | undefined): unknown;

  /** A new SDK client, with the SDK's own retries off (the kernel retries). */
  protected abstract createClient(config: C, endpoint: string | undefined): Client;

  /** Sends one request and maps the answer. */
  protected abstract send(call: SdkCall<C, Client>): Promise<LlmResponse>;

  /** The LlmError for what the SDK threw (not an LlmError, and the call was not aborted). */
  protected abstract classifyError(err: unknown, call: FailedCall): LlmError;
}
