/**
 * Browser profiles in a generated project, the Playwright way: each flow
 * that saved a profile is a setup project (its spec, `*.setup.js`, ends by
 * writing the profile's storageState to `.auth/<name>.json`), and the tests
 * of flows that started from it form a project that depends on that setup
 * and starts from the file (`dependencies` + `use.storageState`). So the
 * project runs green from a clean state: nothing needs to exist before.
 */
import { profileFile } from './test-file';
import { regexLiteral, escapeRegExp, str } from './js-literal';

/** Which spec files save and which start from each profile. */
export interface ProfileLayout {
  /** profile -> spec paths of the flows that saved it. */
  setups: Map<string, string[]>;
  /** profile -> spec paths of the flows that started from it. */
  users: Map<string, string[]>;
}

export function emptyLayout(): ProfileLayout {
  return { setups: new Map(), users: new Map() };
}

const add = (map: Map<string, string[]>, key: string, path: string) => map.set(key, [...(map.get(key) ?? []), path]);

/** Records where a flow's spec goes in the layout. */
export function placeSpec(layout: ProfileLayout, path: string, flow: { profile?: string | null; saveProfileAs?: string | null }): void {
  if (flow.saveProfileAs) add(layout.setups, flow.saveProfileAs, path);
  if (flow.profile) add(layout.users, flow.profile, path);
}

/** The file name of a spec as a regex matching its path's end. */
const fileMatch = (path: string) => regexLiteral(`${escapeRegExp(path.split('/').pop()!)}$`, '');

/** The `projects` entry of playwright.config (lines inside `defineConfig({...})`), or [] when no flow saves or uses a profile. */
export function profileProjects(layout: ProfileLayout): string[] {
  if (!layout.setups.size && !layout.users.size) return [];
  const lines = [
    '// Browser profiles: the flows that saved one run first, as setup projects writing its storageState;',
    '// the tests of flows that started from it depend on them and start from that file.',
    'projects: [',
  ];
  const setupName = (profile: string) => `setup ${profile}`;
  for (const [profile, paths] of layout.setups) {
    lines.push(`  { name: ${str(setupName(profile))}, testMatch: [${paths.map(fileMatch).join(', ')}] },`);
  }
  const usedPaths: string[] = [];
  for (const [profile, paths] of layout.users) {
    // A spec that also saves a profile runs as that setup; here only as a user of its own profile.
    const own = paths.filter((p) => !p.includes('.setup.'));
    if (!own.length) continue;
    usedPaths.push(...own);
    const deps = layout.setups.has(profile) ? `, dependencies: [${str(setupName(profile))}]` : '';
    lines.push(`  { name: ${str(`as ${profile}`)}, testMatch: [${own.map(fileMatch).join(', ')}]${deps}, use: { storageState: ${str(profileFile(profile))} } },`);
  }
  lines.push(`  { name: 'tests', testIgnore: [/\\.setup\\.[jt]s$/${usedPaths.map((p) => `, ${fileMatch(p)}`).join('')}] },`, '],');
  return lines;
}

/** Profiles the project's tests start from that no flow of the project saves (imported, or saved by a flow not exported). */
export function missingSetups(layout: ProfileLayout): string[] {
  return [...layout.users.keys()].filter((p) => !layout.setups.has(p)).sort();
}
