/** Turns a LevelDB open failure into one readable startup line. */

interface LevelError {
  code?: string;
  message?: string;
  cause?: LevelError;
}

/** Whether the failure is LevelDB's LOCK file being held (another process, or another handle here). */
export function isLockError(err: unknown): boolean {
  const e = err as LevelError | undefined;
  if (!e) return false;
  if (e.code === 'LEVEL_LOCKED') return true;
  if (e.code !== 'LEVEL_DATABASE_NOT_OPEN') return false;
  const cause = e.cause;
  return cause?.code === 'LEVEL_LOCKED' || /\block\b/i.test(cause?.message ?? '');
}

/** The one-line message a person sees when `dbPath` cannot be opened. */
export function describeOpenError(err: unknown, dbPath: string): string {
  if (isLockError(err)) {
    return `The data directory ${dbPath} is in use by another browserflow process (LevelDB lock). Stop it or choose another --data-dir.`;
  }
  const e = err as LevelError | undefined;
  const reason = e?.cause?.message ?? e?.message ?? String(err);
  return `Cannot open the database in ${dbPath}: ${reason}`;
}
