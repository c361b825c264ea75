import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HubConfigShape } from '../../../../sidecar/hub/hub-config.ts';
import { resolveHubSettings } from '../../../../sidecar/hub/hub-settings.ts';
import { scheduleRebuild } from '../../../../sidecar/build/rebuild-schedule.ts';
import { loadConfig, SidecarConfigSchema } from '../../../../sidecar/config.ts';
import { silentLogger, type Logger } from '../../../../sidecar/logger.ts';

const Schema = z.object(HubConfigShape);

describe('hub settings', () => {
  it('has safe defaults', () => {
    // The hub's database file is opened by sidecar/storage/open-stores.ts straight from the config.
    expect(loadConfig({}).HUB_DB_PATH).toBe('data/hub.db');
    const s = resolveHubSettings(loadConfig({}));
    expect(s).toMatchObject({
      baseUrl: 'http://localhost:4321',
      retryDelaysMs: [30_000, 300_000, 1_800_000],
      allow: [],
      publishToken: '',
      lease: { defaultSeconds: 864_000, minSeconds: 3_600, maxSeconds: 2_592_000 },
      sweepCron: '*/5 * * * *',
    });
    expect([...s.topics.keys()]).toEqual([
      'http://localhost:4321/feed.xml',
      'http://localhost:4321/api/feed.json',
      'http://localhost:4321/reviews.json',
    ]);
  });
  it('converts durations, CIDRs and cron switches', () => {
    const s = resolveHubSettings(
      loadConfig({
        BASE_URL: 'https://r.example/',
        HUB_RETRY_DELAYS: '1s, 2s',
        HUB_ALLOW_PRIVATE_CALLBACKS: '10.0.0.0/8 ::1',
        HUB_LEASE_MIN: '60',
        HUB_SWEEP_CRON: 'off',
      }),
    );
    expect(s.retryDelaysMs).toEqual([1_000, 2_000]);
    expect(s.allow).toHaveLength(2);
    expect(s.lease.minSeconds).toBe(60);
    expect(s.sweepCron).toBe('');
    expect(s.topics.has('https://r.example/feed.xml')).toBe(true);
  });
  it.each([
    ['HUB_RETRY_DELAYS', '30s,soon'],
    ['HUB_ALLOW_PRIVATE_CALLBACKS', '127.0.0.0/8,localhost'],
    ['HUB_LEASE_DEFAULT', '-1'],
    ['HUB_CONCURRENCY', '0'],
    ['HUB_RETRY_JITTER', '2'],
  ])('rejects %s=%s', (key, value) => {
    expect(Schema.safeParse({ [key]: value }).success).toBe(false);
  });
  it('rejects a minimum lease above the maximum', () => {
    expect(() => resolveHubSettings(loadConfig({ HUB_LEASE_MIN: '40d' }))).toThrow(/HUB_LEASE_MIN/);
  });
});

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
