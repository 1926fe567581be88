/**
 * Plugin `codegen-playwright`: turns finished flows into Playwright Test
 * code, a single script and a zipped project (docs/codegen.md).
 */
import { definePlugin } from '../../../kernel/plugin';
import { CODEGEN_EMITTERS, LOGGER, provide, resolve } from '../../../kernel/tokens';
import { createProjectEmitter, createScriptEmitter } from './emitters';

export default definePlugin({
  id: 'codegen-playwright',
  apiVersion: 1,
  description: 'Playwright Test script and project generation',
  provides: [CODEGEN_EMITTERS],
  requires: [LOGGER],
  register(ctx) {
    provide(ctx.container, CODEGEN_EMITTERS, (c) => createScriptEmitter(resolve(c, LOGGER)));
    provide(ctx.container, CODEGEN_EMITTERS, (c) => createProjectEmitter(resolve(c, LOGGER)));
  },
});
