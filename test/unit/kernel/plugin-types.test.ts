/**
 * Plugin API 2 at the type level: `deps` is typed from the declaration, so
 * reading an undeclared service does not compile (`npx tsc --noEmit`, part
 * of `npm test`, checks the `@ts-expect-error` lines below), and an absent
 * optional single service is `undefined`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { definePlugin } from '../../../kernel/plugin';
import { LOGGER, STORAGE, TOOLS } from '../../../kernel/tokens';
import type { Logger } from '../../../kernel/logger';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { HTTP_SERVER, ROUTES, type HttpServerInfo } from '../../../lib/http/route-contract';

test('register sees exactly its declared deps, typed from the declaration', () => {
  const manifest = definePlugin({
    id: 'typed', apiVersion: 2, provides: [ROUTES],
    deps: { logger: LOGGER },
    optionalDeps: { server: HTTP_SERVER, tools: TOOLS },
    register({ deps, provide }) {
      provide(ROUTES, () => {
        const logger: Logger = deps.logger;
        const server: HttpServerInfo | undefined = deps.server;
        const tools: ToolDefinition[][] = deps.tools;
        // @ts-expect-error STORAGE is not declared, so `deps` has no such service
        void deps.storage;
        // @ts-expect-error an optional single service may be absent
        const sure: HttpServerInfo = deps.server;
        void [logger, server, tools, sure];
        return [];
      });
      // @ts-expect-error a factory must build what the token holds
      provide(ROUTES, () => 'not routes');
    },
  });
  assert.deepEqual(Object.keys(manifest.deps ?? {}), ['logger']);
  assert.equal(manifest.provides[0], ROUTES);
  assert.ok(STORAGE);
});
