/**
 * The package as users install it: `npm pack` (whose prepack builds dist/),
 * `npm install <tarball>` into an empty folder, then the installed command
 * through `npx`: `serve` (ping, the UI page and its modules, a flow and its
 * generated TypeScript test and project: the code generation templates),
 * `mcp` (an MCP initialize and the tool list with the SDK's own client, its
 * data in the working directory's .browserflow/) and `run` of a small
 * DETERMINISTIC flow on the local test site. The tarball holds no tests,
 * fixtures or benches, and the install holds no TypeScript compiler or tsx:
 * the installed command runs compiled JavaScript only.
 * Takes about 2 minutes (most of it the install from the warm npm cache).
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT } from '../helpers/service';
import { killProcessGroup } from '../helpers/process-group';
import { startTestSite, type TestSite } from '../fixtures/site/serve';

const run = promisify(execFile);

/**
 * The environment of the npm and npx children: this process's, without the
 * npm_* variables of an enclosing `npm test` (they would steer the inner npm)
 * nor c8's NODE_V8_COVERAGE (the installed copy is outside the measured sources).
 */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !/^npm_/i.test(k) && k !== 'NODE_V8_COVERAGE') env[k] = v;
  return env;
}

/** What a package file's path says it is for, when it is a test, a fixture or a bench. */
function testOnly(path: string): string | null {
  if (/(^|\/)(test|tests|bench|fixtures)\//.test(path)) return 'a test, fixture or bench folder';
  if (/\.(test|bench|spec)\.[cm]?[jt]s$/.test(path)) return 'a test or bench file';
  return null;
}

/** A DETERMINISTIC login on the local test site. */
function loginFlow(name: string) {
  return {
    name, targetWebsite: `${site.url}/login.html`, initialRunMode: 'DETERMINISTIC',
    toolCallsOnStart: [
      { name: 'type', parameters: { selector: '#username', text: 'alice' } },
      { name: 'type', parameters: { selector: '#password', text: 's3cret-pass' } },
      { name: 'click', parameters: { selector: 'button[type=submit]' } },
      { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
    ],
  };
}

let base: string;
let app: string;
let tarball: string;
let site: TestSite;
const started: ChildProcess[] = [];

/** `npx browserflow ARGS` in the install folder, in its own process group (npx does not pass signals on). */
function npx(args: string[]): ChildProcess {
  const child = spawn('npx', ['--no', 'browserflow', ...args], { cwd: app, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  return child;
}

/** Resolves with the child's output once `pattern` appears in its stdout; rejects if it exits first or `ms` pass. */
function waitForOutput(child: ChildProcess, pattern: RegExp, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${ms} ms:\n${out}\n${err}`)), ms);
    child.stdout!.on('data', (d) => {
      out += d;
      if (pattern.test(out)) { clearTimeout(timer); resolve(out); }
    });
    child.stderr!.on('data', (d) => { err += d; });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`exited ${code} before ${pattern}:\n${out}\n${err}`)); });
  });
}

describe('the npm package, installed into an empty folder', { skip: existsSync('/usr/bin/chromium') ? false : 'needs /usr/bin/chromium' }, () => {
  before(async () => {
    site = await startTestSite();
    base = await mkdtemp(join(tmpdir(), 'bf-package-'));
    app = join(base, 'app');
    await mkdir(app);
    await run('npm', ['pack', '--silent', '--pack-destination', base], { cwd: ROOT, env: cleanEnv(), timeout: 180_000 });
    const packed = (await readdir(base)).filter((f) => f.endsWith('.tgz'));
    assert.equal(packed.length, 1, `one tarball: ${packed.join(', ')}`);
    tarball = join(base, packed[0]!);
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: app, env: cleanEnv(), timeout: 300_000 });
  }, { timeout: 480_000 });
  after(async () => {
    for (const child of started) await killProcessGroup(child);
    await site?.close();
    if (base) await rm(base, { recursive: true, force: true });
  });

  test('the tarball holds the compiled package and no tests, fixtures or benches', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 16 * 1024 * 1024 });
    const files = stdout.split('\n').filter(Boolean).map((p) => p.replace(/^package\//, ''));
    const unwanted = files.flatMap((f) => (testOnly(f) ? [`${f} (${testOnly(f)})`] : []));
    assert.deepEqual(unwanted, []);
    for (const f of ['package.json', 'bin/browserflow.js', 'dist/cli/main.js', 'dist/config/default.json', 'dist/plugins/ui/public/index.html', 'dist/lib/page-scripts/selectors/fingerprint.js']) {
      assert.ok(files.includes(f), `${f} is in the package`);
    }
    const textSources = ['dist/lib/page-scripts/selectors/fingerprint.ts', 'dist/lib/redaction/secret-redaction.ts', 'dist/lib/json-schema/text-value.ts'];
    assert.deepEqual(files.filter((f) => f.endsWith('.ts') && !f.startsWith('dist/plugins/codegen/playwright/runtime/') && !textSources.includes(f)), [], 'no TypeScript but the sources generated tests inline (helper, fingerprints, redaction, textToValue)');
    assert.ok(files.includes('dist/plugins/codegen/playwright/runtime/stripped.json'), 'the JavaScript helper, stripped by the build');
    assert.equal(existsSync(join(app, 'node_modules', 'tsx')), false, 'tsx is not installed with the package');
    assert.equal(existsSync(join(app, 'node_modules', 'typescript')), false, 'TypeScript is not installed with the package');
  });

  test('npx browserflow serve: ping, the UI, and a flow\'s TypeScript test and project', async () => {
    const child = npx(['serve', '--port', '0', '--data-dir', join(base, 'serve-data')]);
    const out = await waitForOutput(child, /listening on (http:\/\/\S+) \(data: .*\)\n/, 60_000);
    const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
    assert.match(out, new RegExp(`\\(data: ${join(base, 'serve-data').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\)`));
    const ping = await fetch(`${url}/api/ping`);
    assert.deepEqual(await ping.json(), { status: 'ok' });
    const page = await fetch(`${url}/`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<title>browserflow<\/title>/);
    const script = /src="(\/ui\/[^"]+\.js)"/.exec(html)?.[1] ?? assert.fail(`no app module in the page:\n${html}`);
    const module = await fetch(`${url}${script}`);
    assert.equal(module.status, 200, script);
    assert.match(module.headers.get('content-type') ?? '', /javascript/);
    // The import map's libraries (preact, htm...) come from the installed dependencies.
    const vendor = /"(\/ui\/vendor\/[^"]+)"/.exec(html)?.[1] ?? assert.fail(`no vendored module in the import map:\n${html}`);
    assert.equal((await fetch(`${url}${vendor}`)).status, 200, vendor);

    // A flow, then its TypeScript test and project: the code generator reads its templates and the package's package.json.
    const created = await fetch(`${url}/api/flows`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(loginFlow('package serve')) });
    assert.equal(created.status, 201, await created.clone().text());
    const { id } = (await created.json()) as { id: string };
    let state = '';
    for (let i = 0; i < 240 && !['SUCCESS', 'FAILED', 'CANCELLED'].includes(state); i++) {
      await new Promise((r) => setTimeout(r, 250));
      state = ((await (await fetch(`${url}/api/flows/${id}`)).json()) as { state: string }).state;
    }
    assert.equal(state, 'SUCCESS');
    const code = await fetch(`${url}/api/flows/${id}/code?language=typescript`);
    assert.equal(code.status, 200);
    const spec = await code.text();
    assert.match(spec, /from '@playwright\/test'/);
    assert.match(spec, /function locate\(/, 'the helper template, inlined');
    // JavaScript: the same helper with its types stripped by the build (the package has no esbuild).
    const jsCode = await fetch(`${url}/api/flows/${id}/code?language=javascript`);
    assert.equal(jsCode.status, 200, await jsCode.clone().text());
    const jsSpec = await jsCode.text();
    assert.match(jsSpec, /async function locate\(candidates, expected = \{\}\) \{/, 'the stripped helper, inlined');
    assert.doesNotMatch(jsSpec, /: Locator\b|\binterface /);
    const project = await fetch(`${url}/api/flows/project`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ flowIds: [id], options: { language: 'typescript' } }),
    });
    assert.equal(project.status, 200, await project.clone().text());
    assert.equal(project.headers.get('content-type'), 'application/zip');
    assert.ok((await project.arrayBuffer()).byteLength > 1000);
    await killProcessGroup(child);
  });

  test('npx browserflow mcp: initialize and list the tools; its data goes to ./.browserflow', async () => {
    const transport = new StdioClientTransport({ command: 'npx', args: ['--no', 'browserflow', 'mcp'], cwd: app, env: cleanEnv(), stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (c) => { stderr += c; });
    const client = new Client({ name: 'package-install-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      assert.equal(client.getServerVersion()?.name, 'browserflow', stderr);
      const { tools } = await client.listTools();
      const names = tools.map((t) => t.name);
      for (const name of ['flow_start', 'navigate', 'click', 'flow_test', 'flow_run']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
      assert.ok(existsSync(join(app, '.browserflow')), `the in-process service keeps its data in the working directory\n${stderr}`);
    } finally {
      await client.close();
    }
  });

  test('npx browserflow run: a DETERMINISTIC flow on the local test site exits 0', async () => {
    const flowFile = join(base, 'login.json');
    await writeFile(flowFile, JSON.stringify(loginFlow('package run')));
    const child = npx(['run', flowFile, '--data-dir', join(base, 'run-data')]);
    let out = '';
    child.stdout!.on('data', (d) => { out += d; });
    child.stderr!.on('data', (d) => { out += d; });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 0, out);
    assert.match(out, /4\/50 ok {3}assertText/);
    assert.match(out, /SUCCESS in [\d.]+ s/);
  });
});
