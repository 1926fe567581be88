import { definePlugin } from '../../../kernel/plugin';
import { TOOLS, provide } from '../../../kernel/tokens';
import { assertionTools } from './assertion-tools';
import { controlTools } from './control-tools';
import { elementTools } from './element-tools';
import { navigationTools } from './navigation-tools';

/** The built-in browser tools (GET /api/tools lists them). */
export default definePlugin({
  id: 'tools-browser',
  apiVersion: 1,
  description: 'Built-in browser tools: navigation, element actions, assertions and flow control.',
  provides: [TOOLS],
  register({ container }) {
    provide(container, TOOLS, () => [...navigationTools, ...elementTools, ...assertionTools, ...controlTools]);
  },
});
