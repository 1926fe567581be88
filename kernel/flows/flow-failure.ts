/**
 * Ends a flow: thrown inside a flow's actor, it becomes the flow's
 * `result.error` (`{ code, message }`) and the state FAILED. The code is one
 * of the table in failure-codes.ts.
 */
import type { FailureCode } from './failure-codes';

export class FlowFailure extends Error {
  constructor(readonly code: FailureCode, message: string) {
    super(message);
    this.name = 'FlowFailure';
  }
}

/** Thrown when a control tool (markObjectiveComplete...) ends the flow. */
export class FlowCompletion extends Error {
  constructor(readonly success: boolean, readonly summary: string) {
    super(summary);
    this.name = 'FlowCompletion';
  }
}
