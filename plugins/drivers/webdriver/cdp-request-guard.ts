/**
 * The request guard of a WebDriver session on Chromium (the same decision
 * as the Playwright drivers', lib/origins `requestRefusal`): no request whose
 * URL carries an env value goes to an origin the value is not allowed on, and
 * no top-level or frame navigation leaves the flow's `allowedOrigins`.
 *
 * Classic WebDriver sees no requests, and chromedriver's own DevTools
 * command (`goog/cdp/execute`) answers commands but delivers no events, so
 * the guard opens its own DevTools connection to the browser: the
 * `se:cdp` address a Selenium Grid gives, or the local chromedriver's
 * `goog:chromeOptions.debuggerAddress`. (WebDriver BiDi would do, but
 * chromedriver runs BiDi commands only between classic ones: a request paused
 * during a classic navigation would never be answered.) Every tab and
 * embedded frame is attached (auto-attach, paused until its interception is
 * on), and every request of each is paused at the DevTools `Fetch` domain,
 * redirect hops included: refused navigations are answered `204 No Content`
 * (the tab stays where it was), other requests fail with
 * `net::ERR_BLOCKED_BY_CLIENT`.
 */
import WebSocket from 'ws';
import type { FlowSecrets, NavigationPolicy } from '../../../kernel/contracts/browser-driver';
import type { Logger } from '../../../kernel/logger';
import { RequestRefusals, type PausedRequest } from '../../../lib/origins/request-refusals';

/** How long connecting (and each setup command) may take. */
const CONNECT_TIMEOUT_MS = 10_000;

interface CdpMessage {
  id?: number;
  method?: string;
  params?: any;
  sessionId?: string;
  result?: any;
  error?: { message: string };
}

/** The DevTools WebSocket URL of a session's browser, when this machine can reach one; null otherwise. */
export async function devtoolsUrl(capabilities: Record<string, unknown>, local: boolean): Promise<string | null> {
  const seCdp = capabilities['se:cdp'];
  if (typeof seCdp === 'string' && /^wss?:\/\//.test(seCdp)) return seCdp;
  const chrome = capabilities['goog:chromeOptions'] as { debuggerAddress?: unknown } | undefined;
  // A remote endpoint's debuggerAddress is the remote machine's loopback: only the local chromedriver's is reachable.
  if (!local || typeof chrome?.debuggerAddress !== 'string') return null;
  try {
    const answer = await fetch(`http://${chrome.debuggerAddress}/json/version`, { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
    const version = (await answer.json()) as { webSocketDebuggerUrl?: unknown };
    return typeof version.webSocketDebuggerUrl === 'string' ? version.webSocketDebuggerUrl : null;
  } catch {
    return null;
  }
}

/** The decision, the refusals kept and the DevTools answers are lib/origins/request-refusals.ts' (shared with the Playwright drivers). */
export class CdpRequestGuard extends RequestRefusals {
  private socket: WebSocket | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();
  /** Attached sessions: session id -> its target, and the target's frame id when it is a tab (its main frame; null for an embedded frame). */
  private readonly sessions = new Map<string, { targetId: string; tabFrame: string | null }>();
  /** Targets prepared already (a tab open at start may also come through auto-attach). */
  private readonly prepared = new Set<string>();

  constructor(secrets: FlowSecrets | undefined, policy: NavigationPolicy | null, private readonly logger: Logger) {
    super(secrets, policy, (error) => logger.info('A request of a flow\'s browser was blocked', { reason: error.message }));
  }

  /** Connects to the browser at `url` and intercepts every tab and frame, the ones open now and the ones to come. */
  async start(url: string): Promise<void> {
    const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no DevTools connection within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
      socket.once('open', () => { clearTimeout(timer); resolve(); });
      socket.once('error', (err) => { clearTimeout(timer); reject(err); });
    });
    socket.on('message', (data) => this.onMessage(JSON.parse(String(data)) as CdpMessage));
    // A connection that fails later (the browser went away) must not throw out of the process: commands just fail.
    socket.on('error', (err) => this.logger.debug('The DevTools connection of a WebDriver session failed', { error: err.message }));
    socket.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('The DevTools connection closed'));
      this.pending.clear();
    });
    await this.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    // Tabs open already (the first one) are attached by hand: auto-attach covers new ones.
    const { targetInfos } = await this.send('Target.getTargets');
    for (const info of targetInfos as Array<{ targetId: string; type: string; attached: boolean }>) {
      if (info.type !== 'page') continue;
      const { sessionId } = await this.send('Target.attachToTarget', { targetId: info.targetId, flatten: true });
      await this.prepare(sessionId, info.targetId, 'page', false);
    }
  }

  /** Closes the DevTools connection (the browser goes on; requests are no longer paused). */
  close(): void {
    this.socket?.close();
    this.socket = null;
  }

  private send(method: string, params: object = {}, sessionId?: string): Promise<any> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('The DevTools connection is closed'));
    const id = this.nextId++;
    const promise = new Promise<any>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    return promise;
  }

  private onMessage(message: CdpMessage): void {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
      return;
    }
    const params = message.params ?? {};
    if (message.method === 'Target.attachedToTarget') {
      const info = params.targetInfo as { targetId: string; type: string };
      void this.prepare(params.sessionId as string, info.targetId, info.type, Boolean(params.waitingForDebugger));
    } else if (message.method === 'Target.detachedFromTarget') {
      const attached = this.sessions.get(params.sessionId as string);
      this.sessions.delete(params.sessionId as string);
      if (attached) this.prepared.delete(attached.targetId);
    } else if (message.method === 'Fetch.requestPaused' && message.sessionId) {
      const sessionId = message.sessionId;
      void this.answerPaused((method, command) => this.send(method, command, sessionId), params as PausedRequest, this.sessions.get(sessionId)?.tabFrame ?? null);
    }
  }

  /**
   * Intercepts a tab's or frame's requests, asks for the frames it embeds,
   * then lets it run. Other targets (workers, the browser's own) are only let run.
   */
  private async prepare(sessionId: string, targetId: string, type: string, waiting: boolean): Promise<void> {
    try {
      if ((type === 'page' || type === 'iframe') && !this.prepared.has(targetId)) {
        this.prepared.add(targetId);
        this.sessions.set(sessionId, { targetId, tabFrame: type === 'page' ? targetId : null });
        await this.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] }, sessionId);
        await this.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId);
      }
    } catch (err) {
      this.logger.debug('Could not intercept the requests of a target', { type, error: (err as Error).message });
    } finally {
      if (waiting) await this.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined);
    }
  }
}
