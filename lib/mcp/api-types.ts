/**
 * The shapes of the REST API answers the MCP server reads (docs/api.md),
 * declared here rather than imported from the kernel: the MCP server is a
 * client of the API, so it depends on the wire contract only.
 */

/** A flow state (docs/flows.md). */
export type FlowState =
  | 'UNSTARTED' | 'INITIALIZING' | 'RUNNING_ACTION' | 'QUERYING_LLM_FOR_NEXT_ACTION' | 'WAITING_ON_USER_FOR_NEXT_ACTION'
  | 'PAUSED' | 'RESUMING' | 'SUCCESS' | 'FAILED';

/** The flow metadata every flow endpoint answers (the fields the MCP server uses). */
export interface ApiFlow {
  id: string;
  name: string;
  targetWebsite: string;
  initialRunMode: string;
  runMode: string;
  state: FlowState;
  envVars: string[];
  /** The flow's own tools (CreateFlow customTools). */
  customTools: Array<{ name: string; description: string; inputSchema: Record<string, unknown> }>;
  maxToolCalls: number;
  progress: { toolCallsCompleted: number; toolCallsFailed: number; maxToolCalls: number };
  createdAt: number;
  completedAt: number | null;
  result: { success: boolean; summary: string | null; error: { code: string; message: string } | null } | null;
}

/** One tool call record (GET /api/flows/{id}/tool-calls/{toolCallId}); `outcome` is null while it runs. */
export interface ApiToolCall {
  id: string;
  name: string;
  parameters: Record<string, unknown>;
  outcome: { success: boolean; message: string; data: unknown; selectors: string[] | null } | null;
  pageUrl: string | null;
}

/** One item of GET /api/tools. */
export interface ApiTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** GET /api/flows/{id}/observation (kernel/contracts/flows.ts FlowObservation). */
export interface ApiObservation {
  url: string;
  title: string;
  /** The compact observation, its url/title header included. */
  text: string;
  refCount: number;
  truncated: boolean;
  /** Base64 PNG, when asked for. */
  screenshot?: string;
}

/** Options of the code and project exports. */
export interface ExportOptions {
  language?: 'javascript' | 'typescript';
}

/** Whether a flow has ended. */
export function hasEnded(flow: Pick<ApiFlow, 'state'>): boolean {
  return flow.state === 'SUCCESS' || flow.state === 'FAILED';
}
