/**
 * The HTTP API of a hosted browser provider, Browserbase style:
 * `POST /v1/sessions` creates a cloud browser and answers its DevTools
 * WebSocket (`connectUrl`); `POST /v1/sessions/{id}` with
 * `status: REQUEST_RELEASE` ends it. Requests carry the key in `X-BB-API-Key`.
 *
 * Errors read "The hosted browser API answered 401 (Unauthorized) to POST
 * /v1/sessions: Invalid API key": status and the provider's own message,
 * never the key (it is masked even when the provider echoes it).
 */

/** Body of `POST /v1/sessions`; absent fields are left out. */
export interface CreateSessionBody {
  projectId?: string;
  browserSettings?: {
    viewport?: { width: number; height: number };
    blockAds?: boolean;
    solveCaptchas?: boolean;
  };
  /** Seconds until the provider ends the session by itself. */
  timeout?: number;
  region?: string;
}

/** A created hosted session. */
export interface HostedSessionInfo {
  id: string;
  /** DevTools WebSocket URL of the session's browser (may carry a token). */
  connectUrl: string;
}

export interface HostedApiOptions {
  /** Base URL, e.g. `https://api.browserbase.com`. */
  apiUrl: string;
  apiKey: string;
  /** Bound of each request. */
  timeoutMs: number;
}

/** Longest provider message kept in an error. */
const MAX_MESSAGE = 300;

export class HostedApi {
  constructor(private readonly options: HostedApiOptions) {}

  /** Creates a session; rejects with the provider's status and message. */
  async createSession(body: CreateSessionBody): Promise<HostedSessionInfo> {
    const answer = await this.post('/v1/sessions', body);
    const { id, connectUrl } = (answer ?? {}) as Partial<HostedSessionInfo>;
    if (typeof id !== 'string' || !id || typeof connectUrl !== 'string' || !/^wss?:\/\//i.test(connectUrl)) {
      throw new Error('The hosted browser API created a session but its answer has no usable id and connectUrl (a ws:// or wss:// URL)');
    }
    return { id, connectUrl };
  }

  /** Asks the provider to end the session (it stops the browser and billing); `timeoutMs` overrides the default bound. */
  async releaseSession(id: string, projectId: string | undefined, timeoutMs = this.options.timeoutMs): Promise<void> {
    await this.post(`/v1/sessions/${encodeURIComponent(id)}`, { status: 'REQUEST_RELEASE', ...(projectId ? { projectId } : {}) }, timeoutMs);
  }

  private async post(path: string, body: unknown, timeoutMs = this.options.timeoutMs): Promise<unknown> {
    // Joined without the leading slash, so an apiUrl with a path prefix (a gateway) keeps it.
    const url = new URL(path.replace(/^\//, ''), withTrailingSlash(this.options.apiUrl));
    const what = `POST ${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'X-BB-API-Key': this.options.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const cause = (err as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : describeNetworkError(err);
      throw new Error(`The hosted browser API at ${url.host} could not be reached (${what}): ${this.mask(cause)}`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      const reason = res.statusText ? ` (${res.statusText})` : '';
      const message = providerMessage(text);
      throw new Error(`The hosted browser API answered ${res.status}${reason} to ${what}${message ? `: ${this.mask(message)}` : ''}`);
    }
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`The hosted browser API answered ${what} with something that is not JSON: ${this.mask(text.slice(0, 100))}`);
    }
  }

  /** The key never leaves in a message, even when the provider echoes it back. */
  private mask(text: string): string {
    return this.options.apiKey ? text.split(this.options.apiKey).join('****') : text;
  }
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}

/** `message` (or `error`) of a JSON error body, else the text itself, shortened. */
function providerMessage(text: string): string {
  let message = text.trim();
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const picked = [json.message, json.error, json.detail].find((m) => typeof m === 'string' && m.trim());
    if (typeof picked === 'string') message = picked.trim();
  } catch {
    // Not JSON: the text is the message.
  }
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...` : message;
}

/** `connect ECONNREFUSED 127.0.0.1:9` rather than fetch's bare "fetch failed". */
function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { message?: string; code?: string } }).cause;
  return cause?.message || cause?.code || (err as Error).message || String(err);
}
