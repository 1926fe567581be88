import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { HostGuard, splitHostPort } from '../../../plugins/http/server/host-guard';

describe('splitHostPort', () => {
  test('names, ports and IPv6 literals', () => {
    assert.deepEqual(splitHostPort('LocalHost:7821'), { name: 'localhost', port: '7821' });
    assert.deepEqual(splitHostPort('127.0.0.1'), { name: '127.0.0.1', port: '' });
    assert.deepEqual(splitHostPort('[::1]:80'), { name: '[::1]', port: '80' });
    assert.equal(splitHostPort('[::1'), null);
    assert.equal(splitHostPort('host:port'), null);
    assert.equal(splitHostPort('::1'), null);
    assert.equal(splitHostPort(''), null);
  });
});

describe('HostGuard', () => {
  const guard = new HostGuard(['myhost.lan', 'Other.Example:9000'], '0.0.0.0', () => 7821);

  test('local names with any port pass', () => {
    for (const host of ['localhost', 'localhost:7821', '127.0.0.1:1', '[::1]:7821', 'LOCALHOST:7821', 'myhost.lan:5', 'other.example:9000']) {
      assert.equal(guard.check(host, undefined), null, host);
    }
  });

  test('other names, malformed values and a missing Host are refused with FORBIDDEN_HOST', () => {
    for (const host of [undefined, 'evil.example', 'evil.example:7821', '127.0.0.1.nip.io', 'localhost.evil.example', 'other.example:9001', 'localhost:abc', '0.0.0.0:7821']) {
      const err = guard.check(host, undefined);
      assert.ok(err, String(host));
      assert.equal(err.code, 'FORBIDDEN_HOST');
      assert.equal(err.status, 403);
    }
  });

  test('an Origin must be this service: same origin, or a local name on the listening port', () => {
    assert.equal(guard.check('localhost:7821', 'http://localhost:7821'), null);
    assert.equal(guard.check('127.0.0.1:7821', 'http://localhost:7821'), null);
    assert.equal(guard.check('myhost.lan:8080', 'http://myhost.lan:8080'), null);
    for (const origin of ['http://evil.example', 'http://localhost:7822', 'https://localhost:7821', 'null', 'http://localhost', 'file://']) {
      const err = guard.check('localhost:7821', origin);
      assert.ok(err, origin);
      assert.equal(err.code, 'FORBIDDEN_HOST');
      assert.match(err.message, /Origin/);
    }
  });

  test('the bind address is accepted unless it is a wildcard', () => {
    const bound = new HostGuard([], '192.168.1.5', () => 1);
    assert.equal(bound.check('192.168.1.5:1', undefined), null);
    assert.ok(guard.check('0.0.0.0', undefined));
  });

  test('a flood of distinct hostile headers keeps answering correctly (bounded cache)', () => {
    for (let i = 0; i < 2000; i++) assert.ok(guard.check(`evil${i}.example`, undefined));
    assert.equal(guard.check('localhost', undefined), null);
  });
});
