/** Server-Sent Events for tests: read a whole stream, or hold one open. */
import { request, type ClientRequest, type IncomingMessage } from 'node:http';

export interface SseEvent { event: string; data: any; id: string }

/** Parses complete `\n\n`-terminated blocks out of `buf`; returns the rest. */
function parseBlocks(buf: string, out: SseEvent[]): string {
  let i: number;
  while ((i = buf.indexOf('\n\n')) >= 0) {
    const block = buf.slice(0, i);
    buf = buf.slice(i + 2);
    const fields = Object.fromEntries(block.split('\n').filter((l) => l && !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
    if (fields.event) out.push({ event: fields.event, data: JSON.parse(fields.data), id: fields.id });
  }
  return buf;
}

/** Reads the whole stream until the server ends it; also returns the raw text. */
export function readEvents(url: string, timeoutMs = 30_000): Promise<{ events: SseEvent[]; text: string }> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    let text = '';
    const req = request(url, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; buf = parseBlocks(buf + chunk, events); });
      res.on('end', () => { clearTimeout(timer); resolve({ events, text }); });
    });
    const timer = setTimeout(() => { req.destroy(); reject(new Error(`stream did not end within ${timeoutMs} ms; got ${events.map((e) => e.event).join(',')}`)); }, timeoutMs);
    req.on('error', reject);
    req.end();
  });
}

/** An open stream: its status, and a way to close it. */
export interface OpenStream {
  status: number;
  /** The JSON body when the answer was not a stream (an error). */
  body: any;
  res: IncomingMessage;
  close(): void;
}

/** Opens a stream and resolves as soon as the status line arrived (the body of an error is read whole). */
export function openStream(url: string, timeoutMs = 10_000): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let req: ClientRequest | undefined = undefined;
    req = request(url, { headers: { accept: 'text/event-stream' }, agent: false }, (res) => {
      clearTimeout(timer);
      const close = () => { res.destroy(); req!.destroy(); };
      if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        res.on('error', () => {});
        resolve({ status: res.statusCode ?? 0, body: undefined, res, close });
        return;
      }
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { text += c; });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, res, close }));
    });
    const timer = setTimeout(() => { req!.destroy(); reject(new Error(`no answer within ${timeoutMs} ms`)); }, timeoutMs);
    req.on('error', reject);
    req.end();
  });
}

/** Collects the events of an open stream as they arrive (the array grows), and its raw text so far. */
export function collectEvents(stream: OpenStream): { events: SseEvent[]; text: () => string } {
  const events: SseEvent[] = [];
  let text = '';
  let buf = '';
  stream.res.setEncoding('utf8');
  stream.res.on('data', (chunk: string) => { text += chunk; buf = parseBlocks(buf + chunk, events); });
  return { events, text: () => text };
}
