/**
 * Path parameters: decoded exactly once, then refused when they could walk
 * out of a folder or smuggle a terminator (`..`, `/`, `\`, NUL and other
 * control characters), whatever the route's own schema says.
 */
import { ApiError, type ErrorCode } from '../../../kernel/errors';

/** What a decoded path parameter must never contain. */
const UNSAFE = /\.\.|[/\\\u0000-\u001f\u007f]/;

/** How a route's parameters are found in a path (from the router's compiled pattern). */
export interface ParamPattern {
  keys: string[];
  pattern: RegExp;
}

/**
 * Returns the decoded parameters of `path`. The router already matched
 * `path`; its own values are raw unless the path holds `%`, in which case
 * the pattern is run again on the raw path and each value decoded here (a
 * malformed escape is an error rather than a silently raw value).
 */
export function decodeParams(
  path: string,
  routerParams: Record<string, string>,
  route: ParamPattern,
  errorCode: ErrorCode,
): Record<string, string> {
  const out: Record<string, string> = {};
  const encoded = path.includes('%');
  const match = encoded ? route.pattern.exec(path) : null;
  for (let i = 0; i < route.keys.length; i++) {
    const key = route.keys[i]!;
    let value = match ? match[i + 1] ?? '' : routerParams[key] ?? '';
    if (encoded) {
      try {
        value = decodeURIComponent(value);
      } catch {
        throw new ApiError(errorCode, `${key}: malformed percent-encoding in the path`);
      }
    }
    if (UNSAFE.test(value)) {
      throw new ApiError(errorCode, `${key}: must not contain "..", "/", "\\" or control characters`);
    }
    out[key] = value;
  }
  return out;
}
