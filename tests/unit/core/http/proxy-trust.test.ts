import { describe, expect, it } from 'vitest';
import { clientAddress, parseProxyTrust, proxyTrustOf } from '../../../../core/http/proxy-trust.ts';
import { parseConfig } from '../../../../sidecar/config.ts';

describe('TRUST_PROXY', () => {
  it('is false, a hop count or proxy addresses; true (trust everyone) is refused with the fix', () => {
    expect(proxyTrustOf('false')).toEqual({ kind: 'none' });
    expect(proxyTrustOf('0')).toEqual({ kind: 'none' });
    expect(proxyTrustOf('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(proxyTrustOf('10.0.0.5, 2001:db8::/32').kind).toBe('addresses');
    expect(parseProxyTrust('true')).toEqual({ ok: false, message: expect.stringContaining('number of proxies') });
    expect(parseProxyTrust('11').ok).toBe(false);
    expect(parseProxyTrust('proxy.example').ok).toBe(false);
    const refused = parseConfig({ TRUST_PROXY: 'true' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['TRUST_PROXY']);
    expect(parseConfig({ TRUST_PROXY: '1' }).data?.TRUST_PROXY).toBe('1');
  });
});

describe('clientAddress', () => {
  const hops = (n: number) => proxyTrustOf(String(n));

  it('without trust: the socket peer, whatever the header says', () => {
    expect(clientAddress('192.0.2.1', '198.51.100.7', proxyTrustOf('false'))).toBe('192.0.2.1');
  });

  it('one hop: the entry the proxy appended, never one the client wrote', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9', hops(1))).toBe('203.0.113.9');
    // A proxy that appends: the client's forged entries stay on the left.
    expect(clientAddress('127.0.0.1', '198.51.100.1, 198.51.100.2, 203.0.113.9', hops(1))).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', undefined, hops(1))).toBe('127.0.0.1');
  });

  it('two hops: CDN then nginx', () => {
    expect(clientAddress('10.0.0.2', 'forged, 203.0.113.9, 10.0.0.1', hops(2))).toBe('203.0.113.9');
    expect(clientAddress('10.0.0.2', '203.0.113.9', hops(2))).toBe('203.0.113.9');
  });

  it('proxy addresses: walks left past trusted proxies only; a mapped IPv4 peer matches an IPv4 block', () => {
    const trust = proxyTrustOf('10.0.0.0/24');
    expect(clientAddress('::ffff:10.0.0.2', 'forged, 203.0.113.9, 10.0.0.1', trust)).toBe('203.0.113.9');
    expect(clientAddress('192.0.2.50', '203.0.113.9', trust)).toBe('192.0.2.50');
  });

  it('an entry that is not an address ends the walk at the hop that wrote it', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.9, not-an-ip', hops(2))).toBe('127.0.0.1');
  });
});
