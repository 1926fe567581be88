/**
 * Ends a flow: thrown inside a flow's execution, it becomes the flow's
 * `result.error` (`{ code, message }`) and the state FAILED.
 */
export class FlowFailure extends Error {
  constructor(readonly code: string, message: string) {
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
