/**
 * Browser profiles as the API serves them: what each one is (its origins,
 * how many cookies, when the first one expires, where it came from), never
 * a cookie or storage value. Imports take a Playwright `storageState` JSON;
 * every value is registered with the log's redactor before it is stored,
 * and every stored one at startup.
 */
import type { StorageState } from '../../../kernel/contracts/browser-driver';
import type { Storage, StoredProfile } from '../../../kernel/contracts/storage';
import { ApiError, apiError } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import type { ProfileSummary } from '../../../lib/profiles/profile-summary-schema';

export type { ProfileSummary };

/** The summary of a stored profile: counts and names, no value. */
export function summarise(name: string, profile: StoredProfile): ProfileSummary {
  const { cookies, origins } = profile.storageState;
  const sites = new Set<string>(origins.map((o) => o.origin));
  // A cookie names a host, not a port: its site is listed unless an origin of that host already is.
  const hosts = new Set(origins.map((o) => hostOf(o.origin)));
  for (const c of cookies) {
    const host = c.domain.replace(/^\./, '');
    if (!hosts.has(host)) sites.add(`${c.secure ? 'https' : 'http'}://${host}`);
  }
  const expiries = cookies.map((c) => c.expires).filter((e) => e > 0);
  return {
    name,
    origins: [...sites].sort(),
    cookieCount: cookies.length,
    localStorageCount: origins.reduce((n, o) => n + o.localStorage.length, 0),
    earliestCookieExpiry: expiries.length ? Math.round(Math.min(...expiries) * 1000) : null,
    flowId: profile.flowId,
    createdAt: profile.createdAt,
  };
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).hostname;
  } catch {
    return origin;
  }
}

export class ProfileStore {
  constructor(private readonly storage: Storage, private readonly logger: Logger) {}

  async list(): Promise<ProfileSummary[]> {
    return (await this.storage.profiles.entries()).map(([name, p]) => summarise(name, p));
  }

  async get(name: string): Promise<ProfileSummary> {
    return summarise(name, await this.require(name));
  }

  /** Stores an imported storageState as `name` (replacing one of that name). */
  async import(name: string, storageState: StorageState): Promise<ProfileSummary> {
    this.registerSecrets(storageState);
    const profile: StoredProfile = { storageState, flowId: null, createdAt: Date.now() };
    await this.storage.profiles.put(name, profile);
    this.logger.info('browser profile imported', { name, cookies: storageState.cookies.length, origins: storageState.origins.length });
    return summarise(name, profile);
  }

  async delete(name: string): Promise<void> {
    if (!(await this.storage.profiles.delete(name))) throw notFound(name);
    this.logger.info('browser profile deleted', { name });
  }

  /** Registers every stored profile's values with the log's redactor (startup). */
  async registerStoredSecrets(): Promise<void> {
    for (const [, p] of await this.storage.profiles.entries()) this.registerSecrets(p.storageState);
  }

  private registerSecrets(state: StorageState): void {
    for (const c of state.cookies) this.logger.addSecret(c.value);
    for (const o of state.origins) for (const e of o.localStorage) this.logger.addSecret(e.value);
  }

  private async require(name: string): Promise<StoredProfile> {
    const p = await this.storage.profiles.get(name);
    if (!p) throw notFound(name);
    return p;
  }
}

function notFound(name: string): ApiError {
  return apiError('PROFILE_NOT_FOUND', { name });
}
