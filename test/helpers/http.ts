/**
 * A raw HTTP client for tests: any method, any Host/Origin (or none), raw
 * bodies and paths sent byte for byte (`..`, `%00`), over node:http with no
 * connection reuse so one test's socket never leaks into another's.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** An answer: status, headers, the body parsed when it is JSON (else the bytes), and the text. */
export interface TestResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the content type is JSON and the text parses; otherwise the raw bytes. */
  body: any;
  text: string;
  raw: Buffer;
}

export interface RawRequestOptions {
  method?: string;
  /** Sent as is, not normalised: `/api/env/..` stays `/api/env/..`. */
  path: string;
  /** `undefined` values are left out; set `host: undefined` together with `omitHost` to send no Host at all. */
  headers?: Record<string, string | number | undefined>;
  /** Sent as given. An object is sent as JSON with `content-type: application/json`. */
  body?: string | Buffer | object;
  /** Send no Host header at all. */
  omitHost?: boolean;
  /** Default 30 s: a hang guard (a video is answered once its encoding ends, which takes long on a loaded machine). */
  timeoutMs?: number;
}

/** Sends one request to `baseUrl` (`http://127.0.0.1:1234`). */
export function rawRequest(baseUrl: string, options: RawRequestOptions): Promise<TestResponse> {
  const url = new URL(baseUrl);
  const headers: Record<string, string | number> = {};
  let payload: string | Buffer | undefined;
  if (options.body !== undefined) {
    if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) payload = options.body;
    else {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    headers['content-length'] = Buffer.byteLength(payload);
  }
  for (const [k, v] of Object.entries(options.headers ?? {})) {
    if (v === undefined) delete headers[k.toLowerCase()];
    else headers[k.toLowerCase()] = v;
  }
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: options.method ?? 'GET',
      path: options.path,
      headers,
      agent: false,
      setHost: !options.omitHost && headers.host === undefined,
    }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let body: unknown = raw;
        if (/json/.test(String(res.headers['content-type'] ?? ''))) {
          try { body = JSON.parse(text); } catch { body = raw; }
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, raw });
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`request ${options.method ?? 'GET'} ${options.path} timed out after ${timeoutMs} ms`)), timeoutMs);
    // The server may answer (413) and close before the whole body is written: that answer is what counts.
    req.on('error', (err) => { if (!answered) { clearTimeout(timer); reject(err); } });
    if (payload !== undefined) req.end(payload);
    else req.end();
  });
}
