import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GeminiProvider } from '../../../plugins/llm/google/gemini-provider';
import { seenByModel } from '../../fixtures/fake-llm/fake-llm-server';
import { providerContractSuite, requestOf, silentLogger, withFake } from './provider-contract';

providerContractSuite({
  protocol: 'gemini',
  create: ({ baseUrl }) => new GeminiProvider({ baseUrl, logger: silentLogger() }),
  wrongCredentials: { apiKey: 'AIza-wrong-key-0123456789' },
  baseUrlOf: (fake) => fake.url,
  malformedName: 'unknown',
});

const T = { timeout: 15_000 };

test('gemini: tool schemas reach the API without the keywords it rejects', T, () =>
  withFake('gemini', [{ text: 'ok' }], async (fake) => {
    await new GeminiProvider({ logger: silentLogger() }).complete(fake.gptConfig(), {
      ...requestOf([{ role: 'user', content: 'Hi' }]),
      tools: [{
        name: 'fill',
        description: 'Fills a form.',
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          additionalProperties: false,
          $defs: { field: { type: 'object', properties: { selector: { type: 'string' }, value: { type: ['string', 'null'] } }, additionalProperties: false } },
          properties: {
            fields: { type: 'array', items: { $ref: '#/$defs/field' } },
            url: { type: 'string', format: 'uri' },
            mode: { const: 'fast' },
          },
          required: ['fields', 'missing'],
        },
      }],
    });
    const schema = seenByModel('gemini', fake.requests[0]!.body).toolSchemas.fill;
    const text = JSON.stringify(schema);
    for (const banned of ['additionalProperties', '$schema', '$ref', '$defs', 'const', '"uri"']) assert.ok(!text.includes(banned), `${banned} in ${text}`);
    assert.deepEqual(schema.required, ['fields']);
    assert.equal(schema.properties.fields.items.properties.value.nullable, true);
    assert.deepEqual(schema.properties.mode.enum, ['fast']);
  }));

test('gemini: thought signatures of function calls are sent back with them', T, () =>
  withFake('gemini', [{ toolCall: { name: 'click', arguments: { selector: '#a' } } }, { text: 'done' }], async (fake) => {
    const provider = new GeminiProvider({ logger: silentLogger() });
    const first = await provider.complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Click a' }]));
    const call = first.toolCalls[0]!;
    assert.deepEqual(call.providerData, { thoughtSignature: 'c2lnLSR71' }, 'the signature travels with the call');
    await provider.complete(fake.gptConfig(), requestOf([
      { role: 'user', content: 'Click a' },
      { role: 'assistant', content: null, toolCalls: [call] },
      { role: 'tool', toolCallId: call.id, name: 'click', content: 'clicked' },
    ]));
    const contents = fake.requests[1]!.body.contents;
    const modelPart = contents[1].parts[0];
    assert.equal(modelPart.functionCall.name, 'click');
    assert.equal(modelPart.thoughtSignature, 'c2lnLSR71', 'the signature the fake sent with call 1');
    // A made-up id is not sent back: the API never issued it.
    assert.equal(modelPart.functionCall.id, undefined);
    assert.deepEqual(contents[2].parts[0].functionResponse, { name: 'click', response: { output: 'clicked' } });
  }));

test('gemini: a malformed call is replayed as text so the API does not reject the history', T, () =>
  withFake('gemini', [{ malformedArguments: 'click' }, { text: 'retrying' }], async (fake) => {
    const provider = new GeminiProvider({ logger: silentLogger() });
    const request = { ...requestOf([{ role: 'user' as const, content: 'Click' }]), tools: requestOf([]).tools.slice(0, 1) };
    const first = await provider.complete(fake.gptConfig(), request);
    const call = first.toolCalls[0]!;
    assert.equal(call.name, 'click', 'the only offered tool');
    assert.equal(call.arguments, null);
    await provider.complete(fake.gptConfig(), { ...request, messages: [
      ...request.messages,
      { role: 'assistant', content: null, toolCalls: [call] },
      { role: 'tool', toolCallId: call.id, name: 'click', content: 'arguments were malformed', isError: true },
    ] });
    const seen = seenByModel('gemini', fake.requests[1]!.body);
    assert.equal(seen.assistantToolCalls.length, 0);
    assert.equal(seen.toolResults.length, 0);
    assert.ok(seen.userTexts.some((t) => t.includes('arguments were malformed')));
  }));

test('gemini: the API key goes in a header, never in the body or the URL', T, () =>
  withFake('gemini', [{ text: 'ok' }], async (fake) => {
    await new GeminiProvider({ logger: silentLogger() }).complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi' }]));
    const req = fake.requests[0]!;
    assert.equal(req.headers['x-goog-api-key'], fake.credentials.secret);
    assert.ok(!req.path.includes(fake.credentials.secret));
    assert.ok(!req.rawBody.includes(fake.credentials.secret));
  }));
