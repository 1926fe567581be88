/**
 * Where env values may be used, over HTTP: `allowedOrigins` on
 * POST /api/env/{key} (normalised, shown by every read, null for the flow's
 * site, 400 naming the bad pattern with nothing changed), and the CreateFlow
 * `allowedOrigins` checks that need no browser (bad patterns, a target
 * outside them, a driver that cannot enforce them). The OpenAPI document
 * lists both fields.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';

describe('allowedOrigins of env variables and flows', () => {
  let svc: RunningService;
  before(async () => { svc = await startService({ settings: { flows: { video: false } } }); });
  after(() => svc?.stop());

  test('a variable stores where it may be used, normalised; every read shows it; none means the flow\'s site', async () => {
    const put = await svc.request('POST', '/api/env/SHOP_TOKEN', { value: 'tok-123456', allowedOrigins: ['HTTPS://Shop.Example:443', 'https://*.shop.example', 'http://127.0.0.1:8080'] });
    assert.equal(put.status, 200, put.text);
    const origins = ['https://shop.example', 'https://*.shop.example', 'http://127.0.0.1:8080'];
    assert.deepEqual(put.body, { key: 'SHOP_TOKEN', value: 'tok-123456', kind: 'plain', allowedOrigins: origins });
    assert.deepEqual((await svc.request('GET', '/api/env/SHOP_TOKEN')).body, { key: 'SHOP_TOKEN', value: 'tok-123456', kind: 'plain', allowedOrigins: origins });
    assert.equal((await svc.request('POST', '/api/env/PLAIN', { value: 'plain-value' })).body.allowedOrigins, null);
    assert.equal((await svc.request('POST', '/api/env/ANYWHERE', { value: 'anywhere-value', allowedOrigins: ['*'] })).status, 200);
    const masked = await svc.request('GET', '/api/env?masked=true');
    assert.deepEqual(masked.body, {
      ANYWHERE: { value: '****', kind: 'plain', allowedOrigins: ['*'] },
      PLAIN: { value: '****', kind: 'plain', allowedOrigins: null },
      SHOP_TOKEN: { value: '****', kind: 'plain', allowedOrigins: origins },
    });
    assert.ok(!masked.text.includes('tok-123456'));
    // The unmasked listing keeps the contract's shape: key -> value.
    assert.equal((await svc.request('GET', '/api/env')).body.SHOP_TOKEN, 'tok-123456');
  });

  test('replacing a variable without allowedOrigins binds it to the flow\'s site again; deleting it forgets them', async () => {
    await svc.request('POST', '/api/env/ROTATED', { value: 'first-value', allowedOrigins: ['https://a.example'] });
    assert.equal((await svc.request('POST', '/api/env/ROTATED', { value: 'second-value', allowedOrigins: null })).body.allowedOrigins, null);
    await svc.request('POST', '/api/env/ROTATED', { value: 'third-value', allowedOrigins: ['https://a.example'] });
    assert.equal((await svc.request('DELETE', '/api/env/ROTATED')).status, 204);
    assert.equal((await svc.request('POST', '/api/env/ROTATED', { value: 'fourth-value' })).body.allowedOrigins, null);
  });

  test('a malformed pattern is a 400 naming it, and nothing changes', async () => {
    await svc.request('POST', '/api/env/KEPT', { value: 'kept-value', allowedOrigins: ['https://kept.example'] });
    const cases: Array<[unknown, RegExp]> = [
      [['https://ok.example', 'ftp://x.example'], /^allowedOrigins\[1\]: "ftp:\/\/x\.example": the scheme must be http or https$/],
      [['acme.com'], /^allowedOrigins\[0\]: "acme\.com" is not an origin pattern: write scheme:\/\/host\[:port\]/],
      [['https://acme.com/login'], /^allowedOrigins\[0\]: /],
      [['https://user:pw@acme.com'], /^allowedOrigins\[0\]: .*no user or password/],
      [['https://a*.acme.com'], /^allowedOrigins\[0\]: .*\* may only stand alone/],
      [[], /^allowedOrigins: must list at least one origin pattern/],
      ['https://acme.com', /^allowedOrigins: /],
      [[42], /^allowedOrigins\[0\]: expected a string/],
    ];
    for (const [allowedOrigins, message] of cases) {
      const res = await svc.request('POST', '/api/env/KEPT', { value: 'changed-value', allowedOrigins });
      assert.equal(res.status, 400, JSON.stringify(allowedOrigins));
      assert.equal(res.body.code, 'INVALID_REQUEST');
      assert.match(res.body.message, message, JSON.stringify(allowedOrigins));
    }
    assert.deepEqual((await svc.request('GET', '/api/env/KEPT')).body, { key: 'KEPT', value: 'kept-value', kind: 'plain', allowedOrigins: ['https://kept.example'] });
  });

  test('CreateFlow allowedOrigins: bad patterns, a target outside them and a driver that cannot block navigations are 400s naming the field', async () => {
    const base = { name: 'fenced', targetWebsite: 'https://shop.example/cart', initialRunMode: 'INSTRUCT' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ allowedOrigins: ['shop.example'] }, /^allowedOrigins\[0\]: "shop\.example" is not an origin pattern/],
      [{ allowedOrigins: ['https://other.example'] }, /^allowedOrigins: https:\/\/other\.example do not include the targetWebsite's origin https:\/\/shop\.example$/],
      [{ allowedOrigins: ['https://*.shop.example'] }, /do not include the targetWebsite's origin https:\/\/shop\.example/],
      [{ allowedOrigins: ['https://shop.example'], browser: { using: { type: 'webdriver', url: 'http://grid.example:4444/wd/hub', capabilities: { browserName: 'firefox' } } } },
        /^allowedOrigins: the webdriver driver blocks navigations over the DevTools protocol, which "firefox" does not offer; leave allowedOrigins out/],
    ];
    for (const [extra, message] of cases) {
      const res = await svc.request('POST', '/api/flows', { ...base, ...extra });
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, message);
    }
    assert.equal((await svc.request('GET', '/api/flows')).body.flows.length, 0, 'nothing was created');
  });

  test('the OpenAPI document lists both fields', async () => {
    const doc = (await svc.request('GET', '/api/openapi.json')).body;
    const env = doc.paths['/api/env/{key}'].post.requestBody.content['application/json'].schema;
    assert.equal(env.properties.allowedOrigins.anyOf?.[0]?.type ?? env.properties.allowedOrigins.type, 'array');
    assert.match(JSON.stringify(env.properties.allowedOrigins), /flow that uses it/);
    const flow = doc.paths['/api/flows'].post.requestBody.content['application/json'].schema;
    assert.ok(flow.properties.allowedOrigins, 'CreateFlow has allowedOrigins');
    assert.ok(doc.paths['/api/env/{key}'].get.responses['200'].content['application/json'].schema.properties.allowedOrigins);
  });
});
