/**
 * One Playwright Test file replaying one flow: a single `test()` that opens
 * the flow's website and runs each successful non-control call as a
 * `test.step` with a readable title. Two layouts: a standalone script (the
 * helper inlined, options as `test.use`) and a project spec (the helper
 * imported, options in playwright.config), in JavaScript or TypeScript.
 */
import { createRequire } from 'node:module';
import type { CodegenFlow, CodegenOptions } from '../../../lib/export/codegen-emitter';
import { replayableCalls, replayCandidates } from '../../../lib/export/rerun';
import { pathOnOrigin } from './base-url';
import { stepCode, type CallContext } from './call-code';
import { customToolDeclaration } from './custom-tool-code';
import { helperFeatures, inlineHelper, usesAiHealing, type Language } from './helper-source';
import { jsValue, str } from './js-literal';
import { TEST_ID_ATTRIBUTES, testIdAttributesOf } from './locator-code';
import { allowedOriginsCode } from './allowed-origins-code';
import { textToValueFunction, totpFunction, withDownload } from './data-code';

export type TestFileLayout = 'standalone' | 'project';

const require = createRequire(import.meta.url);
type Devices = typeof import('playwright-core').devices;
let deviceList: Devices | undefined;
/** Playwright's device descriptors, loaded on first use: importing playwright-core costs about 0.7 s of CPU, too much for the service's startup. */
const devices = (): Devices => (deviceList ??= (require('playwright-core') as typeof import('playwright-core')).devices);

/** Where the file goes and what it may rely on. */
export interface FileSettings {
  layout: TestFileLayout;
  language: Language;
  /** The origin `baseURL` defaults to (the recorded one); URLs on it are written as paths. */
  origin: string | null;
  /** The attribute getByTestId() reads: `data-testid` unless the flows record another. */
  testIdAttribute: string;
  /** Standalone: the file name the header suggests. */
  fileName?: string;
}

export interface TestFile {
  source: string;
  /** Env var names the test reads (for .env.example). */
  envVars: string[];
  /** What the test uses of the helper. */
  helper: { env: boolean; locate: boolean };
  /** The test computes TOTP codes (the project depends on `otpauth`). */
  totp: boolean;
  /** Tool call id -> the title of its step. */
  titles: Map<string, string>;
}

/** Builds the test file of `cf`. Throws ApiError INVALID_REQUEST when a call cannot be replayed. */
export function buildTestFile(cf: CodegenFlow, options: CodegenOptions, settings: FileSettings): TestFile {
  const { flow } = cf;
  const typescript = settings.language === 'typescript';
  const ctx: CallContext = {
    typescript,
    envNames: new Set(flow.envVars),
    totpNames: new Set(flow.totpEnvVars ?? []),
    resultSchema: flow.resultSchema ?? null,
    usedEnv: new Set(),
    ai: usesAiHealing(options),
    features: { locate: false, tabs: false, dialogs: false, uploads: false, baseURL: false },
    customTools: new Map(flow.customTools.map((t) => [t.name, t])),
    usedCustomTools: new Map(),
    locators: { testIdAttribute: settings.testIdAttribute },
    origin: settings.origin,
  };
  const calls = replayableCalls(cf.toolCalls, cf.tools);
  const steps: string[] = [];
  const titles = new Map<string, string>();
  for (const call of calls) {
    const tool = cf.tools.get(call.name);
    const step = stepCode(call, tool?.kind, replayCandidates(call, tool), ctx);
    if ('comment' in step) steps.push(`// ${step.comment}`);
    else {
      titles.set(call.id, step.title);
      steps.push(`await test.step(${str(step.title)}, async () => {`, ...indent(withDownload(step.lines, call)), '});');
    }
  }

  const body: string[] = [];
  const used = [...ctx.usedEnv].sort();
  if (used.length) body.push('// Fail fast, before any action, when a variable is missing.', `for (const name of ${jsValue(used)}) env(name);`);
  if (ctx.features.tabs) body.push('// switchTab steps make another tab the page the steps act on.', 'let page = firstPage;');
  if (ctx.features.dialogs) {
    body.push(
      "// Dialogs are answered as the flow's last handleDialog said (dismissed before any).",
      "let dialogPolicy = { accept: false, promptText: '' };",
      "context.on('dialog', (dialog) => {",
      "  // beforeunload is always accepted: refusing it would cancel the flow's own navigation.",
      "  const accept = dialogPolicy.accept || dialog.type() === 'beforeunload';",
      '  (accept ? dialog.accept(dialogPolicy.promptText) : dialog.dismiss()).catch(() => {});',
      '});',
    );
  }
  for (const [name, fn] of ctx.usedCustomTools) body.push(...customToolDeclaration(ctx.customTools.get(name)!, fn, typescript));
  if (flow.allowedOrigins?.length && settings.origin) ctx.features.baseURL = true;
  body.push(...allowedOriginsCode(flow.allowedOrigins, ctx.features.baseURL && Boolean(settings.origin), typescript));
  const failure = failureNote(cf);
  if (failure) {
    // The report shows it: a passing test recorded from a failed flow proves less than it seems.
    body.unshift(`test.info().annotations.push({ type: 'recorded-from-failed-flow', description: ${str(failure)} });`);
  }
  const start = pathOnOrigin(flow.targetWebsite, settings.origin);
  body.push(...networkRoutes(flow.network?.rules ?? []));
  body.push(`await page.goto(${str(start ?? flow.targetWebsite)});`, ...steps);
  if (flow.saveProfileAs) {
    // The flow saved its browser as a profile: the test saves the same state for the tests that start from it.
    body.push(`// Saved as the browser profile ${str(flow.saveProfileAs)}: the tests that start from it read this file.`,
      `await page.context().storageState({ path: ${str(profileFile(flow.saveProfileAs))} });`);
  }

  const fixtures = [
    ctx.features.tabs ? 'page: firstPage' : 'page',
    ...(ctx.features.tabs || ctx.features.dialogs ? ['context'] : []),
    ...(ctx.features.baseURL ? ['baseURL'] : []),
  ];
  const helper = { env: used.length > 0, locate: ctx.features.locate };
  const totp = used.some((n) => ctx.totpNames?.has(n));
  const bodyText = body.join('\n');
  const playwrightNames = ['test', ...(/\bexpect\b/.test(bodyText) ? ['expect'] : [])];
  const standalone = settings.layout === 'standalone';
  if (standalone && typescript && helper.locate) playwrightNames.push('type Locator', 'type Page');

  const out = header(flow.name, flow.id, calls.length, used.length > 0, settings);
  if (failure) out.push(`// Recorded from a FAILED flow: ${failure}.`);
  out.push(`import { ${playwrightNames.join(', ')} } from '@playwright/test';`);
  if (ctx.features.uploads) out.push("import path from 'node:path';");
  if (totp) out.push("import * as OTPAuth from 'otpauth';");
  if (!standalone && (helper.env || helper.locate)) {
    const names = [...(helper.locate ? ['locate'] : []), ...(helper.env ? ['env'] : [])];
    out.push(`import { ${names.join(', ')} } from '../helpers/locate${typescript ? '' : '.js'}';`);
  }
  out.push('');
  if (standalone) {
    if (helper.env || helper.locate) out.push(inlineHelper(helperFeatures(helper, options), settings.language));
    const uses = standaloneUses(options, settings);
    if (uses.length) out.push(...uses, '');
  }
  // What extract steps and TOTP variables need, defined once per file.
  if (ctx.features.extract) out.push(textToValueFunction(settings.language), '');
  if (totp) out.push(totpFunction(settings.language), '');
  if (standalone && flow.profile) {
    out.push(`// The flow started signed in, from the browser profile ${str(flow.profile)}: the test saving it writes this file first.`,
      `test.use({ storageState: ${str(profileFile(flow.profile))} });`, '');
  }
  const device = deviceUse(flow.browser.using);
  if (device.length) out.push(...device, '');
  out.push(`test(${str(flow.name)}, async ({ ${fixtures.join(', ')} }) => {`, ...indent(body), '});', '');
  return { source: out.join('\n'), envVars: used, helper, totp, titles };
}

/**
 * What a test recorded from a FAILED flow leaves out, in one sentence
 * (the test replays the successful calls only), or null for a flow that succeeded.
 */
function failureNote(cf: CodegenFlow): string | null {
  const { flow, failedStep } = cf;
  if (flow.state !== 'FAILED') return null;
  const code = flow.result?.error?.code ?? 'FAILED';
  if (failedStep) return `${code}; step ${failedStep.step} (${failedStep.tool}), which failed, is left out`;
  return `${code}; no failed step is replayed, so this test does not reproduce the failure`;
}

/** The comment at the top of a test file: where it comes from, secrets, how to run a standalone one. */
function header(name: string, id: string, steps: number, readsEnv: boolean, settings: FileSettings): string[] {
  const shownId = /^[\w-]+$/.test(id) ? id : str(id);
  const lines = [
    `// Playwright test generated by browserflow from the flow ${str(name)}`,
    `// (id ${shownId}): its ${steps} successful step${steps === 1 ? '' : 's'}, replayed.`,
  ];
  if (readsEnv) lines.push('// ${NAME} values are read from the environment when the test runs: no secret', '// value is written in this file.');
  if (settings.layout === 'standalone') {
    const file = settings.fileName ?? `flow.spec.${settings.language === 'typescript' ? 'ts' : 'mjs'}`;
    lines.push(`// Save it as ${file} and run \`npx playwright test ${file}\`${settings.origin ? ';' : '.'}`);
    if (settings.origin) lines.push('// BASE_URL=<url> runs it against another site than the recorded one.');
  }
  return lines;
}

/**
 * The test id attribute of a set of flows: the one their recorded test id
 * candidates use most (`data-testid`, Playwright's default, unless another
 * is used more), so getByTestId() covers the most candidates.
 */
export function testIdAttributeFor(flows: CodegenFlow[]): string {
  const counts = new Map<string, number>();
  for (const cf of flows) {
    for (const call of replayableCalls(cf.toolCalls, cf.tools)) {
      let candidates: Map<string, string[]>;
      try {
        candidates = replayCandidates(call, cf.tools.get(call.name));
      } catch {
        continue; // reported when the test is built
      }
      for (const list of candidates.values()) {
        for (const attr of testIdAttributesOf(list)) counts.set(attr, (counts.get(attr) ?? 0) + 1);
      }
    }
  }
  let best = TEST_ID_ATTRIBUTES[0];
  for (const [attr, n] of counts) if (n > (counts.get(best) ?? 0)) best = attr;
  return best;
}

/** The artifact options of a standalone script, as one test.use (a project sets them in its config). */
function standaloneUses(options: CodegenOptions, settings: FileSettings): string[] {
  const entries: string[] = [];
  if (settings.origin) {
    entries.push('// The site the flow was recorded on; BASE_URL runs the test against another one.', `baseURL: process.env.BASE_URL || ${str(settings.origin)},`);
  }
  if (settings.testIdAttribute !== TEST_ID_ATTRIBUTES[0]) entries.push(`testIdAttribute: ${str(settings.testIdAttribute)},`);
  if (options.runInHeadedMode) entries.push('headless: false,');
  const slowMo = Math.max(0, Math.floor(options.slowMotionDelay || 0));
  if (slowMo > 0) {
    entries.push(
      '// Slow motion, merged into the configured launch options so an executablePath set there survives.',
      `launchOptions: [async ({ launchOptions }, use) => { await use({ ...launchOptions, slowMo: ${slowMo} }); }, { scope: 'worker' }],`,
    );
  }
  return entries.length ? ['test.use({', ...indent(entries), '});'] : [];
}

/**
 * The page settings of a `device` browser's `deviceName` (viewport, user
 * agent, touch...), so elements lay out as they did when recorded. The
 * device's browser type is left out: the test runs the configured browser.
 */
function deviceUse(using: { type: string; [k: string]: unknown }): string[] {
  if (using.type !== 'device' || typeof using.deviceName !== 'string') return [];
  if (!Object.hasOwn(devices(), using.deviceName)) return [];
  const { defaultBrowserType: _ignored, ...settings } = devices()[using.deviceName] as Record<string, unknown>;
  return [
    `// Laid out as the flow's device ${str(using.deviceName)} (the configured browser runs the test).`,
    'test.use({',
    ...indent(Object.entries(settings).map(([k, v]) => `${k}: ${jsValue(v)},`)),
    '});',
  ];
}

/**
 * The flow's network rules as page.route calls, before the first page
 * loads. Playwright asks the route registered last first, so they are
 * registered in reverse: the first matching rule applies, as in the flow.
 */
function networkRoutes(rules: NonNullable<CodegenFlow['flow']['network']>['rules']): string[] {
  if (!rules.length) return [];
  return [
    "// The flow's network rules: the first matching one applies (Playwright asks the route added last first).",
    ...[...rules].reverse().map((r) => r.action === 'block'
      ? `await page.route(${str(r.url)}, (route) => route.abort('blockedbyclient'));`
      : `await page.route(${str(r.url)}, (route) => route.fulfill({ status: ${r.status}, contentType: ${str(r.contentType)}, body: ${str(r.body)} }));`),
  ];
}

/** Where a profile's storageState is kept in generated tests (git-ignored in a project). */
export function profileFile(name: string): string {
  return `.auth/${name}.json`;
}

function indent(lines: string[]): string[] {
  return lines.map((l) => (l ? `  ${l}` : l));
}
