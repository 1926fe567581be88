/** Starts browserflow as a separate process (as users run it) on a temp config; resolves its URL. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTestConfig, ROOT, type ConfigFileContent } from '../../test/helpers/service';

export interface ServiceProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** `configOverrides`: the last word on the config file (e.g. a plugin's config). */
export async function startServiceProcess(settings: Record<string, unknown>, configOverrides?: (c: ConfigFileContent) => ConfigFileContent): Promise<ServiceProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'bf-bench-'));
  const { configFile } = await writeTestConfig(dir, { settings: { logLevel: 'warn', ...settings }, configOverrides });
  const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), 'serve', '--config', configFile, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`service exited with ${code}`)));
  });
  return {
    url, pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
