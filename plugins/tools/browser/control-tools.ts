/** Tools that end the flow. Left out of reruns and generated code. */
import * as v from 'valibot';
import type { ToolDefinition } from '../../../kernel/contracts/tool';

export const controlTools: ToolDefinition[] = [
  {
    name: 'markObjectiveComplete', kind: 'control',
    description: 'End the flow successfully, with a summary of what was achieved.',
    inputSchema: v.strictObject({ summary: v.pipe(v.string(), v.maxLength(10_000)) }),
    async run(_ctx, p: { summary: string }) {
      return { message: 'Objective complete', endFlow: { success: true, summary: p.summary } };
    },
  },
  {
    name: 'markObjectiveNotCompletable', kind: 'control',
    description: 'End the flow as failed, with the reason the objective cannot be achieved.',
    inputSchema: v.strictObject({ reason: v.pipe(v.string(), v.maxLength(10_000)) }),
    async run(_ctx, p: { reason: string }) {
      return { message: 'Objective not completable', endFlow: { success: false, summary: p.reason } };
    },
  },
];
