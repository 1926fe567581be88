/**
 * GET /api/env-usage: which flows use each environment variable (the
 * Settings page's "Used by"). Counted over every stored flow through the
 * storage's env-var index: each variable costs one index count and one read
 * of its 3 newest flows, whatever the number of flows. Not under
 * /api/env/...: that path would shadow a variable named `usage`.
 */
import * as v from 'valibot';
import type { RouteDefinition } from '../../../lib/http/route-contract';
import type { Storage } from '../../../kernel/contracts/storage';

/** How many recent flows each variable lists. */
const RECENT = 3;

/** One variable's usage. */
export interface EnvUsage {
  /** Stored flows whose `envVars` name the variable. */
  flowCount: number;
  /** The newest of them (createdAt), at most 3. */
  recentFlows: Array<{ id: string; name: string }>;
}

/** The answer's schema (OpenAPI). */
export const EnvUsageMap = v.record(v.string(), v.object({
  flowCount: v.number(),
  recentFlows: v.array(v.object({ id: v.string(), name: v.string() })),
}));

/** Usage of every stored variable, sorted by name. */
export async function envUsage(storage: Storage): Promise<Record<string, EnvUsage>> {
  const names = (await storage.env.entries()).map(([name]) => name);
  const out: Record<string, EnvUsage> = {};
  await Promise.all(names.map(async (name) => {
    const [flowCount, page] = await Promise.all([storage.flows.count({ envVar: name }), storage.flows.list({ envVar: name, limit: RECENT })]);
    out[name] = { flowCount, recentFlows: page.flows.map((f) => ({ id: f.id, name: f.name })) };
  }));
  // Key order as stored, sorted (Promise.all fills `out` out of order).
  return Object.fromEntries(names.map((n) => [n, out[n]!]));
}

/** The route, on the config plugin's storage. */
export function envUsageRoute(storage: () => Storage): RouteDefinition {
  return {
    method: 'GET', path: '/api/env-usage', summary: 'Which flows use each environment variable: `{KEY: {flowCount, recentFlows: [{id, name}]}}`',
    tags: ['configuration'],
    responses: { 200: { description: 'Key -> usage (every stored variable; no value)', schema: EnvUsageMap } },
    handler: async () => ({ json: await envUsage(storage()) }),
  };
}
