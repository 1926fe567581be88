/** A minimal Server-Sent Events reader over fetch (Node 20), for the CLI. */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

/** Yields every message of the stream until it ends or `signal` aborts. */
export async function* readSse(url: string, signal?: AbortSignal): AsyncGenerator<SseMessage> {
  const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal });
  if (!res.ok || !res.body) throw new Error(`GET ${url} answered ${res.status}`);
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let idx: number;
    while ((idx = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, idx);
      buffer = buffer.slice(idx + 2);
      const msg: SseMessage = { event: 'message', data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') msg.event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') msg.id = value;
      }
      if (!data.length && msg.event === 'message') continue;
      msg.data = data.join('\n');
      yield msg;
    }
  }
}
