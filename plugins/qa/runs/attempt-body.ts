/**
 * The CreateFlow of one attempt: the source flow's rerun (its successful
 * calls as DETERMINISTIC `toolCallsOnStart` with their recorded selectors,
 * lib/export/rerun.ts, as GET /api/flows/{id}/rerun answers), with `baseUrl`
 * in place of the recorded origin. An attempt carries no tags, so it is
 * never selected by a later run's tags.
 */
import type { FlowMetadata, ToolCallRecord } from '../../../kernel/flows/flow-types';
import type { ToolRegistry } from '../../../lib/custom-tools/tool-registry';
import { buildRerun } from '../../../lib/export/rerun';
import { selectsByIdOnly } from '../../../lib/export/selector-kinds';
import type { CreateFlow } from '../../../lib/validation/create-flow-schema';
import { withBaseUrl } from './base-url';

export function attemptBody(source: FlowMetadata, calls: ToolCallRecord[], tools: ToolRegistry, baseUrl: string | null): CreateFlow {
  const rerun = buildRerun(source, calls, tools.forFlow(source.customTools), { areElementIdsVolatile: false, disableSelectorFailover: false }, selectsByIdOnly);
  const { tags: _tags, ...body } = rerun;
  return baseUrl ? withBaseUrl(body, baseUrl) : body;
}
