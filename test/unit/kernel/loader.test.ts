import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createKernel } from '../../../kernel/kernel';
import { StartupError } from '../../../kernel/errors';
import { orderPlugins, resolvePluginModule, type LoadedPlugin } from '../../../kernel/loader';
import { createToken } from '../../../kernel/tokens';
import type { PluginManifest } from '../../../kernel/plugin';

const KERNEL = resolve('kernel');
const HTTP = resolve('lib/http/route-contract');
let dir: string;

/** Writes a plugin module into the temp dir and returns its folder name. */
function plugin(name: string, body: string): string {
  mkdirSync(join(dir, name), { recursive: true });
  writeFileSync(join(dir, name, 'index.ts'), `import { definePlugin } from '${KERNEL}/plugin';\nimport * as t from '${KERNEL}/tokens';\nimport * as h from '${HTTP}';\nimport * as v from 'valibot';\n${body}`);
  return `./${name}`;
}

function config(plugins: unknown[], settings: object = {}): string {
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ settings: { dataDir: join(dir, 'data'), port: 0, logLevel: 'silent', ...settings }, plugins }));
  return file;
}

async function startupError(file: string): Promise<string> {
  try {
    await createKernel(file);
  } catch (err) {
    assert.ok(err instanceof StartupError, `expected a StartupError, got ${(err as Error).stack}`);
    return (err as Error).message;
  }
  assert.fail('expected createKernel to fail');
}

const tokens = (names: string[]) => Object.fromEntries(names.map((n) => [n, createToken(n)]));
const fake = (id: string, provides: string[], deps: string[] = [], optionalDeps: string[] = []): LoadedPlugin => ({
  manifest: {
    id, apiVersion: 2, provides: provides.map((n) => createToken(n)), deps: tokens(deps), optionalDeps: tokens(optionalDeps), register() {},
  } as PluginManifest,
  entry: { use: id, enabled: true }, modulePath: `/x/${id}.ts`, config: undefined,
});

describe('plugin loader', () => {
  // Inside the repo, so plugin modules resolve valibot from its node_modules.
  before(() => { mkdirSync(resolve('test/.tmp'), { recursive: true }); dir = mkdtempSync(join(resolve('test/.tmp'), 'loader-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('orders providers before the plugins that require them', () => {
    const ordered = orderPlugins([fake('a', ['x.a'], ['x.b']), fake('b', ['x.b'], ['x.c']), fake('c', ['x.c'])], []);
    assert.deepEqual(ordered.map((p) => p.manifest.id), ['c', 'b', 'a']);
  });

  test('optional dependencies are neither required nor ordering (so they may form a cycle)', () => {
    const ordered = orderPlugins([fake('a', ['x.a'], [], ['x.b', 'x.none']), fake('b', ['x.b'], [], ['x.a'])], []);
    assert.deepEqual(ordered.map((p) => p.manifest.id), ['a', 'b']);
  });

  test('reports every missing dependency by name at once', () => {
    assert.throws(() => orderPlugins([fake('a', [], ['x.one']), fake('b', [], ['x.two', 'x.three'])], []), (err: Error) => {
      assert.ok(err instanceof StartupError);
      for (const s of ['"a" requires "x.one"', '"b" requires "x.two"', '"b" requires "x.three"']) assert.ok(err.message.includes(s), err.message);
      return true;
    });
  });

  test('tokens provided by the kernel satisfy requires', () => {
    const t = createToken('x.kernel');
    assert.equal(orderPlugins([fake('a', [], ['x.kernel'])], [t]).length, 1);
  });

  test('detects cycles and names them', () => {
    assert.throws(() => orderPlugins([fake('a', ['x.a'], ['x.b']), fake('b', ['x.b'], ['x.a'])], []), /cycle: a -> b -> a|cycle: b -> a -> b/);
  });

  test('resolves relative paths against the config folder, with index.ts', () => {
    const use = plugin('resolvable', 'export default definePlugin({ id: "r", apiVersion: 2, provides: [], register() {} });');
    assert.equal(resolvePluginModule(use, join(dir, 'c.json')), join(dir, 'resolvable', 'index.ts'));
  });

  test('an unknown plugin path or package fails with one clear paragraph', async () => {
    assert.match(await startupError(config([{ use: './nope' }])), /Plugin "\.\/nope" not found/);
    assert.match(await startupError(config([{ use: 'browserflow-plugin-that-does-not-exist' }])), /neither a path .* nor an installed package/);
  });

  test('a package name resolves through the config file location', () => {
    assert.match(resolvePluginModule('valibot', join(process.cwd(), 'config', 'default.json')), /node_modules\/valibot/);
  });

  test('rejects a module without a manifest, a wrong apiVersion, a duplicate id', async () => {
    const bad = plugin('bad', 'export default { hello: 1 };');
    assert.match(await startupError(config([{ use: bad }])), /does not default-export a valid manifest/);
    const v1 = plugin('v1', 'export default definePlugin({ id: "v1", apiVersion: 1, provides: [], register() {} });');
    assert.match(await startupError(config([{ use: v1 }])), /plugin API version 1, but this kernel speaks version 2/);
    const dup = plugin('dup', 'export default definePlugin({ id: "dup", apiVersion: 2, provides: [], register() {} });');
    assert.match(await startupError(config([{ use: dup }, { use: dup }])), /loaded twice/);
  });

  test('validates each plugin config slice with its schema', async () => {
    const withCfg = plugin('cfg', 'export default definePlugin({ id: "cfg", apiVersion: 2, configSchema: v.strictObject({ size: v.number() }), provides: [], register() {} });');
    assert.match(await startupError(config([{ use: withCfg, config: { size: 'big' } }])), /invalid config slice: config\.size/);
    const none = plugin('nocfg', 'export default definePlugin({ id: "nocfg", apiVersion: 2, provides: [], register() {} });');
    assert.match(await startupError(config([{ use: none, config: { a: 1 } }])), /takes no config/);
  });

  test('a missing dependency in a real config names the plugin and token', async () => {
    const needy = plugin('needy', 'export default definePlugin({ id: "needy", apiVersion: 2, provides: [], deps: { storage: t.STORAGE, drivers: t.BROWSER_DRIVERS }, register() {} });');
    const msg = await startupError(config([{ use: needy }]));
    assert.match(msg, /"needy" requires "storage"/);
    assert.match(msg, /"needy" requires "browser.drivers"/);
  });

  test('registers plugins into a child container, never the global one, and runs lifecycles in order', async () => {
    const order: string[] = [];
    (globalThis as any).__bfOrder = order;
    const a = plugin('life-a', 'export default definePlugin({ id: "life-a", apiVersion: 2, provides: [t.LIFECYCLE], register({ provide }) { provide(t.LIFECYCLE, () => ({ name: "a", order: 100, start: async () => { globalThis.__bfOrder.push("start a"); }, stop: async () => { globalThis.__bfOrder.push("stop a"); } })); } });');
    const b = plugin('life-b', 'export default definePlugin({ id: "life-b", apiVersion: 2, provides: [t.LIFECYCLE], register({ provide }) { provide(t.LIFECYCLE, () => ({ name: "b", order: 0, start: async () => { globalThis.__bfOrder.push("start b"); }, stop: async () => { globalThis.__bfOrder.push("stop b"); } })); } });');
    const kernel = await createKernel(config([{ use: a }, { use: b }]));
    const { container } = await import('tsyringe');
    assert.equal(container.isRegistered(Symbol.for('browserflow.lifecycle')), false);
    await kernel.start();
    await kernel.stop();
    assert.deepEqual(order.filter((x) => x.endsWith(' a') || x.endsWith(' b')), ['start b', 'start a', 'stop a', 'stop b']);
  });

  test('a failing lifecycle start stops what started and reports one paragraph', async () => {
    const boom = plugin('boom', 'export default definePlugin({ id: "boom", apiVersion: 2, provides: [t.LIFECYCLE], register({ provide }) { provide(t.LIFECYCLE, () => ({ name: "boom", start: async () => { throw new Error("port busy"); } })); } });');
    const kernel = await createKernel(config([{ use: boom }]));
    await assert.rejects(kernel.start(), (err: Error) => err instanceof StartupError && /Startup of "boom" failed: port busy/.test(err.message));
  });

  test('a bad config file is reported clearly', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ not json');
    assert.match(await startupError(file), /is not valid JSON/);
    writeFileSync(file, JSON.stringify({ plugins: [], settings: { port: 'x' } }));
    assert.match(await startupError(file), /settings\.port/);
    assert.match(await startupError(join(dir, 'missing.json')), /Cannot read the config file/);
  });

  test('a plugin that registers a token it did not declare fails at boot naming both', async () => {
    const sneaky = plugin('sneaky', 'export default definePlugin({ id: "sneaky", apiVersion: 2, provides: [h.ROUTES], register({ provide }) { provide(h.ROUTES, () => []); provide(t.TOOLS, () => []); } });');
    assert.match(await startupError(config([{ use: sneaky }])), /Plugin "sneaky" registers "tools" but does not declare it/);
  });

  test('a plugin that declares a token it never registers fails at boot', async () => {
    const idle = plugin('idle', 'export default definePlugin({ id: "idle", apiVersion: 2, provides: [h.ROUTES], register() {} });');
    assert.match(await startupError(config([{ use: idle }])), /Plugin "idle" declares "http.routes" in "provides" but registered nothing/);
  });

  test('a single token provided twice fails at boot naming the first provider', async () => {
    const one = plugin('store-one', 'export default definePlugin({ id: "store-one", apiVersion: 2, provides: [t.STORAGE], register({ provide }) { provide(t.STORAGE, () => ({})); } });');
    const two = plugin('store-two', 'export default definePlugin({ id: "store-two", apiVersion: 2, provides: [t.STORAGE], register({ provide }) { provide(t.STORAGE, () => ({})); } });');
    assert.match(await startupError(config([{ use: one }, { use: two }])), /Plugin "store-two" registers "storage", a single service already provided by "store-one"/);
    const kernelOwned = plugin('fake-logger', 'export default definePlugin({ id: "fake-logger", apiVersion: 2, provides: [t.LOGGER], register({ provide }) { provide(t.LOGGER, () => ({})); } });');
    assert.match(await startupError(config([{ use: kernelOwned }])), /registers "logger", a single service already provided by "the kernel"/);
  });

  test('register gets exactly its declared deps, resolved lazily; reading them during register fails', async () => {
    (globalThis as any).__bfDeps = [];
    const seen = plugin('seen', 'export default definePlugin({ id: "seen", apiVersion: 2, provides: [t.LIFECYCLE], deps: { logger: t.LOGGER }, optionalDeps: { server: h.HTTP_SERVER, tools: t.TOOLS }, register({ deps, provide }) { provide(t.LIFECYCLE, () => { globalThis.__bfDeps.push(Object.keys(deps), typeof deps.logger.info, deps.server, deps.tools); return { name: "seen" }; }); } });');
    const kernel = await createKernel(config([{ use: seen }]));
    await kernel.start();
    await kernel.stop();
    assert.deepEqual((globalThis as any).__bfDeps, [['logger', 'server', 'tools'], 'function', undefined, []]);
    const eager = plugin('eager', 'export default definePlugin({ id: "eager", apiVersion: 2, provides: [], deps: { logger: t.LOGGER }, register({ deps }) { deps.logger.info("now"); } });');
    assert.match(await startupError(config([{ use: eager }])), /Plugin "eager" reads its dep "logger" while plugins register/);
  });
});
