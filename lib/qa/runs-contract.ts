/**
 * The runs facade (token RUNS), provided by the runs plugin: what starts,
 * reads and cancels runs, and the changes other plugins follow (schedules
 * start runs, webhooks tell about finished runs and new heal proposals).
 */
import { createToken } from '../../kernel/tokens';
import type { HealRecord, RunPage, RunQuery, RunRecord, RunState, RunTrigger } from './run-types';

/** What a run replays: a suite, or flow ids and/or tags, with the run's options. */
export interface StartRun {
  suite?: string;
  flowIds?: string[];
  tags?: string[];
  repeat?: number;
  concurrency?: number;
  baseUrl?: string;
}

/** A change of the QA loop, in the order it happened (also sent on GET /api/events). */
export type RunChange =
  | { type: 'run'; runId: string; state: RunState; phase: 'created' | 'progress' | 'finished'; at: number }
  | { type: 'heal'; healId: string; runId: string; state: HealRecord['state']; phase: 'proposed' | 'decided'; at: number }
  | { type: 'suite'; name: string; phase: 'saved' | 'deleted'; at: number };

export interface Runs {
  /** Selects the flows, stores the run (RUNNING) and queues its attempts; 400 naming the field when nothing can run. */
  start(request: StartRun, trigger: RunTrigger): Promise<RunRecord>;
  /** The run, or 404 NOT_FOUND. */
  get(runId: string): Promise<RunRecord>;
  list(query: RunQuery): Promise<RunPage>;
  /** Ends a RUNNING run CANCELLED: queued attempts are skipped, live ones cancelled; 409 RUN_NOT_ACTIVE once it has ended. */
  cancel(runId: string): Promise<RunRecord>;
  /** The heal proposal, or 404 NOT_FOUND. */
  heal(healId: string): Promise<HealRecord>;
  /** Follows every change; returns the unsubscribe function. A throwing listener is ignored. */
  subscribe(listener: (change: RunChange) => void): () => void;
}

/** The runs facade. */
export const RUNS = createToken<Runs>('qa.runs');
