/**
 * The one redaction (lib/redaction/secret-redaction.js): a secret in every spelling
 * a page, a URL or a serializer gives it back, and cut short by a limit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRedactor, MIN_PREFIX } from '../../../lib/redaction/secret-redaction';
import { envRedactor } from '../../../lib/redaction/env-placeholders';

const KEY = 'Kx9 "Qm\\ &<Tz>\' ' + 'abcdefghij'.repeat(6) + 'END';
const r = createRedactor([[KEY, '${KEY}']]);

const htmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

test('every encoding of a secret is redacted', () => {
  const spellings: Record<string, string> = {
    raw: KEY,
    json: JSON.stringify(KEY).slice(1, -1),
    jsonInJson: JSON.stringify(JSON.stringify(KEY).slice(1, -1)).slice(1, -1),
    uriComponent: encodeURIComponent(KEY),
    uriLowerHex: encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    uri: encodeURI(KEY),
    form: new URLSearchParams({ q: KEY }).toString().slice(2),
    doubleEncoded: encodeURIComponent(encodeURIComponent(KEY)),
    html: htmlEscape(KEY),
    htmlNumeric: KEY.replace(/[^A-Za-z0-9]/g, (c) => `&#${c.charCodeAt(0)};`),
    htmlHex: KEY.replace(/[^A-Za-z0-9]/g, (c) => `&#x${c.charCodeAt(0).toString(16)};`),
  };
  for (const [name, spelled] of Object.entries(spellings)) {
    const out = r.redact(`before ${spelled} after`);
    assert.equal(out, 'before ${KEY} after', `${name}: ${out}`);
  }
});

test('a prefix of 8+ characters left by a cut is redacted; shorter text and other text are kept', () => {
  assert.equal(r.redact(`value="${KEY.slice(0, 59)}…"`), 'value="${KEY}…"');
  assert.equal(r.redact(`${KEY.slice(0, 30)}...`), '${KEY}...');
  assert.equal(r.redact(`end: ${KEY.slice(0, 8)}`), 'end: ${KEY}');
  assert.equal(r.redact(`{"t":"${JSON.stringify(KEY).slice(1, 40)}"}`), '{"t":"${KEY}"}');
  assert.equal(r.redact(`${encodeURIComponent(KEY).slice(0, 25)}…`), '${KEY}…');
  // 7 characters is not enough to tell a secret from ordinary text.
  assert.equal(r.redact(`end: ${KEY.slice(0, 7)}`), `end: ${KEY.slice(0, 7)}`);
  // A prefix in the middle of other text is not a cut.
  assert.equal(r.redact(`${KEY.slice(0, 12)}zzz`), `${KEY.slice(0, 12)}zzz`);
  assert.equal(r.redact('nothing secret here…'), 'nothing secret here…');
});

test('the longest secret wins, short values are ignored, deep values are copied', () => {
  const two = createRedactor([['s3cret-pass', '${A}'], ['s3cret-pass-longer', '${B}'], ['abc', '${C}']]);
  assert.equal(two.redact('x s3cret-pass-longer y s3cret-pass z abc'), 'x ${B} y ${A} z abc');
  const value = { a: ['s3cret-pass'], b: { c: 'url?q=s3cret-pass' }, n: 1, nil: null, buf: Buffer.from('s3cret-pass') };
  const out = two.redactDeep(value);
  assert.deepEqual(out, { a: ['${A}'], b: { c: 'url?q=${A}' }, n: 1, nil: null, buf: value.buf });
  assert.equal(value.a[0], 's3cret-pass', 'the input is not changed');
  assert.equal(createRedactor([]).redact('anything'), 'anything');
});

test('env values become their placeholders', () => {
  const env = envRedactor(new Map([['PASSWORD', 'pa ss"word!']]));
  assert.equal(env.redact('/login?p=pa+ss%22word%21'), '/login?p=${PASSWORD}');
});

test('a hostile secret cannot make the redaction slow (linear patterns)', () => {
  const nasty = createRedactor([['a'.repeat(100) + '!', '${X}']]);
  const text = 'a'.repeat(200_000);
  const started = process.hrtime.bigint();
  assert.equal(nasty.redact(text), text.slice(0, 200_000 - 100) + '${X}');
  // Generous: a catastrophic pattern would take minutes.
  assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 20_000);
});

test('long values (certificates, JSON keys) in every spelling, whole or cut', () => {
  const long = '-----BEGIN KEY-----\n' + 'Ab+/"\\&'.repeat(60) + '\n-----END KEY-----';
  const red = createRedactor([[long, '${CERT}']]);
  assert.equal(red.redact(`x ${long} y`), 'x ${CERT} y');
  assert.equal(red.redact(`{"k":${JSON.stringify(long)}}`), '{"k":"${CERT}"}');
  assert.equal(red.redact(`?k=${encodeURIComponent(long)}&z`), '?k=${CERT}&z');
  assert.equal(red.redact(`${JSON.stringify(long).slice(1, 300)}…`), '${CERT}…');
  assert.equal(red.redact('-----BEGIN KEY-----\nAb+/ other text'), '-----BEGIN KEY-----\nAb+/ other text');
});

test('a 64 KB value compiles, and a repetitive text cannot stall the redaction', () => {
  const huge = createRedactor([['x'.repeat(64 * 1024), '${BIG}']]);
  assert.equal(huge.redact(`a ${'x'.repeat(64 * 1024)} b`), 'a ${BIG} b');
  const started = process.hrtime.bigint();
  const out = huge.redact('x'.repeat(200_000) + ' tail');
  assert.ok(!out.includes('x'.repeat(MIN_PREFIX)), 'nothing of the value is left');
  assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 20_000);
});
