/**
 * /api/webhooks: receivers of the QA loop's events. Creating one answers
 * its signing secret once; every later read masks it. Replacing one keeps
 * its secret unless `rotateSecret` asks for a new one (answered once too).
 */
import * as v from 'valibot';
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import type { Logger } from '../../../kernel/logger';
import { invalidRequest, apiError } from '../../../kernel/errors';
import type { RunStore } from '../../../lib/qa/run-store';
import { WEBHOOK_EVENTS, type WebhookRecord } from '../../../lib/qa/run-types';
import { QueryInteger } from '../../../lib/validation/validation';
import { newSecret, webhookView } from './secrets';

const ERR = { description: 'Error `{code, message}`' };
const tags = ['webhooks'];

const WebhookName = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(100, 'must be at most 100 characters'),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must start with a letter or digit and contain only letters, digits, ".", "_" and "-"'));
const Params = v.object({ name: WebhookName });
export const WebhookBody = v.strictObject({
  url: v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(2048, 'must be at most 2048 characters'), v.description('http(s) URL that receives the POSTs')),
  events: v.pipe(v.array(v.picklist(WEBHOOK_EVENTS, `expected one of ${WEBHOOK_EVENTS.join(', ')}`)), v.minLength(1, 'needs at least one event'), v.transform((e) => [...new Set(e)])),
  rotateSecret: v.optional(v.boolean()),
});
const WebhookDoc = v.object({ name: v.string(), url: v.string(), events: v.array(v.picklist(WEBHOOK_EVENTS)), secret: v.pipe(v.string(), v.description('`whsec_...` in the answer that made it, `whsec_****` afterwards')), createdAt: v.number(), updatedAt: v.number() });
const DeliveryDoc = v.looseObject({
  id: v.string(), event: v.picklist(WEBHOOK_EVENTS), state: v.picklist(['pending', 'delivered', 'failed']),
  status: v.nullable(v.number()), attempt: v.number(), durationMs: v.nullable(v.number()), error: v.nullable(v.string()),
  attempts: v.array(v.object({ attempt: v.number(), at: v.number(), status: v.nullable(v.number()), durationMs: v.number(), error: v.nullable(v.string()) })),
  nextAttemptAt: v.nullable(v.number()), createdAt: v.number(),
});

function checkUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidRequest('url: expected an absolute http or https URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidRequest(`url: scheme "${parsed.protocol}" is not allowed; use http or https`);
  return parsed.href;
}

async function getHook(store: RunStore, name: string): Promise<WebhookRecord> {
  const hook = await store.webhooks.get(name);
  if (!hook) throw apiError('NOT_FOUND', { what: 'webhook', id: name });
  return hook;
}

export function webhookRoutes(store: () => RunStore, logger: () => Logger): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/webhooks', summary: 'Every webhook, by name (secrets masked)', tags,
      responses: { 200: { description: 'Webhooks', schema: v.array(WebhookDoc) } },
      handler: async () => ({ json: (await store().webhooks.entries()).map(([, h]) => webhookView(h)) }),
    }),
    defineRoute({
      method: 'POST', path: '/api/webhooks/:name', summary: 'Create or replace a webhook; a new signing secret is answered once', tags, params: Params, body: WebhookBody,
      responses: { 200: { description: 'Replaced (secret masked unless rotated)', schema: WebhookDoc }, 201: { description: 'Created, with its secret', schema: WebhookDoc }, 400: ERR },
      async handler({ params, body }) {
        const url = checkUrl(body.url);
        const previous = await store().webhooks.get(params.name);
        const fresh = !previous || body.rotateSecret === true;
        const now = Date.now();
        const hook: WebhookRecord = { name: params.name, url, events: body.events, secret: fresh ? newSecret() : previous.secret, createdAt: previous?.createdAt ?? now, updatedAt: now };
        logger().addSecret(hook.secret);
        await store().webhooks.put(hook.name, hook);
        return { status: previous ? 200 : 201, json: webhookView(hook, fresh) };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/webhooks/:name', summary: 'One webhook (secret masked)', tags, params: Params, paramsErrorCode: 'NOT_FOUND',
      responses: { 200: { description: 'The webhook', schema: WebhookDoc }, 404: ERR },
      handler: async ({ params }) => ({ json: webhookView(await getHook(store(), params.name)) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/api/webhooks/:name', summary: 'Delete a webhook and its log of deliveries (pending retries stop)', tags, params: Params, paramsErrorCode: 'NOT_FOUND',
      responses: { 204: { description: 'Deleted' }, 404: ERR },
      async handler({ params }) {
        await getHook(store(), params.name);
        await store().webhooks.delete(params.name);
        await store().deliveries.deleteWebhook(params.name);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/webhooks/:name/deliveries', summary: 'The webhook\'s deliveries, newest first, each with its tries (status, attempt, duration, error)', tags,
      params: Params, paramsErrorCode: 'NOT_FOUND',
      query: v.strictObject({ limit: v.optional(v.pipe(QueryInteger, v.minValue(1, 'must be from 1 to 200'), v.maxValue(200, 'must be from 1 to 200')), 50) }),
      responses: { 200: { description: 'Deliveries', schema: v.array(DeliveryDoc) }, 404: ERR },
      async handler({ params, query }) {
        await getHook(store(), params.name);
        const list = await store().deliveries.list(params.name, query.limit);
        return {
          json: list.map(({ payload: _payload, webhook: _webhook, ...d }) => {
            const last = d.attempts.at(-1);
            return { ...d, status: last?.status ?? null, attempt: d.attempts.length, durationMs: last?.durationMs ?? null, error: last?.error ?? null };
          }),
        };
      },
    }),
  ];
}
