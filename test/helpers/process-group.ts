/** Stopping a test's detached child process together with everything it started (browsers, drivers). */
import type { ChildProcess } from 'node:child_process';

/** SIGKILLs the child's whole process group (it was spawned `detached`) and waits for the child to exit. */
export async function killProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try { process.kill(-child.pid!, 'SIGKILL'); } catch { /* already gone */ }
  await exited;
}
