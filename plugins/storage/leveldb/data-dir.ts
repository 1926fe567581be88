/** The data directory holds secrets (GPT keys, env values): only its owner may read it. */
import { chmod, mkdir, stat } from 'node:fs/promises';

/** Creates `dir` with mode 0700, or tightens an existing one that group/others can access. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { mode } = await stat(dir);
  if ((mode & 0o077) !== 0) await chmod(dir, 0o700);
}
