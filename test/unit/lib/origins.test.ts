/** lib/origins: origin patterns, env values bound to them, and the request refusal every driver's guard makes. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { normalizeOriginPattern, OriginPatternsSchema, OriginPolicy, originOf, patternAllows, siteOriginPolicy } from '../../../lib/origins/origin-patterns';
import { FlowSecretOrigins, isSecretNotAllowed, requestRefusal, SecretNotAllowedError, type BoundSecret } from '../../../lib/origins/secret-origins';
import { parseOrThrow } from '../../../lib/validation/validation';

test('patterns are normalised as the URL parser writes an origin', () => {
  const cases: Array<[string, string]> = [
    ['HTTPS://Acme.COM', 'https://acme.com'],
    ['https://acme.com:443', 'https://acme.com'],
    ['http://acme.com:80/', 'http://acme.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://*.Acme.com', 'https://*.acme.com'],
    ['https://*.acme.com:8443', 'https://*.acme.com:8443'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    [' * ', '*'],
  ];
  for (const [input, expected] of cases) assert.deepEqual(normalizeOriginPattern(input), { pattern: expected }, input);
});

test('malformed patterns say what is wrong', () => {
  const cases: Array<[string, RegExp]> = [
    ['acme.com', /write scheme:\/\/host\[:port\]/],
    ['ftp://acme.com', /scheme must be http or https/],
    ['https://acme.com/login', /write scheme:\/\/host/],
    ['https://acme.com?x=1', /write scheme:\/\/host/],
    ['https://user:pw@acme.com', /no user or password/],
    ['https://a*.acme.com', /\* may only stand alone or start the host/],
    ['https://*.', /not a valid host|needs a domain name/],
    ['https://*.127.0.0.1', /needs a domain name/],
    ['https://acme.com:99999', /not a valid host/],
    ['https://', /a host is required/],
  ];
  for (const [input, expected] of cases) {
    const result = normalizeOriginPattern(input);
    assert.ok('problem' in result, `${input} was accepted`);
    assert.match(result.problem, expected, input);
  }
});

test('the schema normalises a list and names the bad item', () => {
  assert.deepEqual(v.parse(OriginPatternsSchema, ['https://ACME.com', 'https://acme.com:443', '*']), ['https://acme.com', '*']);
  assert.throws(() => parseOrThrow(v.strictObject({ allowedOrigins: OriginPatternsSchema }), { allowedOrigins: ['https://ok.example', 'ftp://x'] }),
    /allowedOrigins\[1\]: "ftp:\/\/x": the scheme must be http or https/);
  assert.throws(() => parseOrThrow(v.strictObject({ allowedOrigins: OriginPatternsSchema }), { allowedOrigins: [] }), /allowedOrigins: must list at least one/);
  assert.throws(() => parseOrThrow(v.strictObject({ allowedOrigins: OriginPatternsSchema }), { allowedOrigins: Array(51).fill('*') }), /at most 50/);
});

test('matching: exact origins with their port, subdomains for *., anything for *', () => {
  assert.equal(patternAllows('https://acme.com', 'https://acme.com'), true);
  assert.equal(patternAllows('https://acme.com', 'http://acme.com'), false, 'scheme');
  assert.equal(patternAllows('https://acme.com', 'https://acme.com:8443'), false, 'port');
  assert.equal(patternAllows('https://acme.com', 'https://www.acme.com'), false, 'a subdomain needs *.');
  assert.equal(patternAllows('https://*.acme.com', 'https://www.acme.com'), true);
  assert.equal(patternAllows('https://*.acme.com', 'https://a.b.acme.com'), true);
  assert.equal(patternAllows('https://*.acme.com', 'https://acme.com'), false, '*. is subdomains only');
  assert.equal(patternAllows('https://*.acme.com', 'https://evilacme.com'), false);
  assert.equal(patternAllows('https://*.acme.com', 'https://acme.com.evil.test'), false);
  assert.equal(patternAllows('http://127.0.0.1:8080', 'http://127.0.0.1:8080'), true);
  assert.equal(patternAllows('http://127.0.0.1:8080', 'http://localhost:8080'), false);
  assert.equal(patternAllows('*', 'http://anything:1'), true);
  assert.equal(patternAllows('*', 'null'), true);
  assert.equal(patternAllows('https://acme.com', 'null'), false, 'opaque origins match no host');
});

test('origins of URLs: userinfo and paths play no part; blob: is its creator\'s; data: and about: are opaque', () => {
  assert.equal(originOf('https://user:pw@acme.com/x?y#z'), 'https://acme.com');
  assert.equal(originOf('blob:https://acme.com/1234'), 'https://acme.com');
  assert.equal(originOf('data:text/html,hi'), 'null');
  assert.equal(originOf('about:blank'), 'null');
  assert.equal(originOf('not a url'), 'null');
  const policy = new OriginPolicy(['https://acme.com', 'https://*.acme.com']);
  assert.equal(policy.allowsUrl('https://evil.test@acme.com/'), true, 'the host is acme.com');
  assert.equal(policy.allowsUrl('https://acme.com@evil.test/'), false, 'the host is evil.test');
  assert.equal(policy.describe(), 'https://acme.com, https://*.acme.com');
  assert.deepEqual(siteOriginPolicy('http://127.0.0.1:8080/login?x=1').patterns, ['http://127.0.0.1:8080']);
  assert.deepEqual(siteOriginPolicy('file:///tmp/x.html').patterns, [], 'a file: site allows nowhere');
});

const TOKEN = 'tok "Zq9&x" 4242';
const secrets = (): BoundSecret[] => [
  { name: 'TOKEN', value: TOKEN, policy: new OriginPolicy(['https://acme.com']), explicit: false },
  { name: 'PARTNER', value: 'partner-key-777', policy: new OriginPolicy(['https://partner.example', 'https://*.acme.com']), explicit: true },
  { name: 'PIN', value: '42', policy: new OriginPolicy(['https://acme.com']), explicit: true },
];

test('a call carries the variables of its placeholders; refusals name the variable and where it may be used', () => {
  const flow = new FlowSecretOrigins(secrets());
  assert.equal(flow.carried([]), null);
  assert.equal(flow.carried(['NOT_A_FLOW_VARIABLE']), null);
  const carried = flow.carried(['TOKEN', 'PARTNER', 'TOKEN'])!;
  assert.deepEqual(carried.names, ['TOKEN', 'PARTNER']);
  assert.equal(carried.allows('https://acme.com/x'), false, 'PARTNER may not go there');
  assert.doesNotThrow(() => flow.carried(['TOKEN'])!.check('https://acme.com', 'x'));
  let refusal: unknown;
  try { carried.check('https://evil.test', 'a field of https://evil.test'); } catch (err) { refusal = err; }
  assert.ok(refusal instanceof SecretNotAllowedError);
  assert.ok(isSecretNotAllowed(refusal));
  assert.equal((refusal as Error).message, "SECRET_NOT_ALLOWED: ${TOKEN} may be used only on the flow's site (https://acme.com), not a field of https://evil.test; nothing was typed or sent");
  assert.throws(() => carried.check('https://acme.com', 'here'), /\$\{PARTNER\} may be used only on https:\/\/partner\.example, https:\/\/\*\.acme\.com, not here/);
  assert.doesNotMatch(String(refusal), /Zq9/, 'the value is never in a message');
});

test('a request whose URL carries a value, in any spelling, is refused on every origin but the allowed ones', () => {
  const flow = new FlowSecretOrigins(secrets());
  const spellings = [TOKEN, encodeURIComponent(TOKEN), new URLSearchParams({ d: TOKEN }).toString().slice(2), encodeURIComponent(encodeURIComponent(TOKEN))];
  for (const s of spellings) {
    assert.match(String(flow.refuseRequest(`https://evil.test/collect?d=${s}`)), /SECRET_NOT_ALLOWED: \$\{TOKEN\} .* not a request to https:\/\/evil\.test/, s);
    assert.equal(flow.refuseRequest(`https://acme.com/login?d=${s}`), null, `allowed origin: ${s}`);
  }
  assert.equal(flow.refuseRequest('https://evil.test/collect?d=nothing-secret'), null);
  assert.equal(flow.refuseRequest('https://www.acme.com/?k=partner-key-777'), null, 'PARTNER is allowed on subdomains');
  assert.match(String(flow.refuseRequest('https://evil.test/?k=partner-key-777')), /\$\{PARTNER\}/);
  assert.equal(flow.refuseRequest('https://evil.test/?pin=42'), null, 'values under 4 characters cannot be told from other text');
  assert.deepEqual(flow.maskValuesFor('https://acme.com'), [TOKEN], 'masks: the values allowed there, 4 characters or more');
  assert.deepEqual(flow.maskValuesFor('https://www.acme.com'), ['partner-key-777']);
  assert.deepEqual(flow.maskValuesFor('https://evil.test'), []);
});

test('the request refusal: carried values everywhere, allowedOrigins for documents only', () => {
  const flow = new FlowSecretOrigins(secrets());
  const policy = new OriginPolicy(['https://acme.com']);
  assert.equal(requestRefusal('https://cdn.example/app.js', false, flow, policy), null, 'subresources may come from anywhere');
  assert.match(String(requestRefusal('https://evil.test/', true, flow, policy)), /navigation to https:\/\/evil\.test was blocked: the flow's allowedOrigins \(https:\/\/acme\.com\)/);
  assert.equal(requestRefusal('about:blank', true, flow, policy), null);
  assert.equal(requestRefusal('data:text/html,x', true, flow, policy), null);
  assert.match(String(requestRefusal(`https://cdn.example/x?t=${encodeURIComponent(TOKEN)}`, false, flow, null)), /SECRET_NOT_ALLOWED/);
  assert.equal(requestRefusal('https://evil.test/', true, undefined, null), null);
});
