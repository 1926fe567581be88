/** The `result.healed` entry of a tool call whose element action reported a failover. */
import type { Failover } from '../page-actions/page-actions';
import type { HealedStep } from '../../kernel/flows/flow-types';

/** Step `step` (tool `tool`) healed as `failover` says: `renamed` when it carries a rename, else `fallback`. */
export function healedStep(step: number, tool: string, failover: Failover): HealedStep {
  const { recorded, used, agreement, renamed } = failover;
  return renamed
    ? { step, tool, kind: 'renamed', from: renamed.from, to: renamed.to, recorded, used, agreement }
    : { step, tool, kind: 'fallback', from: recorded, to: used, recorded, used, agreement };
}
