import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCidrList } from '../../../../../core/hub/cidr.ts';
import { createOutboundClient, type OutboundClient } from '../../../../../sidecar/hub/outbound/outbound-client.ts';
import { BlockedAddressError, resolveAllowedAddress, type HostResolver } from '../../../../../sidecar/hub/outbound/pinned-connector.ts';
import { verifyIntent, withHubParams } from '../../../../../sidecar/hub/verify/verify-intent.ts';
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from '../../../../helpers/https-subscriber.ts';

const fixed =
  (table: Record<string, string[]>): HostResolver =>
  async (h) =>
    (table[h] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const loopback = parseCidrList('127.0.0.0/8').cidrs;

describe('resolveAllowedAddress', () => {
  const resolve = fixed({
    'pub.test': ['93.184.216.34'],
    'lo.test': ['127.0.0.1'],
    'mix.test': ['93.184.216.34', '10.0.0.1'],
    'v6.test': ['::ffff:169.254.169.254'],
  });
  it('returns the checked address for public names and literals', async () => {
    expect((await resolveAllowedAddress('pub.test', resolve, [], 1_000)).bytes).toEqual(new Uint8Array([93, 184, 216, 34]));
    expect((await resolveAllowedAddress('8.8.8.8', resolve, [], 1_000)).family).toBe(4);
  });
  it.each([
    ['lo.test', 'loopback'],
    ['mix.test', 'private'],
    ['v6.test', 'metadata'],
    ['none.test', 'unresolvable'],
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
  ])('refuses %s (%s)', async (host, cls) => {
    await expect(resolveAllowedAddress(host, resolve, [], 1_000)).rejects.toMatchObject({ name: 'BlockedAddressError', addressClass: cls });
  });
  it('honours the allowlist and bounds the lookup time', async () => {
    expect((await resolveAllowedAddress('lo.test', resolve, loopback, 1_000)).family).toBe(4);
    const never: HostResolver = () => new Promise(() => {});
    await expect(resolveAllowedAddress('slow.test', never, [], 50)).rejects.toMatchObject({ code: 'HUB_DNS_TIMEOUT' });
    expect(new BlockedAddressError('private').message).not.toContain('10.');
  });
});

describe('withHubParams', () => {
  it('keeps the callback query string exactly and appends ours', () => {
    expect(withHubParams('https://a.example/cb', { 'hub.mode': 'subscribe' })).toBe('https://a.example/cb?hub.mode=subscribe');
    expect(withHubParams('https://a.example/cb?x=a%20b&y', { 'hub.mode': 'denied', 'hub.reason': 'a b' })).toBe(
      'https://a.example/cb?x=a%20b&y&hub.mode=denied&hub.reason=a+b',
    );
    expect(withHubParams('https://a.example/cb?', { a: '1' })).toBe('https://a.example/cb?a=1');
  });
});

describe('outbound client (real HTTPS)', () => {
  let ca: TestCa;
  let sub: HttpsSubscriber;
  let client: OutboundClient;
  let calls = 0;
  beforeAll(async () => {
    ca = createTestCa();
    sub = await startHttpsSubscriber({ ca, dnsNames: ['cb.test', 'localhost'] });
    client = createOutboundClient({
      resolve: async (h) => {
        calls++;
        return h === 'cb.test' || h === 'other.test' ? [{ address: '127.0.0.1', family: 4 }] : [];
      },
      allow: loopback,
      connectTimeoutMs: 1_000,
      connectionsPerOrigin: 2,
      caFile: ca.caFile,
      userAgent: 'test-hub',
    });
  });
  afterAll(async () => {
    await client.close();
    await sub.close();
    ca.dispose();
  });

  it('verifies intent through the pinned connection (SNI + certificate of the name)', async () => {
    sub.script('/v', {});
    expect(
      await verifyIntent(client, {
        mode: 'subscribe',
        callback: sub.url('/v?k=1', 'cb.test'),
        topic: 'http://t.example/feed.xml',
        leaseSeconds: 60,
        timeoutMs: 2_000,
      }),
    ).toEqual({ verified: true });
    const v = sub.verificationsFor('/v')[0]!;
    expect([v.host, v.query.get('k'), v.query.get('hub.lease_seconds')]).toEqual(['cb.test', '1', '60']);
    expect(calls).toBeGreaterThanOrEqual(1);
  });

  it('reads no more of a body than needed and does not follow redirects', async () => {
    sub.script('/big', { verify: { body: 'x'.repeat(1_000_000) } });
    const r = await client.send(sub.url('/big', 'cb.test'), { method: 'GET', timeoutMs: 2_000, readBytes: 10 });
    expect(r.ok && r.body.length).toBe(11);
    sub.script('/redirect', { verify: { status: 302, headers: { location: '/v' } } });
    const redirected = await client.send(sub.url('/redirect', 'cb.test'), { method: 'GET', timeoutMs: 2_000, readBytes: 10 });
    expect(redirected.ok && redirected.status).toBe(302);
  });

  it('times out', async () => {
    sub.script('/hang', { verify: 'hang' });
    const started = Date.now();
    const r = await client.send(sub.url('/hang', 'cb.test'), { method: 'GET', timeoutMs: 300, readBytes: 10 });
    expect(r).toMatchObject({ ok: false, failure: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses certificates that do not match and hosts outside the policy', async () => {
    const mismatch = await client.send(`https://other.test:${sub.port}/x`, { method: 'GET', timeoutMs: 2_000, readBytes: 0 });
    expect(mismatch).toMatchObject({ ok: false, failure: 'tls' });
    const blocked = await client.send(`https://10.0.0.1:${sub.port}/x`, { method: 'GET', timeoutMs: 2_000, readBytes: 0 });
    expect(blocked).toMatchObject({ ok: false, failure: 'blocked', detail: 'private' });
  });
});
