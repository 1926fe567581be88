/**
 * The API's error table: every code a client may see, with its HTTP status,
 * whether it is retryable, when it is answered and its message template, in
 * one place (as Fastify's lib/errors.js). Raised by every layer (the
 * kernel's flows, the HTTP server, the routes, the runs...) through
 * kernel/errors.ts `apiError(code, values)`; docs/api.md lists the same rows
 * (test/unit/kernel/api-errors.test.ts keeps them equal).
 */

/** One row of the API error table. */
export interface ApiErrorInfo {
  status: number;
  /** True when the same request may succeed later unchanged (the cause is the moment, not the request). */
  retryable: boolean;
  /** When it is answered (the sentence docs/api.md shows; a test keeps them equal). */
  when: string;
  /**
   * The message, from the values the throw site passes (`apiError(code, values)`): one wording per
   * code wherever it is raised. INVALID_REQUEST has none: its message is the field and the problem
   * (`invalidRequest("maxToolCalls: must be at least 1")`), which the validation layer writes.
   */
  message?: (values: any) => string;
}

/** A value of the request quoted in a message, at most 100 characters of it. */
const q = (value: string) => JSON.stringify(value.slice(0, 100));
const then = (hint?: string) => (hint ? `; ${hint}` : '');
/** "Thing "id" does not exist", or "No thing" without an id. */
const missing = (what: string, id?: string, hint?: string) =>
  id === undefined ? `No ${what}${then(hint)}` : `${what[0]!.toUpperCase()}${what.slice(1)} ${q(id)} does not exist${then(hint)}`;
const inFlow = (what: string) => (v: { flowId: string; id: string }) => `${what} ${q(v.id)} does not exist in flow ${v.flowId}`;

/**
 * Every API error code: its HTTP status, whether it is retryable, when it is
 * answered and its message template, in one place (as Fastify's
 * lib/errors.js). The throw sites pass values, never prose.
 */
export const API_ERRORS = {
  INVALID_REQUEST: { status: 400, retryable: false, when: 'malformed JSON, a body that is not `application/json`, a missing body, a field of the wrong type, an unknown field, a bad query or path parameter' },
  FORBIDDEN_HOST: {
    status: 403, retryable: false, when: 'the `Host` or `Origin` header is not local (see [Security](#security))',
    message: (v: { header: 'Host' | 'Origin'; value: string | undefined }) => v.header === 'Host'
      ? `The Host header ${v.value === undefined ? '(none)' : q(v.value)} is not allowed: browserflow answers only requests addressed to localhost, 127.0.0.1, [::1] or a name listed in settings.allowedHosts (protection against DNS rebinding).`
      : `The Origin ${q(v.value ?? '')} is not allowed: browserflow accepts no cross-origin requests, so no web page can drive the API. Call it from a local program (curl, a script, the CLI) instead.`,
  },
  BROWSER_READ_REFUSED: {
    status: 403, retryable: false, when: 'a browser read env values or GPT configurations without the header `X-Browserflow-Client` (see [Security](#security))',
    message: () => 'This answer holds secrets and the request comes from a browser: send the header X-Browserflow-Client (any value) from a page of the service itself, or call the API from a program (curl, a script, the CLI).',
  },
  DRIVEN_BROWSER_REFUSED: {
    status: 403, retryable: false, when: 'the request comes from a browser the service drives (its User-Agent carries the service\'s marker)',
    message: () => 'Requests from a browser that browserflow drives are refused: a flow cannot use the browserflow API.',
  },
  FLOW_NOT_FOUND: {
    status: 404, retryable: false, when: 'unknown flow id, including a malformed one (it cannot exist)',
    message: (v: { flowId: string; field?: string; hint?: string }) => `${v.field ? `${v.field}: ` : ''}Flow ${q(v.flowId)} does not exist${then(v.hint)}`,
  },
  GPT_CONFIG_NOT_FOUND: {
    status: 404, retryable: false, when: 'the named GPT configuration does not exist (also when a flow or an agent assignment names it)',
    message: (v: { name: string; assignedTo?: string }) => `GPT configuration ${q(v.name)} does not exist${v.assignedTo ? ` (assigned to agent ${v.assignedTo})` : ''}; create it with POST /api/gpt-configs/${v.name}`,
  },
  TOOL_CALL_NOT_FOUND: { status: 404, retryable: false, when: 'the flow has no tool call with that id', message: inFlow('Tool call') },
  IMAGE_NOT_FOUND: { status: 404, retryable: false, when: 'the flow has no screenshot with that id', message: inFlow('Image') },
  VIDEO_NOT_FOUND: {
    status: 404, retryable: false, when: 'the flow has no video (none was recorded, or it is still being written)',
    message: (v: { flowId: string; live: boolean }) => `Flow ${v.flowId} has no video${v.live ? ' yet (it is written when the flow ends)' : ''}`,
  },
  DOWNLOAD_NOT_FOUND: { status: 404, retryable: false, when: 'the flow kept no download with that id', message: inFlow('Download') },
  HAR_NOT_FOUND: { status: 404, retryable: false, when: 'the flow recorded no HAR (`network.har` was not set, or it is still being written)', message: (v: { flowId: string; why: string }) => `Flow ${v.flowId} has no HAR: ${v.why}` },
  TRACE_NOT_FOUND: { status: 404, retryable: false, when: 'the flow recorded no Playwright trace (`trace` was not set, or it is still being written)', message: (v: { flowId: string; why: string }) => `Flow ${v.flowId} has no trace: ${v.why}` },
  PROFILE_NOT_FOUND: {
    status: 404, retryable: false, when: 'the named browser profile does not exist',
    message: (v: { name: string; field?: string }) => `${v.field ? `${v.field}: ` : ''}Browser profile ${q(v.name)} does not exist (GET /api/profiles lists them; a flow with saveProfileAs saves one, POST /api/profiles/{name} imports one)`,
  },
  ENV_VAR_NOT_FOUND: { status: 404, retryable: false, when: 'the named environment variable does not exist', message: (v: { key: string }) => `Environment variable ${q(v.key)} does not exist` },
  AGENT_NOT_FOUND: {
    status: 404, retryable: false, when: 'the named agent does not exist',
    message: (v: { name: string; known: readonly string[] }) => `Agent ${q(v.name)} does not exist; known agents: ${v.known.join(', ') || 'none'}`,
  },
  NOT_FOUND: {
    status: 404, retryable: false, when: 'the named thing (route, run, suite, heal proposal, webhook, UI file, MCP session, generator) does not exist',
    message: (v: { what: string; id?: string; field?: string; hint?: string }) => `${v.field ? `${v.field}: ` : ''}${missing(v.what, v.id, v.hint)}`,
  },
  METHOD_NOT_ALLOWED: {
    status: 405, retryable: false, when: 'known path, wrong method; see the `allow` header',
    message: (v: { method: string; path: string; allowed: string }) => `${v.method} is not allowed on ${v.path}; allowed: ${v.allowed}.`,
  },
  FLOW_STILL_RUNNING: {
    status: 409, retryable: true, when: 'delete, rename, rerun, code or project export of a flow that is not finished',
    message: (v: { flowId: string; state: string; action: string; field?: string }) =>
      `${v.field ? `${v.field}: ` : ''}Flow ${v.flowId} is ${v.state}: ${v.action} needs a finished flow (SUCCESS or FAILED); wait for it or cancel it with POST /api/flows/${v.flowId}/cancel`,
  },
  FLOW_NOT_ACTIVE: {
    status: 409, retryable: false, when: 'run control on a finished flow, or an action the flow\'s state does not allow',
    message: (v: { flowId: string; state: string; action: string; why?: string }) => `Flow ${v.flowId} is ${v.state}: it cannot ${v.action}${v.why ? ` (${v.why})` : ''}`,
  },
  RUN_NOT_ACTIVE: {
    status: 409, retryable: false, when: 'cancel of a run that has ended ([runs.md](runs.md))',
    message: (v: { runId: string; state: string }) => `Run ${v.runId} has ended (${v.state}); it cannot be cancelled`,
  },
  HEAL_NOT_OPEN: {
    status: 409, retryable: false, when: 'accept or reject of a heal proposal already decided, or whose step changed since ([runs.md](runs.md#heal-proposals))',
    message: (v: { healId: string; why: string }) => `Heal proposal ${v.healId} cannot be decided: ${v.why}`,
  },
  PAYLOAD_TOO_LARGE: {
    status: 413, retryable: false, when: 'body over the limit',
    message: (v: { limit: number }) => `The request body exceeds the limit of ${v.limit} bytes (settings.bodyLimitBytes).`,
  },
  RANGE_NOT_SATISFIABLE: {
    status: 416, retryable: false, when: 'a video `Range` that cannot be served',
    message: (v: { range: string; size: number }) => `Range ${q(v.range)} cannot be served: send one bytes range within the file's ${v.size} bytes (bytes=0-${Math.max(0, v.size - 1)})`,
  },
  TOO_MANY_SUBSCRIBERS: {
    status: 429, retryable: true, when: 'too many open event streams, for the flow (`settings.flows.maxEventSubscribersPerFlow`, 32) or in all (`settings.flows.maxEventSubscribers`, 512)',
    message: (v: { what: string; setting: string; limit: number; advice: string }) => `${v.what} (settings.flows.${v.setting} = ${v.limit}). ${v.advice}`,
  },
  INTERNAL_ERROR: {
    status: 500, retryable: true, when: 'a bug. The message is generic. The error itself goes to the service\'s log, with secrets redacted. Answers never contain stack traces or secrets',
    message: () => 'Internal error: the service failed to answer this request. The details are in its log.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503, retryable: true, when: 'the service is stopping, or a limit of open sessions is reached (MCP)',
    message: (v: { why: string }) => `The service cannot take this request now: ${v.why}`,
  },
} as const satisfies Record<string, ApiErrorInfo>;

export type ErrorCode = keyof typeof API_ERRORS;

/** The codes raised through a template (all but INVALID_REQUEST). */
export type TemplatedCode = { [C in ErrorCode]: (typeof API_ERRORS)[C] extends { message: (v: any) => string } ? C : never }[ErrorCode];
/** The values a code's template takes. */
export type ErrorValues<C extends TemplatedCode> = (typeof API_ERRORS)[C] extends { message: (v: infer V) => string } ? V : never;
