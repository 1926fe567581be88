/**
 * playwright-core, loaded on first use rather than when the plugin loads:
 * importing it builds Playwright's whole in-process client and server (about
 * 0.7 s of CPU), which the service does not need to start listening, only to
 * open its first browser. `require` keeps every caller synchronous; it gives
 * the same module instance an `import` would (so `instanceof` on its error
 * classes holds).
 */
import { createRequire } from 'node:module';

type Playwright = typeof import('playwright-core');

const require = createRequire(import.meta.url);
let loaded: Playwright | undefined;

/** The playwright-core module, loaded by the first call. */
export function playwright(): Playwright {
  return (loaded ??= require('playwright-core') as Playwright);
}
