/**
 * What the HTML report shows beyond the run record, read from storage:
 * each attempt flow's tokens and cost, the last screenshot of each failed
 * attempt, and the run's heal proposals with their before/after pictures.
 * Pictures are embedded (base64), at most `maxImages` in all; past that a
 * picture is a link.
 */
import { readFile } from 'node:fs/promises';
import type { Storage } from '../../../kernel/contracts/storage';
import type { RunStore } from '../../../lib/qa/run-store';
import type { HealRecord, ImageRef, RunRecord } from '../../../lib/qa/run-types';

/** An image for the report: embedded when within the budget, else a link. */
export interface ReportImage {
  ref: ImageRef;
  /** `data:image/png;base64,...`, or null (over the budget, or the file is gone). */
  dataUri: string | null;
}

export interface AttemptFacts {
  totalTokens: number;
  costUsd: number | null;
  /** The attempt's last screenshot, for a failed attempt. */
  screenshot: ReportImage | null;
}

export interface ReportData {
  run: RunRecord;
  /** By attempt flow id. */
  attempts: Map<string, AttemptFacts>;
  heals: Array<{ heal: HealRecord; before: ReportImage | null; after: ReportImage | null }>;
}

export async function loadReportData(run: RunRecord, storage: Storage, store: RunStore, maxImages = 60): Promise<ReportData> {
  let budget = maxImages;
  const image = async (ref: ImageRef | null): Promise<ReportImage | null> => {
    if (!ref) return null;
    if (budget <= 0) return { ref, dataUri: null };
    const path = await storage.artifacts.imagePath(ref.flowId, ref.imageId);
    if (!path) return { ref, dataUri: null };
    try {
      const png = await readFile(path);
      budget--;
      return { ref, dataUri: `data:image/png;base64,${png.toString('base64')}` };
    } catch {
      return { ref, dataUri: null };
    }
  };
  const attempts = new Map<string, AttemptFacts>();
  for (const result of run.results) {
    for (const attempt of result.attempts) {
      if (!attempt.flowId) continue;
      const flow = await storage.flows.get(attempt.flowId);
      if (!flow) continue;
      const last = flow.imageIds.at(-1);
      attempts.set(attempt.flowId, {
        totalTokens: flow.tokenUsage.totalTokens,
        costUsd: flow.costUsd ?? null,
        screenshot: attempt.state === 'FAILED' && last ? await image({ flowId: flow.id, imageId: last }) : null,
      });
    }
  }
  const heals: ReportData['heals'] = [];
  for (const heal of (await store.heals.list({ runId: run.id, limit: 100 })).heals.reverse()) {
    heals.push({ heal, before: await image(heal.before.screenshot), after: await image(heal.after.screenshot) });
  }
  return { run, attempts, heals };
}
