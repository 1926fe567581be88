/** Tools that end the flow. Left out of reruns and generated code. */
import * as v from 'valibot';
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { validateJsonSchemaAsync } from '../../../lib/json-schema/json-schema';

export const controlTools: ToolDefinition[] = [
  {
    name: 'markObjectiveComplete', kind: 'control',
    description: 'End the flow successfully, with a summary of what was achieved (and its `result` when asked).',
    inputSchema: v.strictObject({ summary: v.pipe(v.string(), v.maxLength(10_000)), result: v.optional(v.unknown()) }),
    async run(ctx, p: { summary: string; result?: unknown }) {
      // The result given, else what an extract read; checked against the flow's resultSchema (refused: the caller sees why and may call again).
      const data = p.result !== undefined ? p.result : ctx.resultData;
      const schema = ctx.flow.resultSchema;
      if (schema) {
        if (data === undefined) throw new Error('result: is required: this flow has a resultSchema; pass the object as result (or read it with extract first)');
        const problem = await validateJsonSchemaAsync(schema, data, 'result');
        if (problem) throw new Error(`${problem}; call markObjectiveComplete again with a result matching the flow's resultSchema`);
      }
      return { message: 'Objective complete', endFlow: { success: true, summary: p.summary, ...(data !== undefined ? { data } : {}) } };
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
