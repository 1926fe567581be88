/** The service's own origins (lib/service-guard/service-origins.ts): what is blocked, what is not, where the port comes from. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { ServiceOrigins, serviceOriginsResolver } from '../../../lib/service-guard/service-origins';
import { drivenBrowserMarker } from '../../../lib/service-guard/driven-browser-marker';

const origins = new ServiceOrigins({ port: 7821, bindHost: '127.0.0.1', allowedHosts: ['devbox.lan', 'tools.example:8080'] });

describe('ServiceOrigins', () => {
  test('every loopback alias, scheme and form of the service port is matched', () => {
    for (const url of [
      'http://127.0.0.1:7821/api/env',
      'HTTP://LOCALHOST:7821/api/env',
      'http://localhost.:7821/',
      'http://app.localhost:7821/api/env',
      'http://127.0.0.2:7821/',
      'http://127.1:7821/api/env',
      'http://2130706433:7821/api/env',
      'http://0.0.0.0:7821/',
      'http://0:7821/',
      'http://[::1]:7821/api/env',
      'http://[::]:7821/',
      'http://[::ffff:127.0.0.1]:7821/api/env',
      'http://user:pw@127.0.0.1:7821/api/env',
      'https://127.0.0.1:7821/',
      'ws://localhost:7821/events',
      'wss://127.0.0.1:7821/',
      'http://127.0.0.1:7821',
      'http://127.0.0.1:7821?x',
      'http://devbox.lan:7821/api/env',
      'http://tools.example:7821/',
    ]) assert.equal(origins.matches(url), true, url);
  });

  test('other ports, other hosts and look-alikes are not', () => {
    for (const url of [
      'http://127.0.0.1:7822/',
      'http://127.0.0.1:78210/',
      'http://127.0.0.1/',
      'http://example.com:7821/',
      'http://localhost.example.com:7821/',
      'http://127.0.0.1.nip.io:7821/',
      'http://evil.test/?next=http://127.0.0.1:7821/',
      'http://evil.test/#127.0.0.1:7821',
      'about:blank',
      'file:///etc/passwd',
      'not a url',
    ]) assert.equal(origins.matches(url), false, url);
  });

  test('a default port is the URL without one', () => {
    const web = new ServiceOrigins({ port: 80, bindHost: '127.0.0.1', allowedHosts: [] });
    assert.equal(web.matches('http://127.0.0.1/api/env'), true);
    assert.equal(web.matches('http://localhost:80/api/env'), true);
    assert.equal(web.matches('https://127.0.0.1/'), false);
    assert.ok(web.blockPatterns().includes('http://127.*/*'));
  });

  test('a wildcard bind adds every address of this machine', () => {
    const all = new ServiceOrigins({ port: 7821, bindHost: '0.0.0.0', allowedHosts: [] });
    const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? []).map((i) => i.address).filter((a) => !a.includes('%'));
    for (const address of addresses) {
      const host = address.includes(':') ? `[${address}]` : address;
      assert.equal(all.matches(`http://${host}:7821/api/env`), true, host);
    }
    assert.equal(all.describe(), '127.0.0.1:7821');
    const bound = new ServiceOrigins({ port: 7821, bindHost: '10.1.2.3', allowedHosts: [] });
    assert.equal(bound.matches('http://10.1.2.3:7821/'), true);
    assert.equal(bound.describe(), '10.1.2.3:7821');
  });

  test('an unknown port blocks nothing; block patterns cover every alias', () => {
    assert.equal(ServiceOrigins.NONE.pattern, null);
    assert.equal(ServiceOrigins.NONE.matches('http://127.0.0.1:7821/'), false);
    assert.deepEqual(ServiceOrigins.NONE.blockPatterns(), []);
    const patterns = origins.blockPatterns();
    for (const p of ['*://127.*:7821/*', '*://localhost:7821/*', '*://*.localhost:7821/*', '*://[::1]:7821/*', '*://0.0.0.0:7821/*', '*://devbox.lan:7821/*', '*://*@127.*:7821/*']) {
      assert.ok(patterns.includes(p), p);
    }
  });
});

describe('serviceOriginsResolver', () => {
  test('reads the listening port from the HTTP server dep, else settings.port, else nothing', () => {
    let listening: string | null = null;
    const none = serviceOriginsResolver(() => undefined, {});
    assert.equal(none().address.port, null);
    const configured = serviceOriginsResolver(() => undefined, { host: '127.0.0.1', port: 7821, allowedHosts: [] });
    assert.equal(configured().address.port, 7821);
    const server = {
      url: () => {
        if (!listening) throw new Error('not listening');
        return listening;
      },
    };
    const resolver = serviceOriginsResolver(() => server, { host: '127.0.0.1', port: 0, allowedHosts: [] });
    assert.equal(resolver().address.port, null, 'not listening yet, port 0');
    listening = 'http://127.0.0.1:40123';
    assert.equal(resolver().address.port, 40123);
    listening = 'http://127.0.0.1:1';
    assert.equal(resolver().address.port, 40123, 'kept once known');
  });
});

test('drivenBrowserMarker is one unguessable value per process', () => {
  assert.match(drivenBrowserMarker(), /^browserflow-driven\/[0-9a-f]{32}$/);
  assert.equal(drivenBrowserMarker(), drivenBrowserMarker());
});
