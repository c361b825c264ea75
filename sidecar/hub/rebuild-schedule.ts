import { spawn } from 'node:child_process';
import { join } from 'node:path';
import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from '../logger.ts';

/** Runs one rebuild; resolves when it succeeded, rejects with the tail of its output otherwise. */
export type RunBuild = () => Promise<void>;

/**
 * `node scripts/build.ts` in a child process with the sidecar's environment (CONTENT_DIR,
 * DIST_DIR, BASE_URL …). The build swaps the new dist/ in atomically; the sidecar's watcher then
 * loads it and calls hub.onSnapshot, which publishes the topics that changed.
 */
export function buildInChildProcess(root: string, env: NodeJS.ProcessEnv = process.env): RunBuild {
  return () =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(root, 'scripts', 'build.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let tail = '';
      const keep = (chunk: Buffer) => (tail = (tail + chunk.toString('utf8')).slice(-2_000));
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`build exited with ${code}: ${tail.trim()}`))));
    });
}

/** REBUILD_CRON: a node-cron task that rebuilds from content/ on a schedule; runs never overlap. */
export function scheduleRebuild(expression: string, runBuild: RunBuild, logger: Logger): ScheduledTask {
  return cron.schedule(
    expression,
    async () => {
      const started = Date.now();
      logger.info('hub.rebuild_started', {});
      try {
        await runBuild();
        logger.info('hub.rebuild_finished', { ms: Date.now() - started });
      } catch (e) {
        logger.error('hub.rebuild_failed', { error: String(e).slice(0, 2_000) });
      }
    },
    { name: 'shingle-rebuild', noOverlap: true },
  );
}
