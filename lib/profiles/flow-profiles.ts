/**
 * Browser profiles in a flow's life: the profile a flow starts from (its
 * cookies and local storage, handed to the driver when the browser opens)
 * and the one it saves when it ends SUCCESS (`saveProfileAs`). Their values
 * are secrets: each long enough to be recognised is handed to the flow's
 * redactor and to the log's, so no record, event, prompt or log line shows
 * one.
 */
import type { BrowserSession, StorageState } from '../../kernel/contracts/browser-driver';
import type { Storage } from '../../kernel/contracts/storage';
import type { Logger } from '../../kernel/logger';
import { FlowFailure } from '../failure-codes/failure-codes';
import type { FlowMetadata } from '../../kernel/flows/flow-types';
import { OriginPolicy } from '../origins/origin-patterns';

/** Values shorter than this are not redacted: "1", "dark", "true" would be replaced everywhere they appear. */
export const MIN_HIDDEN_LENGTH = 8;

/** The cookie and local storage values of `state` worth redacting. */
export function profileSecrets(state: StorageState): string[] {
  const values = [...state.cookies.map((c) => c.value), ...state.origins.flatMap((o) => o.localStorage.map((e) => e.value))];
  return [...new Set(values.filter((v) => typeof v === 'string' && v.length >= MIN_HIDDEN_LENGTH))];
}

/**
 * The part of `state` a flow with `allowedOrigins` may hold: the local
 * storage of allowed origins, and the cookies that would go to an allowed
 * origin. Without
 * `allowedOrigins`, all of it. A profile's values are secrets: a flow bound
 * to some sites neither starts with nor saves another site's sign-in.
 */
export function withinAllowedOrigins(state: StorageState, allowedOrigins: readonly string[] | null | undefined): StorageState {
  if (!allowedOrigins?.length) return state;
  const policy = new OriginPolicy(allowedOrigins);
  return {
    cookies: state.cookies.filter((c) => policy.allowsCookieHost(c.domain.replace(/^\./, ''), c.domain.startsWith('.'))),
    origins: state.origins.filter((o) => policy.allows(o.origin)),
  };
}

/** The state of the flow's `profile` (within its allowedOrigins), or undefined without one; FlowFailure PROFILE_NOT_FOUND when it was deleted since the flow was created. */
export async function loadProfile(flow: FlowMetadata, storage: Storage): Promise<StorageState | undefined> {
  if (!flow.profile) return undefined;
  const stored = await storage.profiles.get(flow.profile);
  if (!stored) throw new FlowFailure('PROFILE_NOT_FOUND', `Browser profile "${flow.profile}" no longer exists (deleted after the flow was created)`);
  return withinAllowedOrigins(stored.storageState, flow.allowedOrigins);
}

/**
 * Saves the session's state as the flow's `saveProfileAs`; answers null, or
 * why it could not (the flow still ends SUCCESS, its summary saying so).
 */
export async function saveProfile(flow: FlowMetadata, session: BrowserSession, storage: Storage, logger: Logger): Promise<string | null> {
  const name = flow.saveProfileAs;
  if (!name) return null;
  if (!session.storageState) return `the ${flow.browser.using.type} driver cannot read the browser's state`;
  try {
    const storageState = withinAllowedOrigins(await session.storageState(), flow.allowedOrigins);
    for (const value of profileSecrets(storageState)) logger.addSecret(value);
    await storage.profiles.put(name, { storageState, flowId: flow.id, createdAt: Date.now() });
    logger.info('browser profile saved', { name, flowId: flow.id, cookies: storageState.cookies.length, origins: storageState.origins.length });
    return null;
  } catch (err) {
    return logger.redact((err as Error).message.split('\n')[0] ?? 'unknown error');
  }
}
