// Loaded before every test file (run-tests.mjs passes it with --import).
// tsyringe needs the Reflect metadata API.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { after } from 'node:test';

/**
 * How long a test file's process may go on once its tests are done and its
 * `after` hooks have begun (stopping a service, a Grid, browsers): past
 * it the file fails, naming what still holds the process. Without this a
 * hook that never returns, or a leaked server, child process or timer,
 * keeps the file, and the whole run, waiting until CI gives up.
 */
const EXIT_GUARD_MS = Number(process.env.TEST_EXIT_GUARD_MS) || 120_000;

// Registered before the file's own hooks, so it runs first among them.
after(() => {
  const guard = setTimeout(() => {
    let children = '';
    try {
      children = execFileSync('ps', ['-o', 'pid=,etimes=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).trim();
    } catch {
      children = '(none)';
    }
    process.stderr.write(
      `\ntest/setup.ts: ${process.argv[1] ?? 'this test file'} has not exited ${EXIT_GUARD_MS} ms after its tests ended ` +
      `(an after hook still running, or something left open).\n  active resources: ${JSON.stringify(process.getActiveResourcesInfo())}\n` +
      `  child processes:\n${children.split('\n').map((l) => `    ${l.slice(0, 300)}`).join('\n')}\n`,
    );
    process.exit(1);
  }, EXIT_GUARD_MS);
  // Never what keeps the process alive: a file that ends normally exits at once.
  guard.unref();
});
