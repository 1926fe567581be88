/**
 * An LLM SDK loaded on its first use rather than when its provider plugin
 * loads: the SDKs of the four provider plugins cost about 0.5 s of CPU
 * together, which the service's startup need not pay (a service uses one
 * provider, or none). `require` keeps the providers' synchronous client
 * factories as they are; Node caches the module, so a plugin's client and
 * the error classes its failures are checked against are the same instance.
 */
import { createRequire } from 'node:module';

/** A loader of `specifier` as resolved from `moduleUrl` (the caller's `import.meta.url`): the first call requires it. */
export function lazySdk<T>(moduleUrl: string, specifier: string): () => T {
  const require = createRequire(moduleUrl);
  let loaded: T | undefined;
  return () => (loaded ??= require(specifier) as T);
}
