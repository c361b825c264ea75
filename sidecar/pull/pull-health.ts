import type { PullRunReport } from '../../core/import/pull/pull-report.ts';

/** What /healthz shows of one source: when it was last pulled, what came in, the last error (no secret). */
export interface SourceHealth {
  lastPullAt: string;
  lastSuccessAt: string | null;
  new: number;
  updated: number;
  lastError: string | null;
}

/** The pull loop as /healthz shows it. */
export interface PullHealth {
  schedule: string;
  running: boolean;
  lastRunAt: string | null;
  /** pulled → built, pulled with no change, or the step that failed. */
  lastOutcome: 'built' | 'unchanged' | 'failed' | null;
  lastError: string | null;
  sources: Record<string, SourceHealth>;
}

/** Folds one run's report into the health record (a source keeps its last success across failures). */
export function recordPullReport(health: PullHealth, report: PullRunReport, at: string): void {
  for (const s of report.sources) {
    const before = health.sources[s.source];
    health.sources[s.source] = {
      lastPullAt: at,
      lastSuccessAt: s.error ? (before?.lastSuccessAt ?? null) : at,
      new: s.new,
      updated: s.updated,
      lastError: s.error,
    };
  }
}
