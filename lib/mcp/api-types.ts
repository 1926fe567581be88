/**
 * The shapes of the REST API answers the MCP server reads (docs/api.md). The
 * records (flow, tool call, error body) are the wire contract's one
 * declaration, lib/validation/flow-record-schema.ts, not the kernel's: the
 * MCP server is a client of the API, so it depends on that contract only.
 * The answers that are not records are declared here.
 */
import { hasEnded, type ErrorBody, type FlowMetadata, type FlowState, type ToolCallRecord } from '../validation/flow-record-schema';

/** The flow record every flow endpoint answers: the fields the MCP server reads. */
export type ApiFlow = Pick<FlowMetadata, 'id' | 'name' | 'targetWebsite' | 'initialRunMode' | 'runMode' | 'state' | 'envVars'
  | 'customTools' | 'maxToolCalls' | 'progress' | 'createdAt' | 'completedAt' | 'result'>;

/** One tool call record (GET /api/flows/{id}/tool-calls/{toolCallId}): the fields the MCP server reads; `outcome` is null while it runs. */
export type ApiToolCall = Pick<ToolCallRecord, 'id' | 'name' | 'parameters' | 'outcome' | 'pageUrl'>;

export type { FlowState, ErrorBody };

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

/** Whether a flow has ended: the one definition beside the flow states. */
export { hasEnded };
