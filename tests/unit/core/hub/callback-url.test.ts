import { describe, expect, it } from 'vitest';
import { checkCallbackUrl } from '../../../../core/hub/callback-url.ts';
import { parseCidrList } from '../../../../core/hub/cidr.ts';

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
