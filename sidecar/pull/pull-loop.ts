import { redactSecrets } from '../../core/import/pull/redact-secrets.ts';
import type { Logger } from '../logger.ts';
import { recordPullReport, type PullHealth } from './pull-health.ts';
import type { PullRunReport } from '../../core/import/pull/pull-report.ts';

export interface PullLoopDeps {
  schedule: string;
  logger: Logger;
  /** Pull every source and verify (a child process in production, see run-pull-child.ts). */
  pull: () => Promise<PullRunReport>;
  /** Build when the inputs changed ('unchanged' when dist/ is current); rejects when the build fails. */
  rebuild: () => Promise<'built' | 'unchanged'>;
  /** Load the new build now (the dist watcher), so the hub publishes the topics that changed. */
  publish: () => Promise<unknown>;
  wallClock?: () => number;
  /** Values never to log or show (the credentials in the pull child's environment). */
  secrets?: readonly string[];
}

export interface PullLoop {
  /** One run: pull → verify → build when content changed → publish. Never overlaps; never throws. */
  run(): Promise<PullHealth['lastOutcome'] | 'skipped'>;
  health(): PullHealth;
}

/**
 * How long runs may find the content folder held, run after run, before it is a failure: an import of 100,000 rows takes
 * minutes, so hours mean a command that hung (or was stopped and left its lock with a live pid); a nightly schedule
 * fails on the second night in a row.
 */
export const HELD_TOO_LONG_MS = 6 * 3600 * 1000;

/**
 * The loop the sidecar schedules (PULL_CRON): new review at the provider → pulled → verified → built →
 * published to WebSub subscribers. A run while one is going is skipped, and so is a run that finds the content
 * folder held by another command (the pull's content lock: a hand-run import, verify, moderate or pull; a
 * warning, not a failure — until the runs have found it held for HELD_TOO_LONG_MS). A failed step is logged with its reason
 * and ends the run before the build: the served build stays. A failed source does not stop the others.
 */
export function createPullLoop(deps: PullLoopDeps): PullLoop {
  const clock = deps.wallClock ?? Date.now;
  // The child already scrubs its messages; this is the sidecar's own guard on what it logs and serves.
  const scrub = (text: string) => redactSecrets(text, deps.secrets ?? []);
  const health: PullHealth = { schedule: deps.schedule, running: false, lastRunAt: null, lastOutcome: null, lastError: null, sources: {} };
  // When the runs started finding the content folder held, run after run (null: the last run found it free).
  let busySince: number | null = null;
  const finish = (outcome: 'built' | 'unchanged' | 'failed', error: string | null) => {
    health.lastOutcome = outcome;
    health.lastError = error;
    return outcome;
  };
  return {
    health: () => structuredClone(health),
    async run() {
      if (health.running) {
        deps.logger.warn('pull_skipped', { reason: 'the previous run is still going' });
        return 'skipped';
      }
      health.running = true;
      const at = new Date(clock()).toISOString();
      const previousRunAt = health.lastRunAt;
      health.lastRunAt = at;
      deps.logger.info('pull_started', {});
      try {
        let report: PullRunReport;
        try {
          report = await deps.pull();
        } catch (e) {
          const message = scrub(String((e as Error).message ?? e));
          // A hand-run import, verify or moderate holds the folder: nothing was done, the next run does it.
          if ((e as Error).name === 'ContentBusyError') {
            busySince ??= clock();
            // Held at every run for hours: no hand-run command takes that long, so it is a hung one, and no review
            // is published until someone looks: a failure, which monitoring sees, not one more warning.
            if (clock() - busySince >= HELD_TOO_LONG_MS) {
              const since = new Date(busySince).toISOString();
              deps.logger.error('pull_failed', { step: 'lock', since, error: message.slice(0, 2000) });
              return finish(
                'failed',
                `lock: the content folder has been held by another command at every run since ${since}: ${message.slice(0, 500)}`,
              );
            }
            health.lastRunAt = previousRunAt; // nothing ran: /healthz keeps the time beside its outcome
            deps.logger.warn('pull_skipped', { reason: 'another command is changing the content folder', detail: message.slice(0, 500) });
            return 'skipped';
          }
          busySince = null;
          deps.logger.error('pull_failed', { step: 'pull', error: message.slice(0, 2000) });
          return finish('failed', `pull: ${message.slice(0, 500)}`);
        }
        busySince = null;
        report = {
          ...report,
          sources: report.sources.map((s) => ({ ...s, error: s.error === null ? null : scrub(s.error) })),
          verify: report.verify && { ...report.verify, error: report.verify.error === null ? null : scrub(report.verify.error) },
        };
        recordPullReport(health, report, at);
        for (const s of report.sources)
          if (s.error) deps.logger.error('pull_source_failed', { source: s.source, error: s.error.slice(0, 2000) });
          else deps.logger.info('pull_source', { source: s.source, new: s.new, updated: s.updated, unchanged: s.unchanged, pages: s.pages });
        if (report.verify?.error) {
          deps.logger.error('pull_failed', { step: 'verify', error: report.verify.error.slice(0, 2000) });
          return finish('failed', `verify: ${report.verify.error}`);
        }
        if (report.verify)
          deps.logger.info('pull_verified', { matched: report.verify.matched, queued: report.verify.queued, unmatched: report.verify.unmatched });
        let outcome: 'built' | 'unchanged';
        try {
          outcome = await deps.rebuild();
        } catch (e) {
          const message = scrub(String((e as Error).message ?? e));
          deps.logger.error('pull_failed', { step: 'build', error: message.slice(-2000) });
          return finish('failed', `build: ${message.slice(-500)}`);
        }
        if (outcome === 'built') await deps.publish();
        const sourceError = report.sources.find((s) => s.error);
        deps.logger.info('pull_finished', { outcome, changed: report.changed });
        return finish(outcome, sourceError ? `${sourceError.source}: ${sourceError.error}` : null);
      } finally {
        health.running = false;
      }
    },
  };
}
