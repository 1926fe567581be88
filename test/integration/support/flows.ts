/** Helpers for flow tests over HTTP: create, poll until a state, read records. */
import assert from 'node:assert/strict';

export interface Requester {
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: any; text: string }>;
}

/** Polls GET /api/flows/{id} until `done(flow)` holds; fails after `timeoutMs`. */
export async function waitForFlow(svc: Requester, id: string, done: (flow: any) => boolean, timeoutMs = 30_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  let flow: any;
  while (Date.now() < until) {
    const res = await svc.request('GET', `/api/flows/${id}`);
    assert.equal(res.status, 200, res.text);
    flow = res.body;
    if (done(flow)) return flow;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`flow ${id} did not reach the expected condition within ${timeoutMs} ms; last state ${flow?.state} ${JSON.stringify(flow?.result)}`);
}

export const isFinished = (f: any) => f.state === 'SUCCESS' || f.state === 'FAILED';

/** Creates a flow (asserting 201) and waits until it has finished. */
export async function runFlow(svc: Requester, body: unknown, timeoutMs = 30_000): Promise<any> {
  const res = await svc.request('POST', '/api/flows', body);
  assert.equal(res.status, 201, res.text);
  return waitForFlow(svc, res.body.id, isFinished, timeoutMs);
}

/** A DETERMINISTIC flow body on the given site. */
export function deterministic(site: string, path: string, calls: Array<{ name: string; parameters?: Record<string, unknown> }>, extra: Record<string, unknown> = {}) {
  return {
    name: `test ${path}`,
    targetWebsite: site + path,
    initialRunMode: 'DETERMINISTIC',
    toolCallsOnStart: calls.map((c) => ({ name: c.name, parameters: c.parameters ?? {} })),
    ...extra,
  };
}
