/**
 * Turns finished flows into artifacts: a Playwright test script, a zipped
 * project. Emitters only read records; they never run a browser.
 */
import type { FlowMetadata, ToolCallRecord } from '../../kernel/flows/flow-types';
import type { ToolDefinition } from '../tool-calls/tool-contract';
import { createToken } from '../../kernel/tokens';

/** Options of the generated artifacts (spec 2.9). */
export interface CodegenOptions {
  runInHeadedMode: boolean;
  slowMotionDelay: number;
  disableSelfHealingTests: boolean;
  /** `plain` (default) or `ai`. */
  testScriptVariant: string;
  /** The language of the generated code; JavaScript when absent. */
  language?: 'javascript' | 'typescript';
}

/** One finished flow with its successful, non-control tool calls in order. */
export interface CodegenFlow {
  flow: FlowMetadata;
  /** Successful calls only, control tools (markObjectiveComplete...) left out. */
  toolCalls: ToolCallRecord[];
  /** Tool definitions by name (built-ins and the flow's custom tools), for `elementParams`. */
  tools: Map<string, Pick<ToolDefinition, 'name' | 'elementParams' | 'kind'>>;
  /** A FAILED flow's last call when it failed (1-based `step` in the flow's calls): left out of the test, which says so. */
  failedStep?: { step: number; tool: string } | null;
}

export interface CodegenEmitter {
  /** `script` (one test file) or `project` (a zip). */
  readonly kind: 'script' | 'project';
  readonly id: string;
  /** Single-flow script: JavaScript source text. */
  emitScript?(flow: CodegenFlow, options: CodegenOptions): Promise<string>;
  /** Project: a zip archive of several flows. */
  emitProject?(flows: CodegenFlow[], options: CodegenOptions): Promise<Buffer>;
  /** Script: the title of each replayed call's step (tool call id -> title), for naming the flow's trace groups alike. */
  stepTitles?(flow: CodegenFlow, options: CodegenOptions): Map<string, string>;
}

/**
 * Code generators (Playwright test script, project zip...), provided by a
 * codegen plugin and used by the export routes. The kernel never calls them:
 * exports are derived from finished flows' records.
 */
export const CODEGEN_EMITTERS = createToken<CodegenEmitter>('codegen.emitters', { multi: true });
