/**
 * The two Playwright emitters: a single Playwright Test script
 * (GET /api/flows/{id}/code) and a zipped test project (POST /api/flows/project).
 */
import type { CodegenEmitter, CodegenFlow, CodegenOptions } from '../../../lib/export/codegen-emitter';
import type { Logger } from '../../../kernel/logger';
import { originOf } from './base-url';
import { projectFiles } from './project-files';
import { uniqueSlug } from './slug';
import { buildTestFile, testIdAttributeFor } from './test-file';
import { zipFiles } from './zip';

/** Emitter `playwright-test`: one flow as a standalone `@playwright/test` file (ES module JavaScript, or TypeScript). */
export function createScriptEmitter(logger: Logger): CodegenEmitter {
  return {
    kind: 'script',
    id: 'playwright-test',
    async emitScript(flow: CodegenFlow, options: CodegenOptions): Promise<string> {
      const language = options.language ?? 'javascript';
      const file = buildTestFile(flow, options, {
        layout: 'standalone',
        language,
        origin: originOf(flow.flow.targetWebsite),
        testIdAttribute: testIdAttributeFor([flow]),
        fileName: `${uniqueSlug(flow.flow.name, new Set())}.spec.${language === 'typescript' ? 'ts' : 'mjs'}`,
      });
      logger.debug('codegen: script emitted', { flowId: flow.flow.id, bytes: file.source.length });
      return file.source;
    },
    stepTitles(flow: CodegenFlow, options: CodegenOptions): Map<string, string> {
      return buildTestFile(flow, options, { layout: 'standalone', language: 'javascript', origin: originOf(flow.flow.targetWebsite), testIdAttribute: testIdAttributeFor([flow]) }).titles;
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
