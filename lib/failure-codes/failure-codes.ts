/**
 * Every way a flow can end FAILED: the one table of `result.error.code`
 * values, what each means, and whether running the same flow again may
 * succeed without changing anything (`retryable`); and FlowFailure, which
 * ends a flow with one of these codes. test/unit/lib/failure-codes.test.ts
 * checks that docs/flows.md lists exactly these rows.
 */

/** One row of the table. */
export interface FailureCodeInfo {
  /** When the flow ends with this code (the sentence docs/flows.md shows). */
  meaning: string;
  /** True when the same flow may succeed on another run: the cause was outside the flow's definition. */
  retryable: boolean;
}

export const FAILURE_CODES = {
  OBJECTIVE_NOT_COMPLETABLE: { meaning: 'the flow called `markObjectiveNotCompletable`', retryable: false },
  SECRET_NOT_ALLOWED: { meaning: 'a call would have sent an env value (`${NAME}`) to an origin its `allowedOrigins` (default: the flow\'s site) do not include: nothing was typed or requested; in DETERMINISTIC flows and reruns the flow ends here (AUTONOMOUS and INSTRUCT calls fail with `outcome.code` and the flow goes on); the message names the variable and where it may be used', retryable: false },
  TOOL_CALL_FAILED: { meaning: 'DETERMINISTIC: the first failed tool call (its message is in `result.error.message`)', retryable: false },
  MAX_TOOL_CALLS_REACHED: { meaning: '`maxToolCalls` calls ran without completing', retryable: false },
  CANCELLED: { meaning: '`POST /api/flows/{id}/cancel`', retryable: false },
  TARGET_UNREACHABLE: { meaning: '`targetWebsite` sent no page within `navigationTimeoutMs`, failed with a network error, or is the service\'s own address (a page that arrived but never finished loading is used as it is)', retryable: true },
  BROWSER_UNAVAILABLE: { meaning: 'the browser could not start, a remote endpoint gave none within `browserAcquireTimeoutMs` (the message names it), or no driver for `browser.using.type` is loaded', retryable: true },
  BROWSER_CRASHED: { meaning: 'the browser process died mid-flow', retryable: true },
  IDLE_TIMEOUT: { meaning: 'INSTRUCT: no user call for `instructIdleTimeoutMs`', retryable: false },
  AGENT_UNAVAILABLE: { meaning: 'AUTONOMOUS: no plugin provides the autonomous agent (`AUTONOMOUS_AGENT`; the embedded config loads one), so nothing chooses the next tool call', retryable: false },
  GPT_CONFIG_NOT_FOUND: { meaning: 'AUTONOMOUS: the flow\'s GPT configuration was deleted after the flow was created', retryable: false },
  LLM_PROVIDER_UNAVAILABLE: { meaning: 'AUTONOMOUS: no loaded LLM provider plugin serves the GPT configuration\'s `type`', retryable: false },
  LLM_RATE_LIMITED: { meaning: 'AUTONOMOUS: the provider kept answering "rate limited" after bounded retries', retryable: true },
  LLM_AUTH_FAILED: { meaning: 'AUTONOMOUS: the provider refused the GPT configuration\'s credentials', retryable: false },
  LLM_UNAVAILABLE: { meaning: 'AUTONOMOUS: the provider could not be reached, failed or timed out after bounded retries', retryable: true },
  LLM_BAD_REQUEST: { meaning: 'AUTONOMOUS: the provider refused the request (model name, parameters)', retryable: false },
  LLM_BAD_RESPONSE: { meaning: 'AUTONOMOUS: the provider answered something that is not a model response', retryable: true },
  AGENT_STUCK: { meaning: 'AUTONOMOUS: the model\'s last `maxConsecutiveFailures` tool calls (setting, default 5) all failed; the message shows the last one and its error', retryable: false },
  LLM_NO_TOOL_CALL: { meaning: 'AUTONOMOUS: the model answered without a (well-formed) tool call, again after bounded reminders', retryable: true },
  PROFILE_NOT_FOUND: { meaning: 'the flow\'s `profile` (a browser profile to start from) was deleted after the flow was created', retryable: false },
  INTERRUPTED: { meaning: 'the service stopped (crash or kill) while the flow was live; set at the next start, naming the step it was on', retryable: true },
  SERVICE_STOPPED: { meaning: 'the service was shut down cleanly while the flow was live (past `UNSTARTED`)', retryable: true },
  INTERNAL_ERROR: { meaning: 'an unexpected error in the service (a bug: the details are in its log)', retryable: true },
} as const satisfies Record<string, FailureCodeInfo>;

/** A `result.error.code` of a FAILED flow. */
export type FailureCode = keyof typeof FAILURE_CODES;

/** Thrown inside a flow's actor: becomes the flow's `result.error` (`{ code, message }`) and the state FAILED. */
export class FlowFailure extends Error {
  constructor(readonly code: FailureCode, message: string) {
    super(message);
    this.name = 'FlowFailure';
  }
}

/** Thrown when a control tool (markObjectiveComplete...) ends the flow. */
export class FlowCompletion extends Error {
  /** `data`: the flow's structured result (already redacted), undefined when none. */
  constructor(readonly success: boolean, readonly summary: string, readonly data?: unknown) {
    super(summary);
    this.name = 'FlowCompletion';
  }
}
