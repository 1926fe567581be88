/**
 * Custom tools in generated tests: one function per tool the flow called,
 * whose code runs in the page as when it was recorded.
 */
import type { CustomTool } from '../../../kernel/flows/flow-types';
import { str } from './js-literal';

/** Names taken in a generated test: a custom tool's function gets another name when it would clash. */
const TAKEN = new Set([
  'page', 'firstPage', 'context', 'baseURL', 'test', 'expect', 'env', 'locate', 'path', 'element', 'frame', 'dialogPolicy', 'urlPart', 'width', 'height',
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export', 'extends', 'false',
  'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try',
  'typeof', 'var', 'void', 'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected', 'public',
  'await', 'async', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity', 'process', 'URL', 'Error', 'JSON',
]);

/** The function a test calls for custom tool `name` (tool names are identifiers: ^[a-zA-Z][a-zA-Z0-9_]*$). */
export function customToolFunction(name: string, used: Map<string, string>): string {
  const known = used.get(name);
  if (known) return known;
  const base = TAKEN.has(name) || !/^[A-Za-z_$][\w$]*$/.test(name) ? `${name.replace(/[^\w$]/g, '_')}Tool` : name;
  const taken = new Set(used.values());
  let fn = base;
  for (let n = 2; taken.has(fn); n++) fn = `${base}${n}`;
  used.set(name, fn);
  return fn;
}

/**
 * `const setText = (params) => page.evaluate(...)`: a custom tool's code
 * runs in the page, as when it was recorded. It stays a string here so it
 * can never run in the test process itself.
 */
export function customToolDeclaration(tool: CustomTool, fn: string, typescript: boolean): string[] {
  const head = str(`(async (params) => {\n${tool.javascript}\n})(`);
  return [
    `// The flow's custom tool ${tool.name.replace(/[^\w$]/g, '_')}: its code runs in the page, as when the flow was recorded.`,
    `const ${fn} = (params${typescript ? ': object' : ''}) => page.evaluate(${head} + JSON.stringify(params) + ')');`,
  ];
}
