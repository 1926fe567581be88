/** Helpers for run tests over HTTP: record the QA site's flows, wait for runs. */
import assert from 'node:assert/strict';
import { deterministic, runFlow, type Requester } from './flows';

/** Polls GET /api/runs/{id} until `done(run)` holds. */
export async function waitForRun(svc: Requester, id: string, done: (run: any) => boolean = (r) => r.state !== 'RUNNING', timeoutMs = 120_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  let run: any;
  while (Date.now() < until) {
    const res = await svc.request('GET', `/api/runs/${id}`);
    assert.equal(res.status, 200, res.text);
    run = res.body;
    if (done(run)) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`run ${id} did not reach the expected condition within ${timeoutMs} ms; last ${JSON.stringify(run)}`);
}

/** Starts a run (asserting 201) and waits until it has ended. */
export async function runToEnd(svc: Requester, body: unknown, timeoutMs = 120_000): Promise<any> {
  const res = await svc.request('POST', '/api/runs', body);
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.state, 'RUNNING');
  return waitForRun(svc, res.body.id, (r) => r.state !== 'RUNNING', timeoutMs);
}

/** The three recordings of the QA site: sign in, buy, and the flaky page. */
export function qaFlows(site: string) {
  return {
    login: deterministic(site, '/login', [
      { name: 'type', parameters: { selector: '#user', text: 'ann' } },
      { name: 'click', parameters: { selector: '#sign-in' } },
      { name: 'assertText', parameters: { text: 'Welcome, ann' } },
    ], { name: 'sign in', tags: ['smoke'] }),
    buy: deterministic(site, '/buy', [
      { name: 'click', parameters: { selector: '#buy' } },
      { name: 'assertText', parameters: { text: 'Thank you' } },
    ], { name: 'buy', tags: ['smoke', 'shop'] }),
    flaky: deterministic(site, '/flaky', [
      { name: 'click', parameters: { selector: '#go' } },
      { name: 'assertText', parameters: { text: 'Done' } },
    ], { name: 'flaky page', tags: ['flaky'] }),
  };
}

/** Records one flow and asserts it passed. */
export async function record(svc: Requester, body: unknown): Promise<any> {
  const flow = await runFlow(svc, body, 60_000);
  assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
  return flow;
}
