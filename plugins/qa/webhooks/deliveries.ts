/**
 * Deliveries of webhook events, by the Standard Webhooks specification:
 * a POST of the JSON payload with `webhook-id` (the same `msg_...` on every
 * retry), `webhook-timestamp` (seconds, of this try) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of id.timestamp.body>`, signed by the
 * `standardwebhooks` package). A 2xx answer delivers it; anything else (an
 * error status, a timeout, a refused connection, a redirect: redirects are
 * not followed) is retried after each of `retryDelaysMs` in turn, then the
 * delivery has `failed`. Every try is stored (RUN_STORE deliveries) before
 * the next is planned, so retries resume after a restart.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { Logger } from '../../../kernel/logger';
import type { RunStore } from '../../../lib/qa/run-store';
import type { DeliveryAttempt, DeliveryRecord, WebhookRecord } from '../../../lib/qa/run-types';
import type { Payload } from './payloads';

export interface DeliveryOptions {
  /** Waits before the 2nd, 3rd... try; its length + 1 is the number of tries. */
  retryDelaysMs: number[];
  /** A try without an answer after this long fails (and is retried). */
  timeoutMs: number;
  userAgent: string;
}

/** At most this much of an error answer's body goes into the log of deliveries. */
const ERROR_BODY_CHARS = 200;

export class Deliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;

  constructor(private readonly store: RunStore, private readonly logger: Logger, private readonly options: DeliveryOptions) {}

  /** Sends `payload` to every webhook subscribed to its type. */
  async dispatch(payload: Payload): Promise<void> {
    if (this.stopped) return;
    const hooks = (await this.store.webhooks.entries()).map(([, h]) => h).filter((h) => h.events.includes(payload.type));
    for (const hook of hooks) {
      const delivery: DeliveryRecord = {
        id: `msg_${randomUUID()}`, webhook: hook.name, event: payload.type, payload: JSON.stringify(payload),
        state: 'pending', attempts: [], nextAttemptAt: Date.now(), createdAt: Date.now(),
      };
      await this.store.deliveries.put(delivery);
      void this.attempt(delivery);
    }
  }

  /** Plans the retries of deliveries a stop left pending (due ones at once). */
  async resume(): Promise<void> {
    for (const delivery of await this.store.deliveries.listPending()) this.plan(delivery);
  }

  stop(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    // A try cut short stays pending (not recorded): the next start tries again.
    for (const c of this.inFlight) c.abort();
  }

  private plan(delivery: DeliveryRecord): void {
    if (this.stopped) return;
    const wait = Math.max(0, (delivery.nextAttemptAt ?? Date.now()) - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery);
    }, wait);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(delivery: DeliveryRecord): Promise<void> {
    if (this.stopped) return;
    const hook = await this.store.webhooks.get(delivery.webhook);
    if (!hook) return; // deleted meanwhile: its deliveries went with it
    const number = delivery.attempts.length + 1;
    const result = await this.send(hook, delivery);
    if (result === 'stopped') return;
    const tries = [...delivery.attempts, { attempt: number, ...result }];
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const delay = this.options.retryDelaysMs[number - 1];
    const next: DeliveryRecord = ok
      ? { ...delivery, attempts: tries, state: 'delivered', nextAttemptAt: null }
      : delay === undefined
        ? { ...delivery, attempts: tries, state: 'failed', nextAttemptAt: null }
        : { ...delivery, attempts: tries, state: 'pending', nextAttemptAt: Date.now() + delay };
    await this.store.deliveries.put(next);
    if (next.state === 'failed') this.logger.warn('webhook delivery failed for good', { webhook: hook.name, deliveryId: delivery.id, tries: tries.length, error: result.error });
    if (next.state === 'pending') this.plan(next);
  }

  /** One try: the answer's status (null without one), how long it took, and what went wrong. */
  private async send(hook: WebhookRecord, delivery: DeliveryRecord): Promise<Omit<DeliveryAttempt, 'attempt'> | 'stopped'> {
    const at = Date.now();
    const timestamp = new Date(at);
    const signature = new Webhook(hook.secret).sign(delivery.id, timestamp, delivery.payload);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timer = setTimeout(() => controller.abort(new Error(`no answer within ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
    try {
      const res = await fetch(hook.url, {
        method: 'POST', redirect: 'manual', signal: controller.signal,
        headers: {
          'content-type': 'application/json', 'user-agent': this.options.userAgent,
          'webhook-id': delivery.id, 'webhook-timestamp': String(Math.floor(at / 1000)), 'webhook-signature': signature,
        },
        body: delivery.payload,
      });
      const text = await res.text().catch(() => '');
      const ok = res.status >= 200 && res.status < 300;
      return { at, status: res.status, durationMs: Date.now() - at, error: ok ? null : `HTTP ${res.status}${text ? `: ${text.slice(0, ERROR_BODY_CHARS)}` : ''}` };
    } catch (err) {
      if (this.stopped) return 'stopped';
      const reason = controller.signal.aborted ? (controller.signal.reason as Error)?.message ?? 'aborted' : describeFetchError(err);
      return { at, status: null, durationMs: Date.now() - at, error: reason };
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }
}

/** `fetch failed` names its cause (ECONNREFUSED...) only inside. */
function describeFetchError(err: unknown): string {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  return e.cause?.code ? `${e.cause.code}${e.cause.message ? `: ${e.cause.message}` : ''}` : e.message ?? String(err);
}
