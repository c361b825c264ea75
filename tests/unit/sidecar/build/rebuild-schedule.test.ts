import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HubConfigShape } from '../../../../sidecar/hub/hub-config.ts';
import { scheduleRebuild } from '../../../../sidecar/build/rebuild-schedule.ts';
import { loadConfig, SidecarConfigSchema } from '../../../../sidecar/config.ts';
import { silentLogger, type Logger } from '../../../../sidecar/logger.ts';

describe("REBUILD_CRON (the sidecar's scheduler)", () => {
  beforeEach(() => void vi.useFakeTimers({ now: new Date('2026-11-24T03:00:00.500Z') }));
  afterEach(() => void vi.useRealTimers());

  it('is a sidecar setting, validated as a cron expression', () => {
    expect(loadConfig({ REBUILD_CRON: '0 3 * * *' }).REBUILD_CRON).toBe('0 3 * * *');
    expect(SidecarConfigSchema.shape.REBUILD_CRON.safeParse('every night').success).toBe(false);
    expect(Object.keys(HubConfigShape)).not.toContain('REBUILD_CRON');
  });

  it('runs the build on schedule, never overlapping, and logs failures', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const events: string[] = [];
    const logger: Logger = { ...silentLogger, info: (e) => events.push(e), error: (e) => events.push(e) };
    const task = scheduleRebuild(
      '* * * * * *',
      async () => {
        overlapped ||= running > 0;
        running++;
        runs++;
        await new Promise((r) => setTimeout(r, 1_500)); // a build that takes 1.5 s of the fake clock
        running--;
        if (runs === 1) throw new Error('content error');
        return 'built';
      },
      logger,
    );
    // Every second from 03:00:00.500 for 4.6 s: the run at :01 fails at :02.5 (the tick at :02 finds it still
    // running and is skipped), the run at :03 builds by :04.5 (:04 skipped), the run at :05 has just started.
    await vi.advanceTimersByTimeAsync(4_600);
    await task.destroy();
    expect(runs).toBe(3);
    expect(overlapped).toBe(false);
    expect(events).toEqual(['rebuild_started', 'rebuild_failed', 'rebuild_started', 'rebuild_finished', 'rebuild_started']);
  });

  it('logs a run whose inputs were unchanged as skipped, not as a build', async () => {
    const events: string[] = [];
    const logger: Logger = { ...silentLogger, info: (e) => events.push(e), error: (e) => events.push(e) };
    const task = scheduleRebuild('* * * * * *', async () => 'unchanged', logger);
    await vi.advanceTimersByTimeAsync(1_000);
    await task.destroy();
    expect(events).toEqual(['rebuild_started', 'rebuild_skipped']);
  });
});
