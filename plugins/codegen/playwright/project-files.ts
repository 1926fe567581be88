/**
 * The files of a generated Playwright Test project (POST /api/flows/project),
 * as name -> text, in JavaScript or TypeScript. Zipping is zip.ts's job.
 */
import type { CodegenFlow, CodegenOptions } from '../../../lib/export/codegen-emitter';
import { baseOrigin } from './base-url';
import { helperFeatures, helperModule, type Language } from './helper-source';
import { otpauthVersion, packageJson, playwrightConfig, playwrightVersion, tsconfigJson } from './project-config';
import { envExample, readme, type ProjectUse } from './project-docs';
import { uniqueSlug } from './slug';
import { buildTestFile, testIdAttributeFor } from './test-file';
import { emptyLayout, missingSetups, placeSpec, profileProjects } from './project-profiles';

export { playwrightVersion } from './project-config';
export { uniqueSlug } from './slug';

/** Every file of the project for `flows`, in a stable order. */
export function projectFiles(flows: CodegenFlow[], options: CodegenOptions): Map<string, string> {
  const language: Language = options.language ?? 'javascript';
  const ext = language === 'typescript' ? 'ts' : 'js';
  const origin = baseOrigin(flows);
  const testIdAttribute = testIdAttributeFor(flows);
  const files = new Map<string, string>();
  const slugs = new Set<string>();
  const envVars = new Set<string>();
  const used = { env: false, locate: false };
  let uploads = false;
  const totpVars = new Set<string>();
  const specs: { path: string; name: string }[] = [];
  const profiles = emptyLayout();
  for (const cf of flows) {
    const test = buildTestFile(cf, options, { layout: 'project', language, origin, testIdAttribute });
    // A flow that saved a browser profile is a setup of the tests that start from it.
    const path = `tests/${uniqueSlug(cf.flow.name, slugs)}.${cf.flow.saveProfileAs ? 'setup' : 'spec'}.${ext}`;
    placeSpec(profiles, path, cf.flow);
    test.envVars.forEach((n) => envVars.add(n));
    used.env ||= test.helper.env;
    used.locate ||= test.helper.locate;
    uploads ||= test.source.includes('BROWSERFLOW_UPLOAD_DIR');
    if (test.totp) for (const n of cf.flow.totpEnvVars ?? []) if (test.envVars.includes(n)) totpVars.add(n);
    specs.push({ path, name: cf.flow.name });
    files.set(path, test.source);
  }
  const version = playwrightVersion();
  const features = helperFeatures(used, options);
  const use: ProjectUse = { envVars: [...envVars].sort(), totpVars: [...totpVars].sort(), ...features, uploads, origin, testIdAttribute,
    profiles: { saved: [...profiles.setups.keys()].sort(), missing: missingSetups(profiles) } };
  files.set('package.json', packageJson(language, version, totpVars.size ? { otpauth: otpauthVersion() } : {}));
  files.set(`playwright.config.${ext}`, playwrightConfig(options, origin, testIdAttribute, profileProjects(profiles)));
  if (language === 'typescript') files.set('tsconfig.json', tsconfigJson());
  if (used.env || used.locate) files.set(`helpers/locate.${ext}`, helperModule(features, language));
  files.set('README.md', readme(specs, use, options, language, version));
  files.set('.env.example', envExample(use));
  files.set('.gitignore', `node_modules/\ntest-results/\nplaywright-report/\nblob-report/\n.env\n${profiles.setups.size || profiles.users.size ? '.auth/\n' : ''}`);
  return files;
}
