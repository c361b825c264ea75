import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCallbackUrl } from '../../../core/hub/callback-url.ts';
import { parseCidrList } from '../../../core/hub/cidr.ts';
import { classifyDeliveryOutcome, isChallengeEchoed } from '../../../core/hub/delivery-outcome.ts';
import { DEFAULT_LEASE_POLICY, grantLease } from '../../../core/hub/lease.ts';
import { parseDuration, parseDurationList } from '../../../core/hub/parse-duration.ts';
import { signPayload, verifyPayloadSignature } from '../../../core/hub/payload-signature.ts';
import { MAX_RETRY_DELAY_MS, retryDelay } from '../../../core/hub/retry-delay.ts';

describe('parseDuration', () => {
  it('reads units and bare seconds', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('5m')).toBe(300_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('10d')).toBe(864_000_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration('3600')).toBe(3_600_000);
    expect(parseDuration('5 minutes')).toBeNull();
    expect(parseDurationList('30s, 5m,30m')).toEqual([30_000, 300_000, 1_800_000]);
    expect(parseDurationList('30s,,x')).toBeNull();
    expect(parseDurationList('')).toBeNull();
  });
});

describe('retryDelay', () => {
  const delays = [30_000, 300_000, 1_800_000];
  it('follows the configured schedule without jitter', () => {
    expect(retryDelay(1, delays, () => 0.5)).toBe(30_000);
    expect(retryDelay(2, delays, () => 0.5)).toBe(300_000);
    expect(retryDelay(3, delays, () => 0.5)).toBe(1_800_000);
    expect(retryDelay(4, delays, () => 0.5)).toBe(3_600_000);
    expect(retryDelay(40, delays, () => 0.5)).toBe(MAX_RETRY_DELAY_MS);
  });
  it('spreads by ±jitter from the injected random source', () => {
    expect(retryDelay(1, delays, () => 0, 0.2)).toBe(24_000);
    expect(retryDelay(1, delays, () => 0.999999, 0.2)).toBe(36_000);
    expect(retryDelay(1, delays, () => 0.3, 0)).toBe(30_000);
  });
  it('stays inside the jitter band and grows with the attempt (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const d = retryDelay(attempt, delays, () => r, 0.2);
        const base = retryDelay(attempt, delays, () => 0.5, 0.2);
        expect(d).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(d).toBeLessThanOrEqual(Math.ceil(base * 1.2));
        if (attempt > 1) expect(base).toBeGreaterThanOrEqual(retryDelay(attempt - 1, delays, () => 0.5, 0.2));
      }),
    );
  });
});

describe('payload signature (WebSub §8)', () => {
  it('is sha256=<hex HMAC> of the exact bytes', () => {
    const body = Buffer.from('<feed/>');
    // Known answers computed outside this code: `printf '%s' '<feed/>' | openssl dgst -sha256 -hmac s3cret`, and
    // RFC 4231 test case 2 (key "Jefe", data "what do ya want for nothing?").
    expect(signPayload('s3cret', body)).toBe('sha256=1b9591b5322baa7463554820f41fe27e650c767e2fbc4a934c5aa90e9cc27c7c');
    expect(signPayload('Jefe', Buffer.from('what do ya want for nothing?'))).toBe(
      'sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(verifyPayloadSignature('s3cret', body, signPayload('s3cret', body))).toBe(true);
    expect(verifyPayloadSignature('other', body, signPayload('s3cret', body))).toBe(false);
    expect(verifyPayloadSignature('s3cret', Buffer.from('<feed />'), signPayload('s3cret', body))).toBe(false);
    expect(verifyPayloadSignature('s3cret', body, undefined)).toBe(false);
  });
});

describe('grantLease', () => {
  it('defaults to 10 days and clamps to [1 h, 30 d]', () => {
    expect(grantLease(undefined)).toBe(864_000);
    expect(grantLease(60)).toBe(3_600);
    expect(grantLease(7_200)).toBe(7_200);
    expect(grantLease(10 ** 9)).toBe(2_592_000);
    expect(grantLease(0, DEFAULT_LEASE_POLICY)).toBe(3_600);
  });
});

describe('delivery outcome and challenge', () => {
  it('acknowledges only 2xx; 410 is gone; everything else retries', () => {
    expect(classifyDeliveryOutcome(200)).toBe('delivered');
    expect(classifyDeliveryOutcome(204)).toBe('delivered');
    expect(classifyDeliveryOutcome(410)).toBe('gone');
    for (const s of [301, 302, 304, 400, 404, 429, 500, 503, null]) expect(classifyDeliveryOutcome(s)).toBe('failed');
  });
  it('needs 2xx and the exact challenge', () => {
    expect(isChallengeEchoed(200, 'abc', 'abc')).toBe(true);
    expect(isChallengeEchoed(200, 'abc\n', 'abc')).toBe(false);
    expect(isChallengeEchoed(302, 'abc', 'abc')).toBe(false);
    expect(isChallengeEchoed(404, 'abc', 'abc')).toBe(false);
    expect(isChallengeEchoed(null, 'abc', 'abc')).toBe(false);
  });
});

describe('checkCallbackUrl', () => {
  const none = parseCidrList('').cidrs;
  it.each([
    ['http://example.com/cb', 'insecure_callback'],
    ['ftp://example.com/cb', 'insecure_callback'],
    ['javascript:alert(1)', 'insecure_callback'],
    ['https://user:pw@example.com/cb', 'credentials'],
    ['https://user@example.com/cb', 'credentials'],
    ['https://example.com/cb#frag', 'fragment'],
    ['https://example.com/cb#', 'fragment'],
    ['/relative', 'invalid_url'],
    ['https://', 'invalid_url'],
    [`https://example.com/${'a'.repeat(2100)}`, 'too_long'],
    ['https://127.0.0.1/cb', 'forbidden_address'],
    ['https://2130706433/cb', 'forbidden_address'],
    ['https://0x7f.1/cb', 'forbidden_address'],
    ['https://0177.0.0.1/cb', 'forbidden_address'],
    ['https://127.1/cb', 'forbidden_address'],
    ['https://[::1]/cb', 'forbidden_address'],
    ['https://[::ffff:127.0.0.1]/cb', 'forbidden_address'],
    ['https://[::ffff:a9fe:a9fe]/cb', 'forbidden_address'],
    ['https://169.254.169.254/latest/meta-data', 'forbidden_address'],
    ['https://10.0.0.1/cb', 'forbidden_address'],
    ['https://[fd00::1]/cb', 'forbidden_address'],
    ['https://[fe80::1]/cb', 'forbidden_address'],
    ['https://100.64.0.1/cb', 'forbidden_address'],
    ['https://0.0.0.0/cb', 'forbidden_address'],
    ['https://224.0.0.1/cb', 'forbidden_address'],
  ])('%s → %s', (url, code) => {
    const r = checkCallbackUrl(url, none);
    expect(r.ok ? 'ok' : r.code).toBe(code);
  });
  it('accepts https URLs with a query, and allowlisted literals', () => {
    const r = checkCallbackUrl('https://Sub.Example.com:8443/cb?id=1&x=%20', none);
    expect(r.ok && r.host).toBe('sub.example.com');
    expect(checkCallbackUrl('https://127.0.0.1:9/cb', parseCidrList('127.0.0.0/8').cidrs).ok).toBe(true);
    expect(checkCallbackUrl('https://localhost/cb', none).ok).toBe(true); // names are checked after resolution
  });
});
