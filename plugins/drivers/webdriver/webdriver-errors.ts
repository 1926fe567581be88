/**
 * WebDriver errors as WebdriverIO reports them (`name` is the W3C error code,
 * the message carries `WebDriverError: ...`, the browser's session info and
 * the HTTP route). Flows show errors to people and to the LLM, so these
 * helpers classify them and cut them down to one readable sentence.
 */

function text(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

/** A user prompt (alert, confirm, prompt) is open and blocked the command. */
export function isAlertOpen(err: unknown): boolean {
  return /unexpected alert open/i.test(text(err));
}

/** There is no user prompt to read or answer. */
export function isNoAlert(err: unknown): boolean {
  return /no such alert/i.test(text(err));
}

/** The session, its browser or the endpoint is gone for good. */
export function isSessionGone(err: unknown): boolean {
  return /invalid session id|session deleted|no such session|session .* (not found|does not exist)|unable to find session|chrome not reachable|not connected to devtools|ECONNREFUSED|ECONNRESET|socket hang up|browser has closed/i.test(text(err));
}

/** The window (tab) the command was for has closed. */
export function isNoSuchWindow(err: unknown): boolean {
  return /no such window|web view not found|target window already closed/i.test(text(err));
}

/** The element went away (re-render, navigation) between finding it and acting on it. */
export function isStaleElement(err: unknown): boolean {
  return /stale element reference|no such element|detached shadow root/i.test(text(err));
}

/** Another element would receive the click, or the element cannot be interacted with yet. */
export function isNotInteractable(err: unknown): boolean {
  return /element click intercepted|element not interactable/i.test(text(err));
}

/** The command's own timeout (page load, script) passed. */
export function isTimeoutError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'timeout' || err.name === 'script timeout' || /^timeout\b|script timeout|Timed out receiving message/i.test(err.message));
}

/**
 * The telling part of a WebDriver error: `element click intercepted:
 * Element <button> is not clickable ...` without the driver's prefixes,
 * session info and route.
 */
export function readableMessage(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const line = raw.split('\n').map((l) => l.trim()).find(Boolean) ?? raw;
  return line
    .replace(/^(WebDriverError|Error):\s*/, '')
    .replace(/\s*\(Session info:.*$/, '')
    .replace(/\s*when running "[^"]*" with method "[A-Z]+".*$/, '')
    .replace(/^javascript error:\s*/, '')
    .trim() || 'unknown WebDriver error';
}
