import { definePlugin } from '../../../kernel/plugin';
import { TOOLS } from '../../../kernel/tokens';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { assertionTools } from './assertion-tools';
import { controlTools } from './control-tools';
import { elementTools } from './element-tools';
import { navigationTools } from './navigation-tools';
import { extractTool } from './extract-tool';

/** The built-in browser tools (GET /api/tools lists them). */
export default definePlugin({
  id: 'tools-browser',
  apiVersion: 2,
  description: 'Built-in browser tools: navigation, element actions, assertions, structured extraction and flow control.',
  provides: [TOOLS],
  register({ provide }) {
    provide(TOOLS, () => [...navigationTools, ...elementTools, ...assertionTools, extractTool as ToolDefinition, ...controlTools]);
  },
});
