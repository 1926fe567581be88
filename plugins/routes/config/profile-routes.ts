/**
 * /api/profiles: browser profiles (log in once). Reads answer what a profile
 * is, never a value; POST imports a Playwright storageState JSON (write-only).
 */
import * as v from 'valibot';
import { defineRoute, type RouteDefinition } from '../../../lib/http/route-contract';
import { ProfileNameSchema } from '../../../lib/validation/create-flow-schema';
import type { StorageState } from '../../../kernel/contracts/browser-driver';
import type { ProfileStore } from './profile-store';
import { ProfileSummarySchema } from '../../../lib/profiles/profile-summary-schema';

const tags = ['profiles'];
const ProfileParams = v.strictObject({ name: ProfileNameSchema });

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`));

/** A Playwright storageState: known fields checked, others (partitionKey, indexedDB...) accepted and dropped. */
export const StorageStateBody = v.looseObject({
  cookies: v.optional(v.pipe(v.array(v.looseObject({
    name: Text(4096), value: Text(16_384), domain: v.pipe(Text(255), v.minLength(1, 'must not be empty')), path: v.optional(Text(4096), '/'),
    expires: v.optional(v.number(), -1), httpOnly: v.optional(v.boolean(), false), secure: v.optional(v.boolean(), false),
    sameSite: v.optional(v.picklist(['Strict', 'Lax', 'None'], 'expected Strict, Lax or None'), 'Lax'),
  })), v.maxLength(3000, 'at most 3000 cookies')), []),
  origins: v.optional(v.pipe(v.array(v.looseObject({
    origin: v.pipe(Text(2048), v.regex(/^https?:\/\/[^/\s]+$/, 'must be an http(s) origin: scheme://host[:port]')),
    localStorage: v.optional(v.pipe(v.array(v.object({ name: Text(4096), value: Text(1_000_000) })), v.maxLength(10_000, 'at most 10000 entries')), []),
  })), v.maxLength(500, 'at most 500 origins')), []),
});

/** Only the fields the drivers use, so nothing else of an import is stored. */
function storageStateOf(body: v.InferOutput<typeof StorageStateBody>): StorageState {
  return {
    cookies: body.cookies.map((c) => ({ name: c.name, value: c.value, domain: c.domain, path: c.path, expires: c.expires, httpOnly: c.httpOnly, secure: c.secure, sameSite: c.sameSite })),
    origins: body.origins.map((o) => ({ origin: o.origin, localStorage: o.localStorage.map((e) => ({ name: e.name, value: e.value })) })),
  };
}

export function profileRoutes(store: () => ProfileStore): RouteDefinition[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/profiles', summary: 'Every browser profile: its origins, cookie count, earliest expiry, the flow it came from (never a value)', tags,
      responses: { 200: { description: 'Profiles, sorted by name', schema: v.array(ProfileSummarySchema) } },
      handler: async () => ({ json: await store().list() }),
    }),
    defineRoute({
      method: 'GET', path: '/api/profiles/:name', summary: 'One browser profile (never a value)', tags, params: ProfileParams,
      responses: { 200: { description: 'The profile', schema: ProfileSummarySchema }, 404: { description: 'PROFILE_NOT_FOUND' } },
      handler: async ({ params }) => ({ json: await store().get(params.name) }),
    }),
    defineRoute({
      method: 'POST', path: '/api/profiles/:name', summary: 'Import a Playwright storageState JSON as a browser profile (write-only; replaces one of that name)', tags,
      params: ProfileParams, body: StorageStateBody,
      responses: { 200: { description: 'The stored profile (no value)', schema: ProfileSummarySchema }, 400: { description: 'INVALID_REQUEST naming the field' } },
      handler: async ({ params, body }) => ({ json: await store().import(params.name, storageStateOf(body)) }),
    }),
    defineRoute({
      method: 'DELETE', path: '/api/profiles/:name', summary: 'Delete a browser profile', tags, params: ProfileParams,
      responses: { 204: { description: 'Deleted' }, 404: { description: 'PROFILE_NOT_FOUND' } },
      async handler({ params }) {
        await store().delete(params.name);
        return { status: 204 };
      },
    }),
  ];
}
