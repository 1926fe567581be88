/** Ports for tests that need "nothing listens here". */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback port nothing listens on: bound, then released. Take it after
 * the test's own servers are listening, or one of them could be handed the
 * port just freed.
 */
export async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
