/**
 * Generated code for the data parts of a flow: an `extract` step (each
 * field read from its recorded element, converted with textToValue(), the
 * object attached to the test's report), and the functions such steps and
 * TOTP variables need in the test file: textToValue() (the service's own
 * lib/json-schema/text-value.ts, inlined) and totp() (the current code of
 * a TOTP secret read from process.env, computed by the `otpauth` package).
 */
import { readFileSync } from 'node:fs';
import { ApiError } from '../../../kernel/errors';
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';
import { replayFieldCandidates } from '../../../lib/export/rerun';
import { elementCode, elementRef } from './element-code';
import { isIdentifier, jsValue, str } from './js-literal';
import type { LocatorOptions } from './locator-code';
import { oneLine } from './step-title';
import type { Language } from './helper-source';
import { stripTypes } from './strip-types';

/** What an extract step needs of the emitting context (call-code.ts CallContext). */
export interface DataContext {
  typescript: boolean;
  ai: boolean;
  features: { locate: boolean; extract?: boolean };
  locators: LocatorOptions;
  resultSchema?: Record<string, unknown> | null;
}

type Schema = Record<string, unknown>;

/**
 * The step of an `extract` call: `const data = {}`, one assignment per
 * field (through locate() when it has several candidates), and the object
 * attached as `extracted data` to the test's report.
 */
export function extractStep(call: ToolCallRecord, ctx: DataContext, literal: (value: unknown) => string): { title: string; lines: string[] } {
  const schema = (call.parameters.schema ?? ctx.resultSchema ?? null) as Schema | null;
  const properties = (schema?.properties ?? null) as Record<string, Schema> | null;
  if (!properties) throw new ApiError('INVALID_REQUEST', `Tool call ${call.id} (extract) cannot be turned into code: it names no schema and the flow has no resultSchema.`);
  ctx.features.extract = true;
  const lines = [`const data${ctx.typescript ? ': Record<string, unknown>' : ''} = {};`];
  const fields = replayFieldCandidates(call);
  for (const [name, candidates] of fields) {
    const el = elementCode(call, `fields.${name}`, candidates, { ...ctx.locators, literal });
    const { setup, ref, locate } = elementRef(el, 1, ctx.ai);
    if (locate) ctx.features.locate = true;
    const type = properties[name]?.type;
    const read = `textToValue(await ${ref}.innerText(), ${jsValue(type === undefined ? {} : { type })}, ${str(name)})`;
    const key = isIdentifier(name) ? `data.${name}` : `data[${str(name)}]`;
    if (setup.length) lines.push('{', ...setup.map((l) => `  ${l}`), `  ${key} = ${read};`, '}');
    else lines.push(`${key} = ${read};`);
  }
  lines.push("await test.info().attach('extracted data', { body: JSON.stringify(data, null, 2), contentType: 'application/json' });");
  return { title: `Extract ${oneLine([...fields.keys()].join(', '))}`, lines };
}

/** The one source of textToValue (the build copies it into the package for this read). */
const TEXT_VALUE = new URL('../../../lib/json-schema/text-value.ts', import.meta.url);
let textValueSource: string | undefined;

/** textToValue() as it stands in lib/json-schema/text-value.ts, without `export`; its types stripped for JavaScript. */
export function textToValueFunction(language: Language): string {
  textValueSource ??= readFileSync(TEXT_VALUE, 'utf8');
  const start = textValueSource.indexOf('/**\n * The value of `text`');
  if (start < 0) throw new Error('lib/json-schema/text-value.ts lost the doc comment of textToValue');
  const fn = textValueSource.slice(start).replace('export function textToValue(', 'function textToValue(').trimEnd();
  return language === 'typescript' ? fn : stripTypes(fn).trimEnd();
}

/** totp(): the current code of the TOTP secret in process.env[name] (a base32 secret or an otpauth://totp/ URI). */
export function totpFunction(language: Language): string {
  const ts = language === 'typescript';
  return [
    "/** The current code of the TOTP secret in process.env[name] (base32 or an otpauth://totp/ URI), by the otpauth package. */",
    `function totp(name${ts ? ': string' : ''})${ts ? ': string' : ''} {`,
    "  const value = (process.env[name] ?? '').trim();",
    "  if (!value) throw new Error(`Environment variable ${name} is not set (a TOTP secret: base32 or an otpauth://totp/ URI)`);",
    '  const generator = /^otpauth:/i.test(value)',
    '    ? OTPAuth.URI.parse(value)',
    "    : new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(value.replace(/[\\s-]+/g, '').toUpperCase().replace(/=+$/, '')) });",
    '  return generator.generate();',
    '}',
  ].join('\n');
}

/**
 * The statements of a step whose action made the page download a file,
 * wrapped the Playwright way: the `download` event awaited around the
 * action, its file name checked and the file saved with the test's output.
 */
export function withDownload(lines: string[], call: ToolCallRecord): string[] {
  const downloads = call.outcome?.downloads ?? [];
  if (!downloads.length) return lines;
  const kept = downloads.find((d) => d.id);
  // A download the service did not keep (a cap) still happened: its event
  // is awaited too, or it would arrive during the next step's wait.
  if (!kept) return ["const downloadPromise = page.waitForEvent('download');", ...lines, 'await downloadPromise;'];
  return [
    "const downloadPromise = page.waitForEvent('download');",
    ...lines,
    'const download = await downloadPromise;',
    ...(/\$\{/.test(kept.fileName) ? [] : [`expect(download.suggestedFilename()).toBe(${str(kept.fileName)});`]),
    'await download.saveAs(test.info().outputPath(download.suggestedFilename()));',
  ];
}
