/**
 * Typed API errors. Every failure a client may see is an ApiError with a code
 * from the API contract; the HTTP error handler maps it to `{code, message}`
 * and the status below. Anything else becomes 500 INTERNAL_ERROR.
 */

/** Error codes of the API contract and the HTTP status each maps to. */
export const ERROR_STATUS = {
  INVALID_REQUEST: 400,
  FORBIDDEN_HOST: 403,
  /** A browser read a route that answers secrets in clear without X-Browserflow-Client. */
  BROWSER_READ_REFUSED: 403,
  /** The request comes from a browser the service drives (its User-Agent carries the marker). */
  DRIVEN_BROWSER_REFUSED: 403,
  FLOW_NOT_FOUND: 404,
  GPT_CONFIG_NOT_FOUND: 404,
  TOOL_CALL_NOT_FOUND: 404,
  IMAGE_NOT_FOUND: 404,
  VIDEO_NOT_FOUND: 404,
  /** A flow's download, HAR or trace, or a browser profile. */
  DOWNLOAD_NOT_FOUND: 404,
  HAR_NOT_FOUND: 404,
  TRACE_NOT_FOUND: 404,
  PROFILE_NOT_FOUND: 404,
  ENV_VAR_NOT_FOUND: 404,
  AGENT_NOT_FOUND: 404,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  FLOW_STILL_RUNNING: 409,
  FLOW_NOT_ACTIVE: 409,
  /** Cancel of a run that has ended (docs/runs.md). */
  RUN_NOT_ACTIVE: 409,
  /** Accept or reject of a heal proposal already decided, or whose step changed since it was proposed. */
  HEAL_NOT_OPEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  RANGE_NOT_SATISFIABLE: 416,
  /** Too many open event streams, for one flow or in all (settings.flows.maxEventSubscribers*). */
  TOO_MANY_SUBSCRIBERS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error a client is meant to see. `message` must never contain a secret. */
export class ApiError extends Error {
  readonly status: number;
  constructor(readonly code: ErrorCode, message: string, readonly details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }
}

export const invalidRequest = (message: string, details?: unknown) => new ApiError('INVALID_REQUEST', message, details);

/** Startup failure: one readable paragraph, printed without a stack trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
