/**
 * End to end: the generated code really runs. For each language, a
 * generated project (unzipped) plus a standalone AI-variant script go into a
 * temp folder inside the repo (so `@playwright/test` resolves from the
 * repo's node_modules), and the real Playwright Test runner executes them
 * with /usr/bin/chromium. The flows are recorded on one local site; the
 * JavaScript project runs against it, the TypeScript one (after
 * `tsc --noEmit`, strict) against a copy on another port through BASE_URL.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProjectEmitter, createScriptEmitter } from '../../../plugins/codegen/playwright/emitters';
import { createLogger } from '../../../lib/logging/logger';
import type { CodegenFlow } from '../../../lib/export/codegen-emitter';
import { DEFAULT_OPTIONS, HOSTILE_NAME } from './fixtures/flows';
import { aiFlow, hostileFlow, missingEnvFlow, tourFlow } from './fixtures/e2e-flows';
import { checkoutFlow, loginFlow } from './fixtures/golden-flows';
import { startSite, type E2eSite } from './fixtures/e2e-site';
import { readZip } from './fixtures/zip-reader';
import { TEST_CHROMIUM } from '../../helpers/chromium';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const CLI = join(REPO, 'node_modules/@playwright/test/cli.js');
const TSC = join(REPO, 'node_modules/typescript/bin/tsc');
const CHROMIUM = TEST_CHROMIUM;
const SECRET = 'S3cret-value-42';
/** A hang guard, not a performance bound: two runs share the machine (CI: 2 cores). */
const RUN_TIMEOUT_MS = 300_000;
const LANGUAGES = ['javascript', 'typescript'] as const;
type Language = (typeof LANGUAGES)[number];

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

/** Playwright runs still going: after() stops them when the other one failed first. */
const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    child.kill('SIGKILL'); // already gone, or no group
  }
}

/** Runs the Playwright Test CLI in `cwd`; resolves with its JSON report. */
function runPlaywright(cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; report: any; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a kill reaches its workers and their browsers too.
    const child = spawn(process.execPath, [CLI, 'test', '--reporter=json', '--workers=1'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => { killGroup(child); reject(new Error(`playwright test took over ${RUN_TIMEOUT_MS} ms\n${stderr}`)); }, RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      running.delete(child);
      clearTimeout(timer);
      try {
        resolve({ code, report: JSON.parse(stdout), stderr });
      } catch {
        reject(new Error(`no JSON report (exit ${code})\n${stdout.slice(0, 2000)}\n${stderr.slice(0, 2000)}`));
      }
    });
  });
}

/** `tsc --noEmit` with the project's own tsconfig.json: '' when it passes, else its output. */
function typecheck(cwd: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(process.execPath, [TSC, '--noEmit', '-p', 'tsconfig.json'], { cwd, timeout: 60_000 }, (err, stdout, stderr) => resolve(err ? `${stdout}${stderr}` || String(err) : ''));
  });
}

/** Every flow the runs replay, as recorded on `origin`. */
function recordedFlows(origin: string): CodegenFlow[] {
  return [tourFlow(origin), hostileFlow(origin), loginFlow(origin), checkoutFlow(origin), missingEnvFlow(origin)];
}

/** Writes the project of `language` (flows recorded on `origin`) and the standalone AI script into `dir`. */
async function writeProject(dir: string, language: Language, origin: string): Promise<void> {
  const logger = createLogger('silent');
  const zip = await createProjectEmitter(logger).emitProject!(recordedFlows(origin), { ...DEFAULT_OPTIONS, language });
  for (const [name, data] of readZip(zip)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), data);
  }
  // The standalone script (helper inlined), AI variant with slow motion, run by the same config.
  const script = await createScriptEmitter(logger).emitScript!(aiFlow(origin), { ...DEFAULT_OPTIONS, testScriptVariant: 'ai', slowMotionDelay: 5, language });
  await writeFile(join(dir, 'tests', `ai-standalone.spec.${language === 'typescript' ? 'ts' : 'mjs'}`), script);
  // uploadFile reads from ./uploads by default.
  await mkdir(join(dir, 'uploads'));
  await writeFile(join(dir, 'uploads', 'hello.txt'), 'hello');
}

const skip = !existsSync(CHROMIUM) || !existsSync(CLI) || !existsSync(TSC) ? 'needs /usr/bin/chromium, @playwright/test and typescript' : false;

describe('generated Playwright code runs for real', { skip }, () => {
  let recorded: E2eSite;
  let other: E2eSite;
  let recordedForTs: E2eSite;
  const dirs: string[] = [];
  const runs = new Map<Language, { tests: ReportedTest[]; exitCode: number | null; site: E2eSite; tsc?: string }>();

  before(async () => {
    // JavaScript: recorded on and run against `recorded`. TypeScript: recorded on
    // `recordedForTs` (which must see no request) and run against `other` through BASE_URL.
    [recorded, other, recordedForTs] = await Promise.all([startSite('#show'), startSite('#show'), startSite('#show')]);
    // Both runs at once: each is one worker and one browser, mostly waiting on the pages.
    await Promise.all(LANGUAGES.map(async (language) => {
      const dir = join(REPO, 'test', `.tmp-codegen-${randomBytes(6).toString('hex')}`);
      dirs.push(dir);
      const [origin, site] = language === 'javascript' ? [recorded.origin, recorded] : [recordedForTs.origin, other];
      await writeProject(dir, language, origin);
      const tsc = language === 'typescript' ? await typecheck(dir) : undefined;
      const run = await runPlaywright(dir, {
        PATH: process.env.PATH, HOME: process.env.HOME, CI: '1',
        ...(site === other ? { BASE_URL: other.origin } : {}),
        BROWSERFLOW_CHROMIUM_PATH: CHROMIUM,
        BROWSERFLOW_LOCATE_TIMEOUT_MS: '1500',
        BROWSERFLOW_AI_BASE_URL: `${site.origin}/v1`, BROWSERFLOW_AI_MODEL: 'fake-model', BROWSERFLOW_AI_API_KEY: 'test-key',
        SHOP_USER: 'Ada', SECRET_PW: SECRET, PASSWORD: SECRET,
      });
      runs.set(language, { tests: reportedTests(run.report), exitCode: run.code, site, tsc });
    }));
  });

  after(async () => {
    await Promise.all([...running].map((child) => new Promise((resolve) => { child.once('close', resolve); killGroup(child); })));
    await Promise.all([recorded?.close(), other?.close(), recordedForTs?.close()]);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      const run = () => runs.get(language) ?? assert.fail(`no ${language} run`);
      const byTitle = (title: string) => run().tests.find((t) => t.title === title) ?? assert.fail(`no test "${title}" in ${JSON.stringify(run().tests.map((t) => t.title))}`);

      if (language === 'typescript') {
        test('the project, the standalone script included, passes tsc --noEmit (strict)', () => {
          assert.equal(run().tsc, '', run().tsc);
        });

        test('BASE_URL points every test at the other site: the recorded one gets no request', () => {
          assert.deepEqual(recordedForTs.requests, []);
          for (const path of ['/app', '/second', '/login', '/welcome', '/checkout', '/v1/chat/completions']) {
            assert.ok(other.requests.includes(path), `${path} requested from the other site`);
          }
        });
      }

      test('every built-in tool and a custom tool replay, with failover reported', () => {
        const tour = byTitle('Tour of every tool');
        assert.equal(tour.status, 'expected', tour.errors);
        const healing = tour.annotations.filter((a) => a.type === 'self-healing');
        assert.equal(healing.length, 1, JSON.stringify(tour.annotations));
        assert.equal(healing[0].description,
          `button "Show": used getByRole('button', { name: 'Show', exact: true }) (locator 2); locator('#stale-show-button') matched nothing`);
      });

      test('recorded flows with role, label, test id, frame and shadow root locators replay', () => {
        for (const title of ['Log in', 'Check out']) {
          const t = byTitle(title);
          assert.equal(t.status, 'expected', `${title}: ${t.errors}`);
          assert.deepEqual(t.annotations, [], 'the first locator of every step matched');
        }
      });

      test('a hostile flow name and text run as plain data', () => {
        const hostile = byTitle(HOSTILE_NAME);
        assert.equal(hostile.status, 'expected', hostile.errors);
      });

      test('a missing env var fails the test before any action, naming it', () => {
        const missing = byTitle('Without its variable');
        assert.equal(missing.status, 'unexpected');
        assert.match(missing.errors, /Environment variable NOT_SET_ANYWHERE is not set/);
        assert.notEqual(run().exitCode, 0);
      });

      test('the AI variant asks the model when every locator is stale, without leaking the secret', () => {
        const ai = byTitle('AI healed');
        assert.equal(ai.status, 'expected', ai.errors);
        assert.ok(ai.annotations.some((a) => a.type === 'ai-healing' && /"#show"/.test(a.description ?? '')), JSON.stringify(ai.annotations));
        const chats = run().site.chatRequests;
        assert.equal(chats.length, 1);
        const request = chats[0] as { authorization: string; body: { model: string; messages: { content: string }[] } };
        assert.equal(request.authorization, 'Bearer test-key');
        assert.equal(request.body.model, 'fake-model');
        assert.ok(!JSON.stringify(request.body).includes(SECRET), 'the typed secret is masked in the snapshot');
        const user = JSON.parse(request.body.messages[1].content);
        assert.equal(user.element, "locator('#old-show')");
        // Locators as Playwright prints them (it drops the xpath= of a //path).
        assert.deepEqual(user.lastGoodLocators, ["locator('#old-show')", `locator('//button[@id="old"]')`]);
        assert.match(user.ariaSnapshot, /button "Show"/);
      });
    });
  }
});
