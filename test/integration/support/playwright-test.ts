/**
 * Runs a generated spec with the real Playwright Test runner and the
 * machine's Chromium, the way ui-flows.test.ts and the codegen e2e test do:
 * the spec goes into a folder inside the repository (so `@playwright/test`
 * resolves from its node_modules) next to a config naming /usr/bin/chromium.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from '../../helpers/service';
import { TEST_CHROMIUM } from '../../helpers/chromium';

/** A hang guard, not a performance bound (the machine is shared). */
const RUN_TIMEOUT_MS = 180_000;

/** Writes `spec` as `<name>.spec.mjs` in a fresh folder, runs it, removes the folder; answers the exit code and output. */
export async function runGeneratedSpec(spec: string, env: Record<string, string>, name = 'generated'): Promise<{ code: number | null; output: string }> {
  const dir = join(ROOT, 'test', `.tmp-mcp-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(join(dir, `${name}.spec.mjs`), spec);
    await writeFile(join(dir, 'playwright.config.mjs'), `export default {
  testDir: '.', testMatch: /.*\\.spec\\.mjs$/, workers: 1, reporter: 'line', timeout: 60000, outputDir: ${JSON.stringify(join(dir, 'test-results'))},
  use: { launchOptions: { executablePath: ${JSON.stringify(TEST_CHROMIUM)}, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] } },
};\n`);
    const cli = join(ROOT, 'node_modules/@playwright/test/cli.js');
    return await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'test', '--config', 'playwright.config.mjs'], {
        cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
      const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`playwright test took over ${RUN_TIMEOUT_MS} ms\n${output}`)); }, RUN_TIMEOUT_MS);
      child.on('close', (code) => { clearTimeout(timer); resolve({ code, output }); });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Unzips a generated project into a fresh folder inside the repository and
 * runs `playwright test` there as its README says (its own config, the
 * machine's Chromium through BROWSERFLOW_CHROMIUM_PATH); answers the exit
 * code, the output and the files the run left (e.g. `.auth/*.json`).
 */
export async function runGeneratedProject(files: Map<string, Buffer>, env: Record<string, string>): Promise<{ code: number | null; output: string; left: string[] }> {
  const { dirname } = await import('node:path');
  const { readdir } = await import('node:fs/promises');
  const dir = join(ROOT, 'test', `.tmp-project-${randomBytes(6).toString('hex')}`);
  try {
    for (const [name, data] of files) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), data);
    }
    const cli = join(ROOT, 'node_modules/@playwright/test/cli.js');
    const result = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [cli, 'test', '--reporter=line', '--workers=1'], {
        cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: '1', BROWSERFLOW_CHROMIUM_PATH: TEST_CHROMIUM, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c) => (output += c));
      child.stderr.on('data', (c) => (output += c));
      const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`playwright test took over ${RUN_TIMEOUT_MS} ms\n${output}`)); }, RUN_TIMEOUT_MS);
      child.on('close', (code) => { clearTimeout(timer); resolve({ code, output }); });
    });
    const left = await readdir(join(dir, '.auth')).catch(() => [] as string[]);
    return { ...result, left };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
