/**
 * Plugin `codegen-playwright`: turns finished flows into Playwright Test
 * code, a single script and a zipped project (docs/codegen.md).
 */
import { definePlugin } from '../../../kernel/plugin';
import { LOGGER } from '../../../kernel/tokens';
import { CODEGEN_EMITTERS } from '../../../lib/export/codegen-emitter';
import { createProjectEmitter, createScriptEmitter } from './emitters';

export default definePlugin({
  id: 'codegen-playwright',
  apiVersion: 2,
  description: 'Playwright Test script and project generation',
  provides: [CODEGEN_EMITTERS],
  deps: { logger: LOGGER },
  register({ deps, provide }) {
    provide(CODEGEN_EMITTERS, () => createScriptEmitter(deps.logger));
    provide(CODEGEN_EMITTERS, () => createProjectEmitter(deps.logger));
  },
});
