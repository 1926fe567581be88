/**
 * The configuration resources (GPT configs, env vars, agent assignments)
 * over STORAGE. Writes are serialised through one queue so checks and
 * changes never interleave (an assignment to a configuration being deleted
 * cannot slip in between), and each write validates before it changes anything.
 */
import type { AgentDefinition } from '../../../lib/llm/agent-contract';
import type { LlmProvider } from '../../../lib/llm/provider-contract';
import type { GptConfigRecord, Storage } from '../../../kernel/contracts/storage';
import { ApiError, apiError } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import { keepMaskedSecrets, maskConfig, secretValuesOf } from './secret-fields';
import { testConnection, type ConnectionTestResult } from './connection-test';
import { parseTotp } from '../../../lib/totp/totp';
import { invalidRequest } from '../../../kernel/errors';
import type { EnvVarKind } from './schemas';

/** What an answer shows of a `totp` variable's secret anywhere but GET /api/env/{key}. */
export const HIDDEN_SECRET = '****';

/** The agent every installation has; listed first. */
export const FLOW_RUNNER_AGENT = 'flow-runner';

export class ConfigStore {
  /** Providers by GPT configuration type (the first plugin wins on a duplicate type). */
  readonly providers: ReadonlyMap<string, LlmProvider>;
  /** Agent names, `flow-runner` first, then in plugin order. */
  readonly agentNames: readonly string[];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly storage: Storage, providers: LlmProvider[], agents: AgentDefinition[], private readonly logger: Logger) {
    const byType = new Map<string, LlmProvider>();
    for (const p of providers) if (!byType.has(p.type)) byType.set(p.type, p);
    this.providers = byType;
    const names = [...new Set(agents.map((a) => a.name))];
    this.agentNames = names.includes(FLOW_RUNNER_AGENT) ? [FLOW_RUNNER_AGENT, ...names.filter((n) => n !== FLOW_RUNNER_AGENT)] : names;
  }

  /** Registers every stored secret with the logger (startup). */
  async registerStoredSecrets(): Promise<void> {
    for (const [, config] of await this.storage.gptConfigs.entries()) this.addSecrets(config);
    const kinds = new Map(await this.storage.envKinds.entries());
    for (const [key, value] of await this.storage.env.entries()) this.addEnvSecrets(value, kinds.get(key) ?? 'plain');
  }

  // ---- GPT configurations ---------------------------------------------------

  async listGptConfigs(): Promise<Record<string, GptConfigRecord>> {
    const out: Record<string, GptConfigRecord> = {};
    for (const [name, config] of await this.storage.gptConfigs.entries()) out[name] = maskConfig(config, this.providers);
    return out;
  }

  async getGptConfig(name: string): Promise<GptConfigRecord> {
    return maskConfig(await this.requireGptConfig(name), this.providers);
  }

  /** Creates or replaces; `config` was validated by the route's schema. Answers the masked record. */
  putGptConfig(name: string, config: GptConfigRecord): Promise<GptConfigRecord> {
    return this.serialised(async () => {
      const record = keepMaskedSecrets(config, await this.storage.gptConfigs.get(name), this.providers);
      // Known to the redactor before anything could log it.
      this.addSecrets(record);
      await this.storage.gptConfigs.put(name, record);
      this.logger.info('GPT configuration saved', { name, type: record.type });
      return maskConfig(record, this.providers);
    });
  }

  /** Deletes, first clearing every agent assignment that names it (a crash in between leaves no dangling assignment). */
  /** One minimal model call with the stored configuration (404 GPT_CONFIG_NOT_FOUND when absent). */
  async testGptConfig(name: string): Promise<ConnectionTestResult> {
    const config = await this.requireGptConfig(name);
    const provider = this.providers.get(config.type);
    if (!provider) {
      return { ok: false, latencyMs: 0, modelName: typeof config.modelName === 'string' ? config.modelName : null,
        error: { code: 'LLM_PROVIDER_UNAVAILABLE', message: `No loaded plugin serves GPT configurations of type ${config.type}` } };
    }
    return testConnection(config, provider, this.providers);
  }

  deleteGptConfig(name: string): Promise<void> {
    return this.serialised(async () => {
      await this.requireGptConfig(name);
      for (const [agent, assigned] of await this.storage.agents.entries()) {
        if (assigned === name) {
          await this.storage.agents.delete(agent);
          this.logger.info('agent assignment cleared: its GPT configuration was deleted', { agent, gptConfigName: name });
        }
      }
      await this.storage.gptConfigs.delete(name);
      this.logger.info('GPT configuration deleted', { name });
    });
  }

  // ---- environment variables ------------------------------------------------

  /** Key -> value; a `totp` variable's secret is never listed (`****`). */
  async listEnv(): Promise<Record<string, string>> {
    const kinds = new Map(await this.storage.envKinds.entries());
    return Object.fromEntries((await this.storage.env.entries()).map(([k, value]) => [k, kinds.has(k) ? HIDDEN_SECRET : value]));
  }

  /** Every variable's `allowedOrigins` (variables bound to the flow's site are absent). */
  async listEnvOrigins(): Promise<Record<string, string[]>> {
    return Object.fromEntries(await this.storage.envOrigins.entries());
  }

  /** Variable -> its kind, for the variables that are not `plain`. */
  async listEnvKinds(): Promise<Record<string, EnvVarKind>> {
    return Object.fromEntries(await this.storage.envKinds.entries());
  }

  /** One variable with its kind and origins: the only read that shows a `totp` secret. */
  async getEnv(key: string): Promise<{ value: string; kind: EnvVarKind; allowedOrigins: string[] | null }> {
    const value = await this.storage.env.get(key);
    if (value === undefined) throw apiError('ENV_VAR_NOT_FOUND', { key });
    return { value, kind: (await this.storage.envKinds.get(key)) ?? 'plain', allowedOrigins: (await this.storage.envOrigins.get(key)) ?? null };
  }

  /**
   * Creates or replaces a variable with its kind and where it may be used
   * (null: the site of the flow that uses it); a `totp` value must parse
   * (400 naming `value`) before anything changes. Origins and kind are
   * written before the value: a crash in between leaves the old value with
   * the new origins (and a plain value marked totp only if it was one before).
   */
  putEnv(key: string, value: string, allowedOrigins: string[] | null, kind: EnvVarKind = 'plain'): Promise<void> {
    if (kind === 'totp') {
      try {
        parseTotp(value);
      } catch (err) {
        throw invalidRequest(`value: ${(err as Error).message}`);
      }
    }
    return this.serialised(async () => {
      this.addEnvSecrets(value, kind);
      if (allowedOrigins) await this.storage.envOrigins.put(key, allowedOrigins);
      else await this.storage.envOrigins.delete(key);
      if (kind === 'totp') await this.storage.envKinds.put(key, 'totp');
      else await this.storage.envKinds.delete(key);
      await this.storage.env.put(key, value);
      this.logger.info('environment variable saved', { key, kind, allowedOrigins: allowedOrigins ?? "the flow's site" });
    });
  }

  deleteEnv(key: string): Promise<void> {
    return this.serialised(async () => {
      if (!(await this.storage.env.delete(key))) throw apiError('ENV_VAR_NOT_FOUND', { key });
      await this.storage.envOrigins.delete(key);
      await this.storage.envKinds.delete(key);
      this.logger.info('environment variable deleted', { key });
    });
  }

  // ---- agents ---------------------------------------------------------------

  async listAgents(): Promise<Record<string, string | null>> {
    const stored = new Map(await this.storage.agents.entries());
    const out: Record<string, string | null> = {};
    for (const name of this.agentNames) out[name] = stored.get(name) ?? null;
    return out;
  }

  async getAgent(name: string): Promise<string | null> {
    this.requireAgent(name);
    return (await this.storage.agents.get(name)) ?? null;
  }

  /** Assigns (or with null, unassigns) a GPT configuration; the configuration must exist. */
  assignAgent(name: string, gptConfigName: string | null): Promise<void> {
    return this.serialised(async () => {
      this.requireAgent(name);
      if (gptConfigName === null) {
        await this.storage.agents.delete(name);
      } else {
        if (!(await this.storage.gptConfigs.get(gptConfigName))) throw gptConfigNotFound(gptConfigName);
        await this.storage.agents.put(name, gptConfigName);
      }
      this.logger.info('agent assignment saved', { agent: name, gptConfigName });
    });
  }

  // ---- helpers --------------------------------------------------------------

  private async requireGptConfig(name: string): Promise<GptConfigRecord> {
    const config = await this.storage.gptConfigs.get(name);
    if (!config) throw gptConfigNotFound(name);
    return config;
  }

  private requireAgent(name: string): void {
    if (!this.agentNames.includes(name)) {
      throw apiError('AGENT_NOT_FOUND', { name, known: this.agentNames });
    }
  }

  /** A value is a secret for the logs; a TOTP value's bare secret too (a URI is not the only spelling it may be logged in). */
  private addEnvSecrets(value: string, kind: EnvVarKind): void {
    this.logger.addSecret(value);
    if (kind !== 'totp') return;
    try {
      this.logger.addSecret(parseTotp(value).base32);
    } catch {
      // Stored before its kind could be checked (never written so by putEnv): the value itself is registered.
    }
  }

  private addSecrets(config: GptConfigRecord): void {
    for (const value of secretValuesOf(config, this.providers)) this.logger.addSecret(value);
  }

  private serialised<T>(write: () => Promise<T>): Promise<T> {
    const run = this.queue.then(write, write);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function gptConfigNotFound(name: string): ApiError {
  return apiError('GPT_CONFIG_NOT_FOUND', { name });
}
