import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { CLOSE_AFTER_ANSWER, drainThen } from '../../../plugins/http/server/drain';

/** A server answering 404 after drainThen with small limits; resolves each request's drain outcome. */
async function server(limits: { bytes: number; timeoutMs: number }): Promise<{ server: Server; port: number; outcomes: boolean[] }> {
  const outcomes: boolean[] = [];
  const s = createServer((req, res) => {
    drainThen(req, () => {
      const cut = Boolean((req as unknown as Record<symbol, boolean>)[CLOSE_AFTER_ANSWER]);
      outcomes.push(cut);
      res.writeHead(404, cut ? { connection: 'close' } : {});
      res.end('no');
    }, limits);
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return { server: s, port: (s.address() as AddressInfo).port, outcomes };
}

function send(port: number, head: string, body: Buffer, stallMs = 0): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (c) => { text += c.toString('latin1'); });
    socket.on('error', () => {});
    socket.on('close', () => resolve(text));
    socket.write(head);
    if (stallMs) setTimeout(() => socket.destroy(), stallMs);
    else socket.write(body);
  });
}

test('the answer waits for the body, up to the byte limit, then the connection is marked to close', async () => {
  const { server: s, port, outcomes } = await server({ bytes: 1000, timeoutMs: 5000 });
  try {
    const small = await send(port, 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 500\r\nconnection: close\r\n\r\n', Buffer.alloc(500, 'a'));
    assert.match(small, /^HTTP\/1\.1 404/);
    const declaredTooBig = await send(port, 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 5000\r\n\r\n', Buffer.alloc(10, 'a'));
    assert.match(declaredTooBig, /^HTTP\/1\.1 404/);
    assert.match(declaredTooBig, /connection: close/i);
    assert.deepEqual(outcomes, [false, true]);
  } finally {
    s.close();
  }
});

test('a client that stops sending is answered once the time limit is over', async () => {
  const { server: s, port, outcomes } = await server({ bytes: 1_000_000, timeoutMs: 200 });
  try {
    const t0 = performance.now();
    const text = await send(port, 'POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\nabc', Buffer.alloc(0), 2000);
    assert.match(text, /^HTTP\/1\.1 404/);
    assert.ok(performance.now() - t0 < 1500);
    assert.deepEqual(outcomes, [true]);
  } finally {
    s.close();
  }
});
