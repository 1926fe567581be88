/** Renders a flow's live events as terminal lines for `browserflow run`. */
import type { FlowMetadata, FlowState, ToolCallRecord } from '../kernel/flows/flow-types';

export function progressBar(done: number, max: number, width = 20): string {
  const filled = max > 0 ? Math.min(width, Math.round((done / max) * width)) : 0;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${max}`;
}

export class ProgressPrinter {
  private count = 0;
  constructor(private readonly out: (line: string) => void, private readonly maxToolCalls: number) {}

  state(state: FlowState): void {
    this.out(`  state ${state}`);
  }

  toolCall(call: ToolCallRecord): void {
    if (!call.outcome) return;
    this.count++;
    const mark = call.outcome.success ? 'ok  ' : 'FAIL';
    const params = JSON.stringify(call.parameters);
    this.out(`${progressBar(this.count, this.maxToolCalls)} ${mark} ${call.name} ${params.length > 80 ? params.slice(0, 80) + '…' : params}`);
    this.out(`      ${call.outcome.message.slice(0, 200)}`);
  }

  done(flow: FlowMetadata): void {
    const secs = flow.startedAt && flow.completedAt ? ((flow.completedAt - flow.startedAt) / 1000).toFixed(1) : '?';
    if (flow.state === 'SUCCESS') this.out(`SUCCESS in ${secs} s: ${flow.result?.summary ?? ''}`);
    else this.out(`FAILED in ${secs} s: ${flow.result?.error ? `${flow.result.error.code}: ${flow.result.error.message}` : flow.result?.summary ?? ''}`);
    this.out(`flow ${flow.id}: ${flow.progress.toolCallsCompleted} tool calls ok, ${flow.progress.toolCallsFailed} failed, ${flow.tokenUsage.totalTokens} tokens`);
  }
}
