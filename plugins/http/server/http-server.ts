/**
 * The HTTP server's lifecycle: mount every ROUTES item, listen on
 * settings.host/port, and stop quickly: idle keep-alive sockets close at
 * once, open streams (SSE, video) are ended, and whatever is still busy
 * after a short grace period is cut.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { KernelSettings } from '../../../kernel/config';
import type { Lifecycle } from '../../../kernel/contracts/lifecycle';
import { StartupError } from '../../../kernel/errors';
import type { Logger } from '../../../kernel/logger';
import type { RouteDefinition } from '../../../lib/http/route-contract';
import { HostGuard } from './host-guard';
import { warmUpRegexWorkers } from '../../../lib/safe-regex/safe-regex';
import { buildRouter } from './router';
import { type HttpServerInfo } from '../../../lib/http/route-contract';

/** How long in-flight requests may take to finish once stop() is called. */
const STOP_GRACE_MS = 2000;

/** The server, as HTTP_SERVER (its address) and as a LIFECYCLE (order 100: after everything it serves). */
export class HttpServer implements HttpServerInfo, Lifecycle {
  readonly name = 'http-server';
  readonly order = 100;
  private server: Server | undefined;
  private port = 0;
  private readonly sockets = new Set<Socket>();
  private readonly openResponses = new Set<ServerResponse>();

  constructor(
    /** Every plugin's routes, read once at start (every plugin has registered by then). */
    private readonly routes: () => RouteDefinition[][],
    private readonly settings: KernelSettings,
    private readonly logger: Logger,
  ) {}

  /** `http://<host>:<port>` of the listening server; a wildcard bind address is shown as 127.0.0.1. */
  url(): string {
    if (!this.server) throw new Error('The HTTP server is not listening (start the kernel first).');
    return `http://${displayHost(this.settings.host)}:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const routes = this.routes().flat();
    const guard = new HostGuard(this.settings.allowedHosts, this.settings.host, () => this.port);
    const listener = buildRouter(routes, {
      guard,
      logger: this.logger,
      bodyLimitBytes: this.settings.bodyLimitBytes,
      onOpenResponse: (res) => {
        this.openResponses.add(res);
        res.once('close', () => this.openResponses.delete(res));
      },
    });
    // Without a Host header the guard answers 403 FORBIDDEN_HOST itself (node would answer a bare 400).
    const server = createServer({ requireHostHeader: false }, listener as never);
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => reject(listenError(err, this.settings.host, this.settings.port));
      server.once('error', onError);
      server.listen(this.settings.port, this.settings.host, () => {
        server.off('error', onError);
        resolve();
      });
    });
    server.on('error', (err) => this.logger.error('HTTP server error', { error: err.message }));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    // Requests may check user regexes from now on (custom tools' patterns): their workers start in the background now.
    warmUpRegexWorkers();
    this.logger.info(`HTTP server listening on ${this.url()}`, { routes: routes.length });
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Streams never finish on their own: end them (the client sees a clean end) and close their sockets.
    for (const res of this.openResponses) {
      res.on('error', () => {});
      if (res.headersSent) {
        res.end();
        res.socket?.end();
      } else {
        res.destroy();
      }
    }
    this.openResponses.clear();
    // Keep-alive sockets become idle as their last answer finishes: close them as they do, until the grace period ends.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => { timer = setTimeout(resolve, STOP_GRACE_MS); });
    await Promise.race([closed, graceOver]);
    clearInterval(sweep);
    clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

function displayHost(host: string): string {
  const h = host.trim();
  if (h === '' || h === '0.0.0.0' || h === '::' || h === '[::]') return '127.0.0.1';
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  if (err.code === 'EADDRINUSE') {
    return new StartupError(`Port ${port} on ${host} is already in use (is another browserflow running?). Stop that process or choose another port with --port.`);
  }
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
    return new StartupError(`Cannot listen on ${host}:${port}: the address is not one of this machine's (${err.code}). Fix settings.host or --host.`);
  }
  if (err.code === 'EACCES') {
    return new StartupError(`Cannot listen on ${host}:${port}: permission denied. Use a port above 1023.`);
  }
  return new StartupError(`Cannot listen on ${host}:${port}: ${err.message}`);
}
