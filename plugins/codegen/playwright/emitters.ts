/**
 * The two Playwright emitters: a single Playwright Test script
 * (GET /api/flows/{id}/code) and a zipped test project (POST /api/flows/project).
 */
import type { CodegenEmitter, CodegenFlow, CodegenOptions } from '../../../kernel/contracts/codegen-emitter';
import type { Logger } from '../../../kernel/logger';
import { projectFiles } from './project-files';
import { buildTestFile } from './test-file';
import { zipFiles } from './zip';

/** Emitter `playwright-test`: one flow as a standalone `@playwright/test` file (ESM JavaScript). */
export function createScriptEmitter(logger: Logger): CodegenEmitter {
  return {
    kind: 'script',
    id: 'playwright-test',
    async emitScript(flow: CodegenFlow, options: CodegenOptions): Promise<string> {
      const file = buildTestFile(flow, options, 'standalone');
      logger.debug('codegen: script emitted', { flowId: flow.flow.id, bytes: file.source.length });
      return file.source;
    },
  };
}

/** Emitter `playwright-project`: several flows as a runnable Playwright Test project, zipped. */
export function createProjectEmitter(logger: Logger): CodegenEmitter {
  return {
    kind: 'project',
    id: 'playwright-project',
    async emitProject(flows: CodegenFlow[], options: CodegenOptions): Promise<Buffer> {
      // Dated when the newest flow finished: meaningful, and stable for the same flows.
      const newest = Math.max(0, ...flows.map((f) => f.flow.completedAt ?? f.flow.createdAt));
      const zip = await zipFiles(projectFiles(flows, options), new Date(newest || Date.now()));
      logger.debug('codegen: project emitted', { flows: flows.length, bytes: zip.length });
      return zip;
    },
  };
}
