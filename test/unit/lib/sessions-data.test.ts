/**
 * The pure parts of sessions and data: typed values out of page text, the
 * form of a user's JSON Schema, TOTP codes against RFC 6238's own test
 * vector, HAR and trace redaction, kept downloads (cap, hash, names), the
 * flow's env values with TOTP codes, profile summaries and WebDriver's
 * origins to visit, and the project layout of browser profiles.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { textToValue } from '../../../lib/json-schema/text-value';
import { checkJsonSchema, checkObjectSchema } from '../../../lib/json-schema/schema-check';
import { parseTotp, totpCode, totpRemainingMs } from '../../../lib/totp/totp';
import { REDACTED, redactHar } from '../../../lib/recordings/redact-har';
import { redactTraceFile } from '../../../lib/recordings/redact-trace';
import { DownloadBudget, keepDownload, mimeTypeOf, safeFileName } from '../../../lib/downloads/downloads';
import { FlowEnv } from '../../../lib/flow-env/flow-env';
import { profileSecrets, withinAllowedOrigins } from '../../../lib/profiles/flow-profiles';
import { FlowSecretOrigins } from '../../../lib/origins/secret-origins';
import { OriginPolicy } from '../../../lib/origins/origin-patterns';
import { summarise } from '../../../plugins/routes/config/profile-store';
import { originsToVisit } from '../../../plugins/drivers/webdriver/storage-state';
import { emptyLayout, missingSetups, placeSpec, profileProjects } from '../../../plugins/codegen/playwright/project-profiles';
import { dataSelectors } from '../../../plugins/tools/browser/extract-tool';

/** RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('textToValue', () => {
  test('numbers, integers, booleans, nulls and strings out of page text', () => {
    assert.equal(textToValue('$1,042.50', { type: 'number' }, 'price'), 1042.5);
    assert.equal(textToValue('Price: 42', { type: 'number' }, 'price'), 42);
    assert.equal(textToValue('−3.5 °C', { type: 'number' }, 't'), -3.5);
    assert.equal(textToValue('1 234 567', { type: 'integer' }, 'n'), 1234567);
    assert.equal(textToValue('In stock: 7', { type: 'integer' }, 'stock'), 7);
    assert.equal(textToValue('  Yes ', { type: 'boolean' }, 'b'), true);
    assert.equal(textToValue('off', { type: 'boolean' }, 'b'), false);
    assert.equal(textToValue('', { type: ['number', 'null'] }, 'n'), null);
    assert.equal(textToValue('  a\n  b ', {}, 's'), 'a b');
    assert.equal(textToValue('12', { type: ['string', 'number'] }, 's'), '12', 'the first type that converts');
  });

  test('what does not convert fails naming the field', () => {
    assert.throws(() => textToValue('call us', { type: 'number' }, 'price'), /^Error: price: no number in "call us"$/);
    assert.throws(() => textToValue('7.5 left', { type: 'integer' }, 'stock'), /stock: 7\.5 in "7\.5 left" is not an integer/);
    assert.throws(() => textToValue('maybe', { type: 'boolean' }, 'b'), /b: "maybe" is not a yes\/no value/);
    assert.throws(() => textToValue('x', { type: 'array' }, 'list'), /list: a field of type array cannot be read/);
    assert.throws(() => textToValue('x'.repeat(100), { type: 'number' }, 'n'), (err: Error) => err.message.length < 120, 'long texts are cut in the message');
  });
});

describe('checkJsonSchema', () => {
  test('well-formed schemas pass; each kind of mistake is named by its path', () => {
    assert.equal(checkJsonSchema({ type: 'object', properties: { a: { type: ['string', 'null'], pattern: '^x', title: 'A' } }, required: ['a'] }, 'resultSchema'), null);
    const cases: Array<[unknown, RegExp]> = [
      ['x', /^s: expected a JSON Schema object$/],
      [{ type: 'text' }, /^s\.type: expected one of/],
      [{ type: [] }, /^s\.type: /],
      [{ minimum: '1' }, /^s\.minimum: expected a number$/],
      [{ maxLength: -1 }, /^s\.maxLength: expected a non-negative integer$/],
      [{ pattern: '(' }, /^s\.pattern: not a valid regular expression/],
      [{ enum: [] }, /^s\.enum: expected a non-empty array$/],
      [{ required: [1] }, /^s\.required: expected an array of property names$/],
      [{ properties: [] }, /^s\.properties: expected an object of schemas$/],
      [{ properties: { a: { items: { type: 'x' } } } }, /^s\.properties\.a\.items\.type: /],
      [{ anyOf: [{}, { type: 1 }] }, /^s\.anyOf\[1\]\.type: /],
      [{ additionalProperties: 'no' }, /^s\.additionalProperties: expected a JSON Schema object$/],
    ];
    for (const [schema, problem] of cases) assert.match(checkJsonSchema(schema, 's') ?? 'valid', problem, JSON.stringify(schema));
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 40; i++) deep = { items: deep };
    assert.match(checkJsonSchema(deep, 's') ?? '', /nested deeper than 32 levels/);
  });

  test('an extract schema is an object with properties', () => {
    assert.match(checkObjectSchema({ type: 'array' }, 'schema') ?? '', /^schema\.type: must be "object"/);
    assert.match(checkObjectSchema({ type: 'object', properties: {} }, 'schema') ?? '', /^schema\.properties: must name at least one property/);
    assert.equal(checkObjectSchema({ type: 'object', properties: { a: {} } }, 'schema'), null);
  });
});

describe('TOTP', () => {
  test('RFC 6238 test vector (SHA-1): the 6-digit codes of 94287082 and 07081804', () => {
    assert.equal(totpCode(RFC_SECRET, 59_000), '287082');
    assert.equal(totpCode(RFC_SECRET, 1_111_111_109_000), '081804');
    assert.equal(totpCode(RFC_SECRET.toLowerCase().replace(/(.{4})/g, '$1 '), 59_000), '287082', 'spaces and lower case are allowed');
    assert.equal(totpRemainingMs(RFC_SECRET, 59_000), 1_000);
  });

  test('an otpauth:// URI says how the codes are made', () => {
    const uri = `otpauth://totp/ACME:alice?secret=${RFC_SECRET}&digits=8&period=30&algorithm=SHA1`;
    assert.equal(totpCode(uri, 59_000), '94287082');
    assert.deepEqual(parseTotp(uri), { base32: RFC_SECRET, algorithm: 'SHA1', digits: 8, period: 30 });
  });

  test('bad secrets are refused with what is wrong', () => {
    assert.throws(() => parseTotp('not base32!'), /expected a base32 secret/);
    assert.throws(() => parseTotp('JBSWY3DP'), /shorter than 80 bits/);
    assert.throws(() => parseTotp(`otpauth://hotp/x?secret=${RFC_SECRET}&counter=1`), /only otpauth:\/\/totp\/ is supported/);
    assert.throws(() => parseTotp('otpauth://totp/x'), /not a valid otpauth:\/\/ URI/);
  });

  test('a flow substitutes the current code and redacts every code it typed, the secret and the bare secret', () => {
    const env = new FlowEnv();
    env.set('OTP', `otpauth://totp/x?secret=${RFC_SECRET}`, 'totp');
    env.set('PASSWORD', 'hunter2-password', 'plain');
    env.hide(['profile-cookie-value']);
    env.seal();
    const now = env.valuesNow(59_000);
    assert.equal(now.get('OTP'), '287082');
    assert.equal(now.get('PASSWORD'), 'hunter2-password');
    const text = `code 287082, secret ${RFC_SECRET}, password hunter2-password, cookie profile-cookie-value`;
    assert.equal(env.redactor.redact(text), 'code ${OTP}, secret ${OTP}, password ${PASSWORD}, cookie ****');
    assert.equal(env.redactor.redact('081804'), '081804', 'a code never typed is left alone');
  });

  test('a TOTP code is bound where its variable is (allowedOrigins): requests elsewhere refused, pictures of allowed origins mask it', () => {
    const secrets = new FlowSecretOrigins([{ name: 'OTP', value: RFC_SECRET, policy: new OriginPolicy(['https://bank.example']), explicit: true }]);
    const heard: string[] = [];
    const env = new FlowEnv((name, code) => { heard.push(`${name}=${code}`); secrets.addValue(name, code); });
    env.set('OTP', RFC_SECRET, 'totp');
    env.seal();
    assert.equal(env.valuesNow(59_000).get('OTP'), '287082');
    env.valuesNow(59_500); // the same code: heard once
    assert.deepEqual(heard, ['OTP=287082']);
    assert.match(String(secrets.refuseRequest('https://evil.example/?c=287082')), /SECRET_NOT_ALLOWED: \$\{OTP\} may be used only on https:\/\/bank.example/);
    assert.equal(secrets.refuseRequest('https://bank.example/verify?c=287082'), null);
    assert.deepEqual(secrets.maskValuesFor('https://bank.example'), [RFC_SECRET, '287082']);
    assert.deepEqual(secrets.maskValuesFor('https://evil.example'), []);
    assert.equal(secrets.carried(['OTP'])!.allows('https://evil.example'), false);
  });
});

describe('HAR and trace redaction', () => {
  const redact = (t: string) => t.replaceAll('tok-123456', '${TOKEN}');
  test('credential headers and cookies are replaced, strings redacted, binary bodies kept', () => {
    const har = { log: { version: '1.2', entries: [{
      request: { url: 'https://x/a?t=tok-123456', headers: [{ name: 'Authorization', value: 'Bearer tok-123456' }, { name: 'Accept', value: 'tok-123456' }],
        cookies: [{ name: 'sid', value: 'abc' }], postData: { text: 'token=tok-123456' } },
      response: { headers: [{ name: 'set-cookie', value: 'sid=abc' }], content: { text: 'eyJ0b2siOiJ0b2stMTIzNDU2In0=', encoding: 'base64' } },
    }] } };
    const out = redactHar(har, redact);
    const e = out.log.entries[0]!;
    assert.equal(e.request.url, 'https://x/a?t=${TOKEN}');
    assert.deepEqual(e.request.headers, [{ name: 'Authorization', value: REDACTED }, { name: 'Accept', value: '${TOKEN}' }]);
    assert.deepEqual(e.request.cookies, [{ name: 'sid', value: REDACTED }]);
    assert.equal(e.request.postData.text, 'token=${TOKEN}');
    assert.equal(e.response.headers[0]!.value, REDACTED);
    assert.equal(e.response.content.text, 'eyJ0b2siOiJ0b2stMTIzNDU2In0=');
    assert.notEqual(out, har, 'a copy');
  });

  test('trace files: JSON lines by structure, text resources as text, binary as is', () => {
    const trace = Buffer.from(`${JSON.stringify({ type: 'before', method: 'fill', params: { value: 'tok-123456' } })}\nnot json tok-123456\n`);
    assert.equal(redactTraceFile('trace.trace', trace, redact).toString(), `${JSON.stringify({ type: 'before', method: 'fill', params: { value: '${TOKEN}' } })}\nnot json \${TOKEN}\n`);
    assert.equal(redactTraceFile('resources/abc.html', Buffer.from('<p>tok-123456</p>'), redact).toString(), '<p>${TOKEN}</p>');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
    assert.equal(redactTraceFile('resources/x.png', png, redact), png);
  });
});

describe('downloads', () => {
  test('kept with their hash within the caps; past them refused and removed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bf-dl-'));
    try {
      const budget = new DownloadBudget({ dir, maxBytesPerFile: 10, maxFiles: 1 });
      const big = await keepDownload(Readable.from([Buffer.alloc(6), Buffer.alloc(6)]), 'big.bin', budget);
      assert.match(big.refused ?? '', /larger than 10 bytes \(settings\.flows\.downloads\.maxBytesPerFile\)/);
      assert.deepEqual(await readdir(dir), [], 'a refused file leaves nothing');
      const ok = await keepDownload(Readable.from([Buffer.from('hello')]), '../../etc/passwd', budget);
      assert.equal(ok.fileName, 'passwd');
      assert.equal(ok.sha256, createHash('sha256').update('hello').digest('hex'));
      assert.equal((await readFile(ok.path!)).toString(), 'hello');
      const third = await keepDownload(Readable.from([Buffer.from('x')]), 'x.txt', budget);
      assert.match(third.refused ?? '', /already kept 1 file \(settings\.flows\.downloads\.maxFilesPerFlow\)/);
      const failing = new Readable({ read() { this.destroy(new Error('connection reset')); } });
      const failed = await keepDownload(failing, 'y.txt', new DownloadBudget({ dir, maxBytesPerFile: 10, maxFiles: 5 }));
      assert.match(failed.refused ?? '', /the download failed \(connection reset\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('names and MIME types', () => {
    assert.equal(safeFileName('a\u0000b"c.txt'), 'a_b_c.txt');
    assert.equal(safeFileName('...'), 'download');
    assert.equal(safeFileName('C:\\x\\report.pdf'), 'report.pdf');
    assert.equal(mimeTypeOf('Report.PDF'), 'application/pdf');
    assert.equal(mimeTypeOf('data.weird'), 'application/octet-stream');
  });
});

describe('browser profiles', () => {
  const state = {
    cookies: [
      { name: 'sid', value: 'long-session-value', domain: '.shop.example', path: '/', expires: 1_900_000_000, httpOnly: true, secure: true, sameSite: 'Lax' as const },
      { name: 'pref', value: 'dark', domain: 'app.example', path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const },
    ],
    origins: [{ origin: 'http://app.example:8080', localStorage: [{ name: 'token', value: 'local-token-1234' }] }],
  };

  test('a summary shows sites, counts and the first expiry, never a value', () => {
    const s = summarise('shop', { storageState: state, flowId: null, createdAt: 5 });
    assert.deepEqual(s, { name: 'shop', origins: ['http://app.example:8080', 'https://shop.example'], cookieCount: 2, localStorageCount: 1, earliestCookieExpiry: 1_900_000_000_000, flowId: null, createdAt: 5 });
    assert.ok(!JSON.stringify(s).includes('long-session-value') && !JSON.stringify(s).includes('local-token'));
  });

  test('values worth redacting are the long ones', () => {
    assert.deepEqual(profileSecrets(state).sort(), ['local-token-1234', 'long-session-value']);
  });

  test('WebDriver visits each local storage origin and each other cookie host once', () => {
    assert.deepEqual(originsToVisit(state), ['http://app.example:8080', 'https://shop.example']);
  });

  test('a project: setups for the flows that saved, dependent projects for those that started from them', () => {
    const layout = emptyLayout();
    placeSpec(layout, 'tests/log-in.setup.js', { saveProfileAs: 'shop' });
    placeSpec(layout, 'tests/account.spec.js', { profile: 'shop' });
    placeSpec(layout, 'tests/other.spec.js', { profile: 'imported' });
    placeSpec(layout, 'tests/plain.spec.js', {});
    const lines = profileProjects(layout).join('\n');
    assert.match(lines, /\{ name: 'setup shop', testMatch: \[\/log-in\\\.setup\\\.js\$\/\] \}/);
    assert.match(lines, /\{ name: 'as shop', testMatch: \[\/account\\\.spec\\\.js\$\/\], dependencies: \['setup shop'\], use: \{ storageState: '\.auth\/shop\.json' \} \}/);
    assert.match(lines, /\{ name: 'as imported', testMatch: \[\/other\\\.spec\\\.js\$\/\], use: \{ storageState: '\.auth\/imported\.json' \} \}/);
    assert.match(lines, /\{ name: 'tests', testIgnore: \[\/\\\.setup\\\.\[jt\]s\$\/, \/account\\\.spec\\\.js\$\/, \/other\\\.spec\\\.js\$\/\] \}/);
    assert.deepEqual(missingSetups(layout), ['imported']);
    assert.deepEqual(profileProjects(emptyLayout()), []);
  });
});

describe('extract', () => {
  test('a field is read again from where it is, not from what it said', () => {
    assert.deepEqual(dataSelectors(['text="In stock: 7"', '#stock', 'role=paragraph >> nth=1', 'fingerprint={"tag":"p"}'], 'In stock: 7'), ['#stock', 'role=paragraph >> nth=1']);
    assert.deepEqual(dataSelectors(['text="Blue"', 'fingerprint={}'], 'Blue'), ['text="Blue"'], 'nothing else left: kept, without the fingerprint');
  });
});

describe('profiles within allowedOrigins', () => {
  const state = {
    cookies: [
      { name: 'sid', value: 'session-value-1', domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' as const },
      { name: 'a', value: 'acme-cookie-value', domain: '.acme.com', path: '/', expires: -1, httpOnly: false, secure: true, sameSite: 'Lax' as const },
      { name: 't', value: 'tracker-cookie-value', domain: 'tracker.example', path: '/', expires: -1, httpOnly: false, secure: true, sameSite: 'None' as const },
    ],
    origins: [
      { origin: 'http://127.0.0.1:4100', localStorage: [{ name: 'token', value: 'local-value-1' }] },
      { origin: 'http://127.0.0.1:4200', localStorage: [{ name: 'token', value: 'other-port-value' }] },
      { origin: 'https://shop.acme.com', localStorage: [{ name: 'k', value: 'v' }] },
    ],
  };

  test('a flow bound to some sites keeps only their cookies (by host) and local storage (by origin); unbound flows keep all', () => {
    const kept = withinAllowedOrigins(state, ['http://127.0.0.1:4100', 'https://*.acme.com']);
    assert.deepEqual(kept.cookies.map((c) => c.name), ['sid', 'a']);
    assert.deepEqual(kept.origins.map((o) => o.origin), ['http://127.0.0.1:4100', 'https://shop.acme.com']);
    assert.equal(withinAllowedOrigins(state, null), state);
    assert.equal(withinAllowedOrigins(state, ['*']).cookies.length, 3);
    assert.equal(new OriginPolicy(['https://*.acme.com']).allowsCookieHost('acme.com', false), false, 'a wildcard is for subdomains only');
    assert.equal(new OriginPolicy(['https://shop.acme.com']).allowsCookieHost('acme.com', true), true, 'a domain cookie goes to its subdomains');
    assert.equal(new OriginPolicy(['https://shop.acme.com']).allowsCookieHost('acme.com', false), false);
    assert.equal(new OriginPolicy(['http://[::1]:8080']).allowsCookieHost('[::1]', false), true);
  });
});
