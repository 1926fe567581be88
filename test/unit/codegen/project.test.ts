import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createProjectEmitter } from '../../../plugins/codegen/playwright/emitters';
import { uniqueSlug } from '../../../plugins/codegen/playwright/project-files';
import { createLogger } from '../../../lib/logging/logger';
import type { CodegenOptions } from '../../../lib/export/codegen-emitter';
import { call, codegenFlow, DEFAULT_OPTIONS, flowMeta, HOSTILE_NAME } from './fixtures/flows';
import { readZip } from './fixtures/zip-reader';
import { syntaxErrorsOf } from './fixtures/syntax';

const emitter = createProjectEmitter(createLogger('silent'));
const PW_VERSION = (JSON.parse(readFileSync(new URL('../../../node_modules/playwright-core/package.json', import.meta.url), 'utf8')) as { version: string }).version;

function flows() {
  return [
    codegenFlow(flowMeta({ name: 'Log in', envVars: ['USER_NAME', 'PASSWORD', 'UNUSED'] }), [
      call('type', { selector: '#u', text: '${USER_NAME}' }, ['#u', '[name=u]']),
      call('type', { selector: '#p', text: '${PASSWORD}' }, ['#p']),
    ]),
    codegenFlow(flowMeta({ name: 'Log in', envVars: ['TOKEN'] }), [call('navigate', { url: 'https://x.test/?t=${TOKEN}' })]),
    codegenFlow(flowMeta({ name: HOSTILE_NAME }), [call('click', { selector: '#a' }, ['#a'])]),
  ];
}

async function project(options: Partial<CodegenOptions> = {}) {
  const zip = await emitter.emitProject!(flows(), { ...DEFAULT_OPTIONS, ...options });
  assert.ok(Buffer.isBuffer(zip));
  const files = readZip(zip);
  return { zip, files, text: (name: string) => files.get(name)?.toString('utf8') ?? assert.fail(`missing ${name}`) };
}

describe('playwright-project zip', () => {
  test('contains the listed files, one spec per flow with unique slugs', async () => {
    const { files } = await project();
    assert.deepEqual([...files.keys()].sort(), [
      '.env.example', '.gitignore', 'README.md', 'helpers/locate.js', 'package.json', 'playwright.config.js',
      'tests/hostile-quote-single-tick-process-exit-7-script-next-line-se.spec.js', 'tests/log-in-2.spec.js', 'tests/log-in.spec.js',
    ]);
  });

  test('package.json pins @playwright/test to the installed playwright-core', async () => {
    const pkg = JSON.parse((await project()).text('package.json'));
    assert.equal(pkg.devDependencies['@playwright/test'], PW_VERSION);
    assert.equal(pkg.scripts.test, 'playwright test');
    assert.equal(pkg.type, 'module');
  });

  test('every JavaScript file parses, specs import the helper module', async () => {
    for (const options of [{}, { testScriptVariant: 'ai' }, { disableSelfHealingTests: true }] as Partial<CodegenOptions>[]) {
      const js = [...(await project(options)).files].filter(([name]) => name.endsWith('.js'));
      const errors = await syntaxErrorsOf(js.map(([, data]) => data.toString('utf8')));
      js.forEach(([name], i) => assert.equal(errors[i], '', `${name} with ${JSON.stringify(options)}`));
    }
    const { text } = await project();
    assert.match(text('tests/log-in.spec.js'), /^import \{ locate, env \} from '\.\.\/helpers\/locate\.js';$/m);
    assert.match(text('tests/log-in-2.spec.js'), /^import \{ env \} from '\.\.\/helpers\/locate\.js';$/m);
    assert.match(text('helpers/locate.js'), /^export async function locate\(/m);
    assert.match(text('helpers/locate.js'), /^export function env\(/m);
  });

  test('.env.example lists every variable the tests read, without values', async () => {
    const { text } = await project();
    const active = text('.env.example').split('\n').filter((l) => l && !l.startsWith('#'));
    assert.deepEqual(active, ['PASSWORD=', 'TOKEN=', 'USER_NAME=']);
    assert.match(text('README.md'), /`PASSWORD`/);
    assert.match(text('.gitignore'), /^\.env$/m);
    assert.match(text('.gitignore'), /^node_modules\/$/m);
  });

  test('playwright.config.js: headless, slow motion and the Chromium override follow the options', async () => {
    const plain = (await project()).text('playwright.config.js');
    assert.match(plain, /headless: true,/);
    assert.match(plain, /launchOptions: \{ executablePath: process\.env\.BROWSERFLOW_CHROMIUM_PATH \|\| undefined \},/);
    assert.match(plain, /baseURL: process\.env\.BASE_URL \|\| 'http:\/\/127\.0\.0\.1:9',/);
    assert.doesNotMatch(plain, /testIdAttribute/, 'data-testid, the default, needs no setting');
    const headed = (await project({ runInHeadedMode: true, slowMotionDelay: 300 })).text('playwright.config.js');
    assert.match(headed, /headless: false,/);
    assert.match(headed, /launchOptions: \{ executablePath: process\.env\.BROWSERFLOW_CHROMIUM_PATH \|\| undefined, slowMo: 300 \},/);
  });

  test('the AI variant documents and enables model healing; self-healing can be turned off', async () => {
    const ai = await project({ testScriptVariant: 'ai' });
    assert.match(ai.text('helpers/locate.js'), /^async function aiHeal\(/m);
    assert.match(ai.text('README.md'), /BROWSERFLOW_AI_BASE_URL/);
    assert.match(ai.text('.env.example'), /^# BROWSERFLOW_AI_MODEL=$/m);
    const off = await project({ testScriptVariant: 'ai', disableSelfHealingTests: true });
    assert.doesNotMatch(off.text('helpers/locate.js'), /function aiHeal|function annotate|import \{ test \}/);
    assert.doesNotMatch(off.text('README.md'), /self-healing|AI healing/);
  });

  test('TypeScript: .ts files, a strict tsconfig.json and a typecheck script', async () => {
    const { files, text } = await project({ language: 'typescript' });
    assert.deepEqual([...files.keys()].sort(), [
      '.env.example', '.gitignore', 'README.md', 'helpers/locate.ts', 'package.json', 'playwright.config.ts',
      'tests/hostile-quote-single-tick-process-exit-7-script-next-line-se.spec.ts', 'tests/log-in-2.spec.ts', 'tests/log-in.spec.ts', 'tsconfig.json',
    ]);
    assert.equal(JSON.parse(text('tsconfig.json')).compilerOptions.strict, true);
    const pkg = JSON.parse(text('package.json'));
    assert.equal(pkg.scripts.typecheck, 'tsc --noEmit');
    assert.ok(pkg.devDependencies.typescript && pkg.devDependencies['@types/node']);
    assert.match(text('tests/log-in.spec.ts'), /^import \{ locate, env \} from '\.\.\/helpers\/locate';$/m);
    assert.match(text('helpers/locate.ts'), /^export async function locate\(candidates: Locator\[\], expected: Expected = \{\}\): Promise<Locator> \{$/m);
  });

  test('only what the tests use: no helper when no test needs one', async () => {
    const zip = await emitter.emitProject!([codegenFlow(flowMeta(), [call('click', { selector: '#a' }, ['#a'])])], DEFAULT_OPTIONS);
    const files = readZip(zip);
    assert.ok(!files.has('helpers/locate.js'));
    const readme = files.get('README.md')!.toString('utf8');
    assert.doesNotMatch(readme, /helpers\/locate|Environment variables|BROWSERFLOW_LOCATE_TIMEOUT_MS|BROWSERFLOW_UPLOAD_DIR/);
    assert.match(readme, /BASE_URL=https:\/\/staging\.example\.com npx playwright test/);
  });

  test('the config reads getByTestId from the test id attribute the flows record most', async () => {
    const zip = await emitter.emitProject!([codegenFlow(flowMeta(), [
      call('click', { selector: 'a' }, ['[data-qa="save"]', '#save']),
      call('click', { selector: 'b' }, ['[data-qa="next"]', '[data-testid="next"]']),
      call('click', { selector: 'c' }, ['[data-qa="back"]']),
    ])], DEFAULT_OPTIONS);
    const files = readZip(zip);
    assert.match(files.get('playwright.config.js')!.toString('utf8'), /testIdAttribute: 'data-qa',/);
    const spec = files.get('tests/log-in.spec.js')!.toString('utf8');
    assert.match(spec, /page\.getByTestId\('next'\),\n\s+page\.locator\('\[data-testid="next"\]'\)/);
    assert.match(spec, /await page\.getByTestId\('back'\)\.click\(\);/);
  });

  test('the same flows give the same bytes', async () => {
    assert.ok((await project()).zip.equals((await project()).zip));
  });

  test('slugs are file-safe and unique', () => {
    const taken = new Set<string>();
    assert.equal(uniqueSlug('Check out!', taken), 'check-out');
    assert.equal(uniqueSlug('check  out', taken), 'check-out-2');
    assert.equal(uniqueSlug('../../etc/passwd', taken), 'etc-passwd');
    assert.equal(uniqueSlug('日本語', taken), 'flow');
    assert.equal(uniqueSlug('', taken), 'flow-2');
  });
});
