import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../logger.ts';

/**
 * Runs one rebuild. Resolves 'built' when a build succeeded, 'unchanged' when it was skipped because
 * dist/ was already built from the same inputs; rejects with the tail of the build's output otherwise.
 */
export type RebuildJob = () => Promise<'built' | 'unchanged'>;

/**
 * REBUILD_CRON: a node-cron task of the sidecar that rebuilds from the content folder on a schedule
 * (runs never overlap). The build swaps the new dist/ in atomically; the dist watcher then loads it,
 * and the hub publishes the topics that changed.
 */
export function scheduleRebuild(expression: string, rebuild: RebuildJob, logger: Logger): ScheduledTask {
  return cron.schedule(
    expression,
    async () => {
      const started = Date.now();
      logger.info('rebuild_started', {});
      try {
        const outcome = await rebuild();
        logger.info(outcome === 'built' ? 'rebuild_finished' : 'rebuild_skipped', { ms: Date.now() - started });
      } catch (e) {
        logger.error('rebuild_failed', { error: String(e).slice(0, 2_000) });
      }
    },
    { name: 'shingle-rebuild', noOverlap: true },
  );
}
