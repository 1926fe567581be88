/**
 * Opens a trace zip with playwright-core's own trace tooling, as
 * `npx playwright show-trace` does: the zip extracted (`extractTrace`),
 * loaded by its `TraceLoader` and modelled by its `TraceModel`. A trace the
 * viewer could not open throws here.
 */
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

/** One action of the model: a group or an API call, with its attachments. */
export interface TraceAction {
  title?: string;
  method: string;
  callId: string;
  parentId?: string;
  attachments?: Array<{ name: string; contentType: string; base64?: string }>;
}

/** The model's actions (in time order) and every file of the trace. */
export async function loadTrace(zip: Buffer): Promise<{ actions: TraceAction[]; titleOf(action: TraceAction): string }> {
  const core = require('playwright-core/lib/coreBundle') as any;
  const dir = await mkdtemp(join(tmpdir(), 'bf-trace-'));
  try {
    const file = join(dir, 'trace.zip');
    await writeFile(file, zip);
    const out = join(dir, 'x');
    await core.tools.extractTrace(file, out);
    const loader = new core.iso.TraceLoader();
    await loader.load(new core.tools.DirTraceLoaderBackend(out), undefined, () => {});
    const model = new core.iso.TraceModel(file, loader.contextEntries);
    return { actions: model.actions as TraceAction[], titleOf: (a) => core.iso.renderTitleForCall(a) as string };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
