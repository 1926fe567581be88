/**
 * Which failures to open a browser on a remote endpoint pass by themselves,
 * so that trying again later can succeed: the endpoint is not listening
 * (restarting), is full (queue full, 429, 503), or its queue gave up on the
 * request (Selenium's "New session request timed out"). Anything else (bad
 * capabilities, a refused credential, a browser that cannot start) fails the
 * same way every time and is not retried.
 */

const TRANSIENT = [
  /ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT|EPIPE|socket hang up|other side closed/i,
  /Unable to connect|connect(ion)? (was )?refused|UND_ERR_(CONNECT|SOCKET|HEADERS|BODY)/i,
  /timed? ?out|timeout/i,
  /queue|no free slot|too many|capacity|busy|try again/i,
  /\b(429|502|503|504)\b/,
];

/** Whether the open error `err` may pass if the endpoint is asked again later. */
export function isTransientRefusal(err: unknown): boolean {
  const message = err instanceof Error ? `${err.message} ${(err as { code?: unknown }).code ?? ''}` : String(err);
  return TRANSIENT.some((re) => re.test(message));
}
