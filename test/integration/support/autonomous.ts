/**
 * Helpers for AUTONOMOUS flow tests: point the `flow-runner` agent at a fake
 * LLM server, read what the fake model was shown, and pick refs from the
 * observation text the way a model would.
 */
import assert from 'node:assert/strict';
import { seenByModel, type FakeLlmServer, type RecordedRequest } from '../../fixtures/fake-llm/fake-llm-server';
import type { Requester } from './flows';

/** Stores the fake's GPT configuration as `name` and assigns it to the flow-runner agent. */
export async function useFakeModel(svc: Requester, fake: FakeLlmServer, name: string): Promise<void> {
  const put = await svc.request('POST', `/api/gpt-configs/${name}`, fake.gptConfig());
  assert.equal(put.status, 200, put.text);
  const assign = await svc.request('POST', '/api/agents/flow-runner', { gptConfigName: name });
  assert.equal(assign.status, 200, assign.text);
}

/** An AUTONOMOUS CreateFlow body. */
export function autonomous(site: string, path: string, objective: string, extra: Record<string, unknown> = {}) {
  return { name: `autonomous ${path}`, targetWebsite: site + path, initialRunMode: 'AUTONOMOUS', overallObjective: objective, ...extra };
}

/** The user text the model was shown in a model call (every user turn joined). */
export function userTextOf(fake: FakeLlmServer, request: RecordedRequest): string {
  return seenByModel(fake.protocol, request.body).userTexts.join('\n');
}

/** The observation between `<page>` and `</page>` in the first user turn of a request. */
export function pageTextOf(fake: FakeLlmServer, request: RecordedRequest): string {
  const text = userTextOf(fake, request);
  const start = text.indexOf('<page>');
  const end = text.indexOf('</page>', start);
  assert.ok(start >= 0 && end > start, `no <page> block in the prompt:\n${text.slice(0, 2000)}`);
  return text.slice(start + '<page>'.length, end);
}

/** One addressable element line of an observation: `[12] textbox "Username"` (a leading `*` marks new ones). */
interface RefLine { ref: number; line: string }

function refLines(page: string): RefLine[] {
  const out: RefLine[] = [];
  for (const line of page.split('\n')) {
    const m = /\*?\[(\d+)\]/.exec(line);
    if (m) out.push({ ref: Number(m[1]), line });
  }
  return out;
}

const FIELD = /textbox|input|searchbox|edit|text field/i;

/**
 * The ref of a login-form element, read from the observation like a model
 * would: the line naming it (`Username`, `Password`, a `Sign in` button).
 * When fields carry no name, the n-th text field is taken.
 */
export function loginRef(page: string, what: 'username' | 'password' | 'submit'): string {
  const lines = refLines(page);
  let hit: RefLine | undefined;
  if (what === 'submit') hit = lines.find((l) => /button/i.test(l.line) && /sign in/i.test(l.line));
  else {
    const named = what === 'username' ? /user/i : /pass/i;
    hit = lines.find((l) => FIELD.test(l.line) && named.test(l.line))
      ?? lines.filter((l) => FIELD.test(l.line))[what === 'username' ? 0 : 1];
  }
  assert.ok(hit, `no ${what} element in the observation:\n${page}`);
  return `ref=${hit.ref}`;
}
