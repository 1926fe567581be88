/**
 * Typed API errors. Every failure a client may see is an ApiError with a code
 * of the API's error table (lib/api-errors/api-errors.ts: status, message
 * template); the HTTP error handler maps it to `{code, message}` and that
 * status. Anything else becomes 500 INTERNAL_ERROR.
 */
import { API_ERRORS, type ErrorCode, type ErrorValues, type TemplatedCode } from '../lib/api-errors/api-errors';

export { API_ERRORS, type ApiErrorInfo, type ErrorCode, type ErrorValues, type TemplatedCode } from '../lib/api-errors/api-errors';

/** An error a client is meant to see. `message` must never contain a secret. */
export class ApiError extends Error {
  readonly status: number;
  constructor(readonly code: ErrorCode, message: string, readonly details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = API_ERRORS[code].status;
  }
}

/** The error `code` with its one wording, from `values`. */
export function apiError<C extends TemplatedCode>(code: C, values: ErrorValues<C>): ApiError {
  const template = API_ERRORS[code].message as (v: ErrorValues<C>) => string;
  return new ApiError(code, template(values));
}

/** 400 INVALID_REQUEST: `message` names the field and says what is wrong ("maxToolCalls: must be at least 1"). */
export const invalidRequest = (message: string, details?: unknown) => new ApiError('INVALID_REQUEST', message, details);

/** Startup failure: one readable paragraph, printed without a stack trace. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
