/**
 * End to end: the generated code really runs. A generated project (unzipped)
 * plus a standalone AI-variant script go into a temp folder inside the repo
 * (so `@playwright/test` resolves from the repo's node_modules), and the real
 * Playwright Test runner executes them with /usr/bin/chromium against a tiny
 * local site.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProjectEmitter, createScriptEmitter } from '../../../plugins/codegen/playwright/emitters';
import { createLogger } from '../../../kernel/logger';
import { DEFAULT_OPTIONS, HOSTILE_NAME } from './fixtures/flows';
import { aiFlow, hostileFlow, missingEnvFlow, tourFlow } from './fixtures/e2e-flows';
import { startSite, type E2eSite } from './fixtures/e2e-site';
import { readZip } from './fixtures/zip-reader';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(REPO, 'node_modules/@playwright/test/cli.js');
const CHROMIUM = '/usr/bin/chromium';
const SECRET = 'S3cret-value-42';
const RUN_TIMEOUT_MS = 90_000;

interface ReportedTest { title: string; file: string; status: string; errors: string; annotations: { type: string; description?: string }[] }

/** Flattens Playwright's JSON report into one entry per test. */
function reportedTests(report: any): ReportedTest[] {
  const out: ReportedTest[] = [];
  const walk = (suite: any) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        out.push({
          title: spec.title,
          file: spec.file,
          status: t.status,
          errors: results.flatMap((r: any) => (r.errors ?? []).map((e: any) => e.message ?? '')).join('\n'),
          // The report repeats annotations on the test and on its result: keep each once.
          annotations: [...new Map([...(t.annotations ?? []), ...results.flatMap((r: any) => r.annotations ?? [])]
            .map((a: any) => [JSON.stringify(a), a])).values()],
        });
      }
    }
    (suite.suites ?? []).forEach(walk);
  };
  (report.suites ?? []).forEach(walk);
  return out;
}

/** Runs the Playwright Test CLI in `cwd`; resolves with its JSON report. */
function runPlaywright(cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; report: any; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'test', '--reporter=json', '--workers=1'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`playwright test took over ${RUN_TIMEOUT_MS} ms\n${stderr}`)); }, RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        resolve({ code, report: JSON.parse(stdout), stderr });
      } catch {
        reject(new Error(`no JSON report (exit ${code})\n${stdout.slice(0, 2000)}\n${stderr.slice(0, 2000)}`));
      }
    });
  });
}

describe('generated Playwright code runs for real', { skip: !existsSync(CHROMIUM) || !existsSync(CLI) ? 'needs /usr/bin/chromium and @playwright/test' : false }, () => {
  let site: E2eSite;
  let dir: string;
  let tests: ReportedTest[];
  let exitCode: number | null;

  before(async () => {
    site = await startSite('#show');
    dir = join(REPO, 'test', `.tmp-codegen-${randomBytes(6).toString('hex')}`);
    const logger = createLogger('silent');
    const zip = await createProjectEmitter(logger).emitProject!(
      [tourFlow(site.origin), hostileFlow(site.origin), missingEnvFlow(site.origin)],
      DEFAULT_OPTIONS,
    );
    for (const [name, data] of readZip(zip)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), data);
    }
    // The standalone script (helper inlined), AI variant with slow motion, run by the same config.
    const script = await createScriptEmitter(logger).emitScript!(aiFlow(site.origin), { ...DEFAULT_OPTIONS, testScriptVariant: 'ai', slowMotionDelay: 5 });
    await writeFile(join(dir, 'tests', 'ai-standalone.spec.mjs'), script);
    // uploadFile reads from ./uploads by default.
    await mkdir(join(dir, 'uploads'));
    await writeFile(join(dir, 'uploads', 'hello.txt'), 'hello');

    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH, HOME: process.env.HOME, CI: '1',
      BROWSERFLOW_CHROMIUM_PATH: CHROMIUM,
      BROWSERFLOW_LOCATE_TIMEOUT_MS: '1500',
      BROWSERFLOW_AI_BASE_URL: `${site.origin}/v1`, BROWSERFLOW_AI_MODEL: 'fake-model', BROWSERFLOW_AI_API_KEY: 'test-key',
      SHOP_USER: 'Ada', SECRET_PW: SECRET,
    };
    const run = await runPlaywright(dir, env);
    exitCode = run.code;
    tests = reportedTests(run.report);
  });

  after(async () => {
    await site?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const byTitle = (title: string) => tests.find((t) => t.title === title) ?? assert.fail(`no test "${title}" in ${JSON.stringify(tests.map((t) => t.title))}`);

  test('the project replays every built-in tool and a custom tool, with failover', () => {
    const tour = byTitle('Tour of every tool');
    assert.equal(tour.status, 'expected', tour.errors);
    const healing = tour.annotations.filter((a) => a.type === 'self-healing');
    assert.equal(healing.length, 1, JSON.stringify(tour.annotations));
    assert.match(healing[0].description ?? '', /used candidate 2 "role=button\[name=\\"Show\\"\]"; "#stale-show-button" matched nothing/);
  });

  test('a hostile flow name and text run as plain data', () => {
    const hostile = byTitle(HOSTILE_NAME);
    assert.equal(hostile.status, 'expected', hostile.errors);
  });

  test('a missing env var fails the test before any action, naming it', () => {
    const missing = byTitle('Without its variable');
    assert.equal(missing.status, 'unexpected');
    assert.match(missing.errors, /Environment variable NOT_SET_ANYWHERE is not set/);
    assert.notEqual(exitCode, 0);
  });

  test('the AI variant asks the model when every candidate is stale, without leaking the secret', () => {
    const ai = byTitle('AI healed');
    assert.equal(ai.status, 'expected', ai.errors);
    assert.ok(ai.annotations.some((a) => a.type === 'ai-healing' && /"#show"/.test(a.description ?? '')), JSON.stringify(ai.annotations));
    assert.equal(site.chatRequests.length, 1);
    const request = site.chatRequests[0] as { authorization: string; body: { model: string; messages: { content: string }[] } };
    assert.equal(request.authorization, 'Bearer test-key');
    assert.equal(request.body.model, 'fake-model');
    const sent = JSON.stringify(request.body);
    assert.ok(!sent.includes(SECRET), 'the typed secret is masked in the snapshot');
    const user = JSON.parse(request.body.messages[1].content);
    assert.equal(user.step.tool, 'click');
    assert.deepEqual(user.lastGoodSelectors, ['#old-show', 'xpath=//button[@id="old"]']);
    assert.match(user.ariaSnapshot, /button "Show"/);
  });
});
