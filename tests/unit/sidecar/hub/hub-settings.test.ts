import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HubConfigShape } from '../../../../sidecar/hub/hub-config.ts';
import { resolveHubSettings } from '../../../../sidecar/hub/hub-settings.ts';
import { loadConfig } from '../../../../sidecar/config.ts';

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
