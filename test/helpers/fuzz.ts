/**
 * An HTTP fuzzer for the service (the integration fuzz test and
 * `npm run bench:fuzz`): seeded, so a failure can be replayed. Each request
 * is one of: an oversized body (1.5 MB, content-length or chunked, sent at
 * once or paced), deeply nested JSON, a wrong method on a known path, garbage
 * or truncated JSON, a wrong content type, a hostile path, a schema-shaped
 * body with fields of the wrong type, a random query, a foreign Host. Sent on
 * raw sockets (`connection: close`, the harshest client: a server that closes
 * with unread bytes resets it). Flow bodies always carry an `ftp:` target, so
 * no request ever starts a browser.
 */
import { connect } from 'node:net';

/** Counts of one fuzz run. */
export interface FuzzReport {
  requests: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** 5xx answers. */
  serverErrors: number;
  /** ECONNRESET / EPIPE, or a connection closed without a complete status line. */
  resets: number;
  /** Any other client-side failure (timeouts included). */
  otherErrors: number;
  /** Up to 10 failing requests, for the report. */
  failures: string[];
  /** Requests per kind. */
  kinds: Record<string, number>;
  elapsedMs: number;
}

/** A deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface FuzzRequest {
  kind: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
  /** Write the body 16 KiB at a time, this many ms apart. */
  paceMs?: number;
}

const FLOW_ID = '00000000-0000-4000-8000-000000000000';
const BODY_ROUTES = ['/api/flows', '/api/env/FUZZ', '/api/gpt-configs/fuzz', '/api/agents/flow-runner', `/api/flows/${FLOW_ID}/tool-calls`, `/api/flows/${FLOW_ID}/rename`, `/api/flows/${FLOW_ID}/run-mode`, '/api/flows/project'];
const GET_ROUTES = ['/api/ping', '/api/version', '/api/tools', '/api/openapi.json', '/api/env', '/api/gpt-configs', '/api/agents', '/api/flows', `/api/flows/${FLOW_ID}`, `/api/flows/${FLOW_ID}/tool-calls`, `/api/flows/${FLOW_ID}/events`, `/api/flows/${FLOW_ID}/video`, `/api/flows/${FLOW_ID}/rerun`];
const HOSTILE_PATHS = ['/api/env/..%2f..%2fetc%2fpasswd', '/api/env/%00', '/api/flows/%E0%A4%A', '/api/gpt-configs/..', '/api/../api/ping', '/api/flows/' + 'a'.repeat(5000), '//api//ping', '/api/flows/x/images/..%2F..%2Fdb', '/api/env/%ZZ', '/api/tools?' + '&a=1'.repeat(2000)];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'FOO'];
const VALUES: unknown[] = [null, true, 0, -1, 1e308, 'x', '', 'a'.repeat(10_000), [], {}, [1, 'a'], { a: 1 }, '${NOPE}', '\u0000', '\ud800'];

function pick<T>(r: () => number, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)]!;
}

/** A body shaped like the route's but with random values; flows always keep an ftp: target (400, no browser). */
function shapedBody(r: () => number, path: string): unknown {
  const v = () => pick(r, VALUES);
  if (path === '/api/flows') {
    const body: Record<string, unknown> = {
      name: r() < 0.7 ? 'fuzz' : v(), initialRunMode: pick(r, ['DETERMINISTIC', 'INSTRUCT', 'AUTONOMOUS', 'X', 1]),
      toolCallsOnStart: r() < 0.5 ? [{ name: pick(r, ['click', 'goBack', 'nope', 1]), parameters: r() < 0.5 ? {} : v() }] : v(),
      customTools: r() < 0.3 ? [{ name: 't', description: 'd', javascript: '1', inputSchema: r() < 0.5 ? { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } } : v() }] : undefined,
      browser: r() < 0.3 ? { using: { type: pick(r, ['device', 'webdriver', 'remoteInstance', 'nope']), url: v(), proxy: v() } } : undefined,
      maxToolCalls: r() < 0.5 ? undefined : v(),
      extra: r() < 0.1 ? v() : undefined,
    };
    body.targetWebsite = 'ftp://fuzz.invalid/';
    return body;
  }
  if (path.startsWith('/api/env')) return { value: r() < 0.5 ? 'fuzz-value' : v() };
  if (path.startsWith('/api/gpt-configs')) return { type: pick(r, ['OPENAI', 'ANTHROPIC', 'ANTHROPIC_AWS_BEDROCK', 'GOOGLE_GEMINI', 'GOOGLE_VERTEX', 'X', 7]), apiKey: v(), modelName: v(), baseUrl: v(), region: v() };
  if (path.startsWith('/api/agents')) return { gptConfigName: v() };
  if (path.endsWith('/tool-calls')) return { name: pick(r, ['click', 'navigate', 'x']), parameters: v() };
  if (path.endsWith('/run-mode')) return { runMode: v() };
  if (path.endsWith('/project')) return { flowIds: r() < 0.5 ? [FLOW_ID] : v(), options: v() };
  return { name: v() };
}

function deep(r: () => number): string {
  const depth = 65 + Math.floor(r() * 100_000);
  return r() < 0.5 ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `{"parameters":${'{"a":'.repeat(Math.min(depth, 150_000))}1${'}'.repeat(Math.min(depth, 150_000))}}`;
}

function garbage(r: () => number): Buffer {
  const kind = Math.floor(r() * 5);
  if (kind === 0) return Buffer.from(Array.from({ length: 1 + Math.floor(r() * 2000) }, () => Math.floor(r() * 256)));
  if (kind === 1) return Buffer.from('{"name": "trunc');
  if (kind === 2) return Buffer.from('{"a":1,}');
  if (kind === 3) return Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
  return Buffer.from('null');
}

/** A query value: percent-encoded, or sent raw (a lone surrogate cannot be encoded: `%ED%A0%80`, malformed on purpose). */
function queryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** The next request of a run (the PRNG decides everything). */
export function fuzzRequest(r: () => number): FuzzRequest {
  const json = { 'content-type': 'application/json' };
  const roll = r();
  if (roll < 0.08) {
    const chunked = r() < 0.5;
    return { kind: 'oversized', method: pick(r, ['POST', 'POST', 'PUT']), path: pick(r, [...BODY_ROUTES, '/api/nowhere', '/api/ping']), headers: json, body: Buffer.alloc(1.5 * 1024 * 1024, 'x'), chunked, paceMs: r() < 0.3 ? 1 : undefined };
  }
  if (roll < 0.2) return { kind: 'deep', method: 'POST', path: pick(r, BODY_ROUTES), headers: json, body: Buffer.from(deep(r)) };
  if (roll < 0.32) return { kind: 'wrong method', method: pick(r, METHODS), path: pick(r, [...GET_ROUTES, ...BODY_ROUTES]), headers: json, body: r() < 0.5 ? Buffer.from('{"a":1}') : undefined };
  if (roll < 0.44) return { kind: 'garbage JSON', method: 'POST', path: pick(r, BODY_ROUTES), headers: r() < 0.8 ? json : { 'content-type': pick(r, ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) }, body: garbage(r), chunked: r() < 0.3 };
  if (roll < 0.52) return { kind: 'hostile path', method: pick(r, ['GET', 'POST', 'DELETE']), path: pick(r, HOSTILE_PATHS), headers: json };
  if (roll < 0.8) {
    const path = pick(r, BODY_ROUTES);
    return { kind: 'shaped body', method: 'POST', path, headers: json, body: Buffer.from(JSON.stringify(shapedBody(r, path)) ?? 'null') };
  }
  if (roll < 0.92) {
    const q = ['limit', 'state', 'runMode', 'name', 'pageToken', 'startedAfter', 'areElementIdsVolatile', 'x'].filter(() => r() < 0.4).map((k) => `${k}=${queryValue(String(pick(r, VALUES)))}`).join('&');
    return { kind: 'query', method: 'GET', path: `${pick(r, GET_ROUTES)}?${q}`, headers: {} };
  }
  return { kind: 'foreign host', method: pick(r, ['GET', 'POST']), path: pick(r, GET_ROUTES), headers: { host: pick(r, ['evil.example', '127.0.0.1.nip.io', '', 'localhost:1:2']), origin: r() < 0.5 ? 'http://evil.example' : 'null' } };
}

interface Outcome { status: number | null; error: string | null }

function send(url: URL, req: FuzzRequest, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const headers: Record<string, string> = { host: `127.0.0.1:${url.port}`, connection: 'close', ...req.headers };
    const body = req.body;
    if (body) {
      if (req.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(body.length);
    }
    const head = `${req.method} ${req.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
    const payload = body && req.chunked ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : body;
    const chunks: Buffer[] = [];
    let error: string | null = null;
    socket.setTimeout(timeoutMs, () => { error ??= 'timeout'; socket.destroy(); });
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', (err: NodeJS.ErrnoException) => { error ??= err.code ?? err.message; });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).subarray(0, 64).toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      resolve({ status: m ? Number(m[1]) : null, error: error ?? (m ? null : 'no status line') });
    });
    socket.write(head);
    if (!payload) return;
    if (req.paceMs === undefined) {
      socket.write(payload);
      return;
    }
    let offset = 0;
    const step = () => {
      if (socket.destroyed || offset >= payload.length) return;
      socket.write(payload.subarray(offset, offset + 16 * 1024));
      offset += 16 * 1024;
      setTimeout(step, req.paceMs);
    };
    step();
  });
}

/** Sends `requests` fuzzed requests, `concurrency` at a time, and counts what came back. */
export async function runFuzz(baseUrl: string, options: { requests: number; seed?: number; concurrency?: number; timeoutMs?: number }): Promise<FuzzReport> {
  const url = new URL(baseUrl);
  const r = rng(options.seed ?? 1);
  const report: FuzzReport = { requests: 0, statuses: {}, serverErrors: 0, resets: 0, otherErrors: 0, failures: [], kinds: {}, elapsedMs: 0 };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < options.requests) {
      next++;
      const req = fuzzRequest(r);
      report.kinds[req.kind] = (report.kinds[req.kind] ?? 0) + 1;
      const out = await send(url, req, options.timeoutMs ?? 30_000);
      report.requests++;
      if (out.status !== null) report.statuses[out.status] = (report.statuses[out.status] ?? 0) + 1;
      const reset = out.error === 'ECONNRESET' || out.error === 'EPIPE' || out.error === 'no status line';
      if (out.status !== null && out.status >= 500) report.serverErrors++;
      if (reset) report.resets++;
      else if (out.error !== null && out.status === null) report.otherErrors++;
      if ((reset || (out.status ?? 0) >= 500 || (out.error !== null && out.status === null)) && report.failures.length < 10) {
        report.failures.push(`${req.kind}: ${req.method} ${req.path.slice(0, 80)}${req.chunked ? ' (chunked)' : ''} -> ${out.status ?? '-'} ${out.error ?? ''}`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  report.elapsedMs = performance.now() - started;
  return report;
}
