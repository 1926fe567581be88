/**
 * 2FA codes and structured results, over HTTP through the real service and
 * real Chromium on the session test site: a `kind: "totp"` variable types
 * the current RFC 6238 code that the site verifies with `otpauth` (and so
 * does the generated test); `extract` reads typed, validated data, the
 * rerun reads it again without a model; an AUTONOMOUS flow extracts with
 * refs and completes with a `result` checked against its `resultSchema`.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startSessionSite, TOTP_SECRET, type SessionSite } from '../fixtures/session-site/serve';
import { createFakeLlmServer, type FakeLlmServer, type RecordedRequest } from '../fixtures/fake-llm/fake-llm-server';
import { deterministic, runFlow } from './support/flows';
import { autonomous, pageTextOf, useFakeModel, userTextOf } from './support/autonomous';
import { runGeneratedSpec } from './support/playwright-test';
import { readZip } from '../unit/codegen/fixtures/zip-reader';
import { assertServedRecords } from '../helpers/record-shape';

const OTP_URI = `otpauth://totp/Shop:alice?secret=${TOTP_SECRET}&issuer=Shop&algorithm=SHA1&digits=6&period=30`;

const PRODUCT_SCHEMA = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    price: { type: 'number', minimum: 0 },
    stock: { type: 'integer' },
    available: { type: 'boolean' },
  },
  required: ['title', 'price', 'stock'],
  additionalProperties: false,
};
const PRODUCT = { title: 'Blue Widget', price: 1042.5, stock: 7, available: true };

let svc: RunningService;
let site: SessionSite;

function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (readFileSync(p).includes(needle)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

describe('2FA codes and structured results', () => {
  before(async () => {
    site = await startSessionSite();
    svc = await startService({ settings: { flows: { video: false } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('a totp variable is stored, checked and never shown but by GET /api/env/{key}', async () => {
    const put = await svc.request('POST', '/api/env/OTP', { value: TOTP_SECRET, kind: 'totp' });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual(put.body, { key: 'OTP', value: '****', kind: 'totp', allowedOrigins: null });
    // A totp variable is bound to origins like any value (issue 21).
    const uri = await svc.request('POST', '/api/env/OTP_URI', { value: OTP_URI, kind: 'totp', allowedOrigins: [new URL(site.url).origin] });
    assert.equal(uri.status, 200, uri.text);
    assert.deepEqual(uri.body, { key: 'OTP_URI', value: '****', kind: 'totp', allowedOrigins: [new URL(site.url).origin] });
    assert.equal((await svc.request('POST', '/api/env/OTP_BANK', { value: TOTP_SECRET, kind: 'totp', allowedOrigins: ['https://bank.example'] })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/PLAIN', { value: 'just-a-value' })).body.kind, 'plain');

    const list = await svc.request('GET', '/api/env');
    assert.equal(list.body.OTP, '****');
    assert.equal(list.body.OTP_URI, '****');
    assert.equal(list.body.PLAIN, 'just-a-value');
    assert.deepEqual((await svc.request('GET', '/api/env/OTP')).body, { key: 'OTP', value: TOTP_SECRET, kind: 'totp', allowedOrigins: null });
    assert.deepEqual((await svc.request('GET', '/api/env/PLAIN')).body, { key: 'PLAIN', value: 'just-a-value', kind: 'plain', allowedOrigins: null });

    for (const [value, why] of [['not base32!', /^value: expected a base32 secret/], ['ABCDEFGH', /^value: the secret is shorter than 80 bits/],
      ['otpauth://hotp/x?secret=JBSWY3DPEHPK3PXPJBSWY3DP&counter=1', /^value: an otpauth:\/\/hotp\//], ['otpauth://totp/x?secret=', /^value: /]] as const) {
      const bad = await svc.request('POST', '/api/env/BAD_OTP', { value, kind: 'totp' });
      assert.equal(bad.status, 400, `${value}: ${bad.text}`);
      assert.match(bad.body.message, why);
    }
    assert.equal((await svc.request('GET', '/api/env/BAD_OTP')).status, 404, 'a refused value changes nothing');
    const kind = await svc.request('POST', '/api/env/BAD_OTP', { value: 'x', kind: 'hotp' });
    assert.equal(kind.status, 400);
    assert.match(kind.body.message, /^kind: /);
    // Replacing a totp variable by a plain one drops its kind.
    assert.equal((await svc.request('POST', '/api/env/PLAIN', { value: TOTP_SECRET, kind: 'totp' })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/PLAIN', { value: 'plain-again' })).status, 200);
    assert.equal((await svc.request('GET', '/api/env/PLAIN')).body.kind, 'plain');
  });

  let otpFlow: any;

  test('${OTP} types the current code, which the site accepts; records keep ${OTP}', async () => {
    const calls = [
      { name: 'type', parameters: { selector: '#code', text: '${OTP}' } },
      { name: 'click', parameters: { selector: 'button[type=submit]' } },
      { name: 'assertText', parameters: { text: 'Code accepted' } },
    ];
    otpFlow = await runFlow(svc, deterministic(site.url, '/2fa', calls, { name: '2fa', envVars: ['OTP'] }), 60_000);
    assert.equal(otpFlow.state, 'SUCCESS', JSON.stringify(otpFlow.result));
    assert.deepEqual(otpFlow.totpEnvVars, ['OTP']);
    assert.equal(site.codes.accepted.length, 1, `accepted ${site.codes.accepted}, refused ${site.codes.refused}`);
    const code = site.codes.accepted[0]!;
    const recorded = await svc.request('GET', `/api/flows/${otpFlow.id}/tool-calls`);
    assert.equal(recorded.body[0].parameters.text, '${OTP}');
    for (const secret of [TOTP_SECRET, code]) {
      assert.ok(!recorded.text.includes(secret), `a tool call shows ${secret}`);
      assert.ok(!(await svc.request('GET', `/api/flows/${otpFlow.id}`)).text.includes(secret));
      assert.ok(!svc.logs.join('\n').includes(secret), `the logs show ${secret}`);
    }
    assert.deepEqual(filesContaining(join(svc.dataDir, 'flows'), TOTP_SECRET), []);

    // The otpauth:// form works the same, on the origin it is allowed on.
    const viaUri = await runFlow(svc, deterministic(site.url, '/2fa', calls.map((c) => (c.name === 'type' ? { ...c, parameters: { ...c.parameters, text: '${OTP_URI}' } } : c)), { envVars: ['OTP_URI'] }), 60_000);
    assert.equal(viaUri.state, 'SUCCESS', JSON.stringify(viaUri.result));
    // A code bound to another origin is not typed here: the call fails SECRET_NOT_ALLOWED.
    const elsewhere = await runFlow(svc, deterministic(site.url, '/2fa', calls.slice(0, 1).map((c) => ({ ...c, parameters: { ...c.parameters, text: '${OTP_BANK}' } })), { envVars: ['OTP_BANK'] }), 60_000);
    assert.equal(elsewhere.state, 'FAILED', JSON.stringify(elsewhere.result));
    const [refused] = (await svc.request('GET', `/api/flows/${elsewhere.id}/tool-calls`)).body;
    assert.equal(refused.outcome.code, 'SECRET_NOT_ALLOWED', JSON.stringify(refused.outcome));
    assert.match(refused.outcome.message, /\$\{OTP_BANK\} may be used only on https:\/\/bank\.example/);
  });

  test('the generated test computes the code from process.env.OTP with otpauth and passes', async () => {
    const code = await svc.request('GET', `/api/flows/${otpFlow.id}/code`);
    assert.equal(code.status, 200, code.text);
    assert.match(code.text, /import \* as OTPAuth from 'otpauth';/);
    assert.match(code.text, /\.fill\(totp\('OTP'\)\)/);
    assert.ok(!code.text.includes(TOTP_SECRET));
    const accepted = site.codes.accepted.length;
    const run = await runGeneratedSpec(code.text, { OTP: TOTP_SECRET, BASE_URL: site.url }, 'totp');
    assert.equal(run.code, 0, run.output);
    assert.equal(site.codes.accepted.length, accepted + 1, 'the page verified the generated test\'s code');

    const zip = await svc.request('POST', '/api/flows/project', { flowIds: [otpFlow.id] });
    assert.equal(zip.status, 200, zip.text);
    const files = readZip(zip.body as Buffer);
    assert.match(files.get('package.json')!.toString(), /"otpauth": "\^9/);
    assert.match(files.get('.env.example')!.toString(), /# OTP: a TOTP secret/);
    for (const bytes of files.values()) assert.ok(!bytes.includes(TOTP_SECRET));
  });

  let extractFlow: any;

  test('extract reads typed, validated data into result.data and records field -> element', async () => {
    const fields = { title: { selector: '#title' }, price: { selector: ['#gone', '.price'] }, stock: { selector: '#stock' }, available: { selector: '#available' } };
    extractFlow = await runFlow(svc, deterministic(site.url, '/product', [{ name: 'extract', parameters: { schema: PRODUCT_SCHEMA, fields } }], { name: 'product' }), 60_000);
    assert.equal(extractFlow.state, 'SUCCESS', JSON.stringify(extractFlow.result));
    assert.deepEqual(extractFlow.result.data, PRODUCT);
    const [call] = (await svc.request('GET', `/api/flows/${extractFlow.id}/tool-calls`)).body;
    assert.deepEqual(call.outcome.data, PRODUCT);
    assert.deepEqual(Object.keys(call.outcome.fieldSelectors), ['title', 'price', 'stock', 'available']);
    for (const list of Object.values(call.outcome.fieldSelectors) as string[][]) {
      assert.ok(list.length >= 1, JSON.stringify(list));
      // A data element is found by where it is, not by the value it shows (which changes).
      for (const s of list) assert.ok(!/Blue Widget|In stock|1,042|fingerprint=/.test(s), s);
    }
    assert.equal(extractFlow.result.healed[0]?.recorded, '#gone', 'the price failed over');
    await assertServedRecords(svc, extractFlow.id);
  });

  test('extract refuses data that does not match its schema, and malformed schemas with 400', async () => {
    const schema = { ...PRODUCT_SCHEMA, properties: { ...PRODUCT_SCHEMA.properties, price: { type: 'number', maximum: 100 } } };
    const fields = { title: { selector: '#title' }, price: { selector: '#price' }, stock: { selector: '#stock' } };
    const failed = await runFlow(svc, deterministic(site.url, '/product', [{ name: 'extract', parameters: { schema, fields } }]), 60_000);
    assert.equal(failed.state, 'FAILED');
    assert.equal(failed.result.error.code, 'TOOL_CALL_FAILED');
    assert.match(failed.result.error.message, /data\.price: must be <= 100/);
    assert.equal(failed.result.data, undefined);

    const notANumber = await runFlow(svc, deterministic(site.url, '/product', [{ name: 'extract', parameters: {
      schema: { type: 'object', properties: { title: { type: 'number' } } }, fields: { title: { selector: '#title' } } } }]), 60_000);
    assert.match(notANumber.result.error.message, /fields\.title: no number in "Blue Widget"/);

    const cases: Array<[unknown, RegExp]> = [
      [{ resultSchema: { type: 'object', properties: { x: { type: 'text' } } } }, /^resultSchema\.properties\.x\.type: expected one of/],
      [{ resultSchema: { type: 'object', required: 'x' } }, /^resultSchema\.required: expected an array/],
      [{ resultSchema: 'object' }, /^resultSchema: /],
      [{ toolCallsOnStart: [{ name: 'extract', parameters: { schema: { type: 'array' }, fields: { a: { selector: '#a' } } } }] }, /^toolCallsOnStart\[0\]\.parameters\.schema\.type: must be "object"/],
      [{ toolCallsOnStart: [{ name: 'extract', parameters: { schema: PRODUCT_SCHEMA, fields: { title: { selector: '#t' }, colour: { selector: '#c' } } } }] }, /^toolCallsOnStart\[0\]\.parameters\.fields\.colour: is not a property/],
      [{ toolCallsOnStart: [{ name: 'extract', parameters: { schema: PRODUCT_SCHEMA, fields: { title: { selector: '#t' } } } }] }, /^toolCallsOnStart\[0\]\.parameters\.fields: the schema requires "price"/],
      [{ toolCallsOnStart: [{ name: 'extract', parameters: { fields: {} } }] }, /^toolCallsOnStart\[0\]\.parameters\.fields: needs at least one field/],
    ];
    for (const [extra, message] of cases) {
      const res = await svc.request('POST', '/api/flows', { ...deterministic(site.url, '/product', []), ...(extra as object) });
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, message);
    }
  });

  test('the rerun extracts the same data without a model; the generated test reads it too', async () => {
    const rerun = await svc.request('GET', `/api/flows/${extractFlow.id}/rerun`);
    assert.equal(rerun.status, 200, rerun.text);
    const fields = rerun.body.toolCallsOnStart[0].parameters.fields;
    assert.ok(Array.isArray(fields.title.selector) && fields.title.selector.includes('#title'), JSON.stringify(fields));
    const again = await runFlow(svc, rerun.body, 60_000);
    assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
    assert.deepEqual(again.result.data, PRODUCT);

    const code = await svc.request('GET', `/api/flows/${extractFlow.id}/code`);
    assert.equal(code.status, 200, code.text);
    assert.match(code.text, /const data = \{\};/);
    assert.match(code.text, /data\.stock = textToValue\(await .*\.innerText\(\), \{ type: 'integer' \}, 'stock'\);/);
    assert.match(code.text, /function textToValue\(text, schema, field\)/);
    const spec = code.text.replace("await test.info().attach('extracted data'", "expect(data).toEqual(" + JSON.stringify(PRODUCT) + ");\n    await test.info().attach('extracted data'")
      .replace("import { test } from '@playwright/test';", "import { test, expect } from '@playwright/test';");
    const run = await runGeneratedSpec(spec, { BASE_URL: site.url }, 'extract');
    assert.equal(run.code, 0, run.output);

    const ts = await svc.request('GET', `/api/flows/${extractFlow.id}/code?language=typescript`);
    assert.match(ts.text, /function textToValue\(text: string, schema: \{ type\?: string \| string\[\] \}, field: string\): string \| number \| boolean \| null \{/);
    assert.match(ts.text, /const data: Record<string, unknown> = \{\};/);
  });

  describe('AUTONOMOUS with a resultSchema', () => {
    let fake: FakeLlmServer;
    const page = (req: RecordedRequest) => pageTextOf(fake, req);
    const refOf = (text: string, needle: RegExp) => {
      const line = text.split('\n').find((l) => /\[\d+\]/.test(l) && needle.test(l));
      assert.ok(line, `no ref for ${needle} in:\n${text}`);
      return `ref=${/\[(\d+)\]/.exec(line)![1]}`;
    };

    before(async () => {
      fake = await createFakeLlmServer('openai', [
        (req) => ({ text: 'Read the product fields.', toolCall: { name: 'extract', arguments: {
          instruction: 'the product title, price and stock',
          fields: { title: { selector: refOf(page(req), /Blue Widget/) }, price: { selector: refOf(page(req), /1,042\.50/) }, stock: { selector: refOf(page(req), /In stock/) } },
        } } }),
        { text: 'Done, with a wrong type.', toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'read', result: { title: 'Blue Widget', price: 'cheap', stock: 7 } } } },
        { text: 'Done, without a result: the extract read it.', toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'Read the product' } } },
      ]);
      await useFakeModel(svc, fake, 'fake-extract');
    });
    after(async () => fake?.close());

    test('refs become recorded elements, an invalid result is refused with the reason, the flow ends with result.data', async () => {
      const schema = { type: 'object', properties: { title: { type: 'string' }, price: { type: 'number' }, stock: { type: 'integer' } }, required: ['title', 'price', 'stock'] };
      const flow = await runFlow(svc, autonomous(site.url, '/product', 'Read the product title, price and stock', { resultSchema: schema }), 60_000);
      const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
      assert.equal(flow.state, 'SUCCESS', `${JSON.stringify(flow.result)}\n${JSON.stringify(calls.map((c: any) => [c.name, c.parameters, c.outcome?.message]))}`);
      assert.deepEqual(flow.result.data, { title: 'Blue Widget', price: 1042.5, stock: 7 });
      assert.deepEqual(flow.resultSchema, schema);

      assert.deepEqual(calls.map((c: any) => [c.name, c.outcome.success]), [['extract', true], ['markObjectiveComplete', false], ['markObjectiveComplete', true]]);
      assert.match(calls[0].parameters.fields.title.selector, /^ref=\d+$/);
      for (const list of Object.values(calls[0].outcome.fieldSelectors) as string[][]) for (const s of list) assert.doesNotMatch(s, /^ref=/);
      assert.match(calls[1].outcome.message, /^result\.price: expected number, received string/);
      const modelCalls = fake.requests.filter((r) => r.toolNames.length > 0);
      assert.match(userTextOf(fake, modelCalls[2]!), /result\.price: expected number, received string/, 'the next request shows why');
      assert.match(JSON.stringify(modelCalls[0]!.body), /must match this JSON Schema/, 'the model is told the schema');

      const rerun = (await svc.request('GET', `/api/flows/${flow.id}/rerun`)).body;
      assert.deepEqual(rerun.toolCallsOnStart.map((c: any) => c.name), ['extract']);
      assert.deepEqual(rerun.resultSchema, schema);
      const before = fake.requests.length;
      const again = await runFlow(svc, rerun, 60_000);
      assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
      assert.deepEqual(again.result.data, flow.result.data);
      assert.equal(fake.requests.length, before, 'no model call');
    });
  });
});
