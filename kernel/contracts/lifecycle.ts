/**
 * Start/stop hook. The kernel starts lifecycles by ascending `order` (ties:
 * plugin order) and stops them in reverse, so storage opens before flows
 * recover and the HTTP server listens last.
 */
export interface Lifecycle {
  /** Shown in startup errors. */
  readonly name: string;
  /** Conventional values: storage 0, drivers 10, kernel flow scheduler 50, HTTP server 100. Default 50. */
  readonly order?: number;
  start?(): Promise<void>;
  /**
   * Called once every lifecycle has started (the HTTP server listens): work
   * that needs the whole service up, such as running flows queued before a
   * restart. A failure is logged; the service stays up.
   */
  ready?(): void | Promise<void>;
  stop?(): Promise<void>;
}
