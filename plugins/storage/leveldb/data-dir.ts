/**
 * The data directory holds secrets (GPT keys, env values): only its owner
 * may read it. A new one is created with mode 0700. An existing one is never
 * chmodded behind its owner's back (`--data-dir /tmp` or `$HOME` would lose
 * their modes): if group or others can access it, startup is refused, unless
 * it is empty and this user's, which is the state of a folder made for the
 * purpose a moment ago (`mkdir data`): that one is tightened to 0700.
 */
import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { StartupError } from '../../../kernel/errors';

const octal = (mode: number) => (mode & 0o7777).toString(8).padStart(4, '0');

/** Creates `dir` (mode 0700), or checks that an existing one is private; throws StartupError otherwise. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  let info = await statOrUndefined(dir);
  if (!info) {
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new StartupError(`Cannot create the data directory ${dir}: ${(err as Error).message}`);
    }
    return;
  }
  if (!info.isDirectory()) {
    throw new StartupError(`The data directory ${dir} is not a directory. Choose another --data-dir (settings.dataDir).`);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) {
    throw new StartupError(`The data directory ${dir} belongs to another user (uid ${info.uid}); browserflow keeps GPT keys and environment values there, so it must be a directory of the user running it (uid ${uid}). Choose another --data-dir.`);
  }
  if ((info.mode & 0o077) === 0) return;
  if ((await readdir(dir)).length === 0) {
    await chmod(dir, 0o700);
    info = await stat(dir);
    if ((info.mode & 0o077) === 0) return;
  }
  // A shared folder (/tmp: world-writable, sticky) is never meant for one program: no chmod advice for it.
  const shared = (info.mode & 0o1002) !== 0;
  const advice = shared
    ? `Choose a new --data-dir, e.g. ${dir.replace(/\/+$/, '')}/browserflow (a directory that does not exist yet is created with mode 0700).`
    : `Run chmod 700 ${dir} if it is meant for browserflow alone, or choose a new --data-dir (a directory that does not exist yet is created with mode 0700).`;
  throw new StartupError(`The data directory ${dir} is accessible by other users (mode ${octal(info.mode)}) and is not empty; browserflow keeps GPT keys and environment values there and does not change the mode of an existing directory. ${advice}`);
}

/**
 * A folder inside the (private) data directory: created 0700 when missing,
 * left as it is otherwise (the data directory's mode already keeps others out).
 */
export async function ensureSubdir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new StartupError(`Cannot create ${dir}: ${(err as Error).message}`);
  }
}

async function statOrUndefined(dir: string) {
  try {
    return await stat(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StartupError(`Cannot read the data directory ${dir}: ${(err as Error).message}`);
  }
}
