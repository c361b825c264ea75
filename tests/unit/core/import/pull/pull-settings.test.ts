/** Issue 25 — the pure parts of the live pulls: settings and the sources file. */
import { describe, expect, it } from 'vitest';
import { PullSettingsSchema } from '../../../../../core/import/pull/pull-settings.ts';
import { PullSourcesSchema } from '../../../../../core/schemas/pull-sources-schema.ts';

describe('pull settings', () => {
  it('defaults to the real services', () => {
    expect(PullSettingsSchema.parse({})).toMatchObject({
      GOOGLE_API_BASE_URL: 'https://mybusiness.googleapis.com',
      GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com/token',
      TRUSTPILOT_API_BASE_URL: 'https://api.trustpilot.com',
    });
  });

  it('accepts plain http only on loopback addresses', () => {
    for (const ok of ['http://127.0.0.1:8080', 'http://localhost:1', 'http://[::1]:9', 'https://proxy.example.com/'])
      expect(PullSettingsSchema.safeParse({ GOOGLE_API_BASE_URL: ok }).success).toBe(true);
    for (const bad of ['http://10.0.0.1', 'http://example.com', 'ftp://127.0.0.1', 'https://a.example/?key=1', 'https://user:pw@a.example', 'nope'])
      expect(PullSettingsSchema.safeParse({ TRUSTPILOT_API_BASE_URL: bad }).success).toBe(false);
    expect(PullSettingsSchema.parse({ GOOGLE_API_BASE_URL: 'https://a.example/' }).GOOGLE_API_BASE_URL).toBe('https://a.example');
  });

  it('business.json names locations and business units by their ids, checked', () => {
    expect(
      PullSourcesSchema.safeParse({ google: { locations: ['accounts/1/locations/2'] }, trustpilot: { businessUnitId: '507f191e810c19729de860ea' } })
        .success,
    ).toBe(true);
    expect(PullSourcesSchema.safeParse({ google: { locations: ['locations/2'] } }).success).toBe(false);
    expect(PullSourcesSchema.safeParse({ google: { locations: ['accounts/1/locations/2'] }, apiKey: 'x' }).success).toBe(false);
  });
});
