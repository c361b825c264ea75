/**
 * The fast path and Express send the same common headers (security, CORS) and the same caching
 * headers for the same resource. /reviews.json without a query is answered by the fast path; with a
 * query string the same document goes through Express. Errors: a 414 is written before routing, a
 * 404 by Express.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

let sidecar: TestSidecar;
beforeAll(async () => {
  sidecar = await startSidecar({ distDir: inject('distDir'), baseUrl: inject('baseUrl') });
});
afterAll(async () => sidecar?.close());

/** Headers that must not depend on which path answered. */
const SHARED = [
  'access-control-allow-origin',
  'access-control-expose-headers',
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const pick = (headers: Record<string, string | string[] | undefined>, names: string[]) => Object.fromEntries(names.map((n) => [n, headers[n]]));

describe('fast path and Express agree', () => {
  it('on a data document: security, CORS, caching and validators', async () => {
    const fast = await sidecar.request('/reviews.json', { headers: { 'accept-encoding': 'br' } });
    const viaExpress = await sidecar.request('/reviews.json?via=express', { headers: { 'accept-encoding': 'br' } });
    expect(fast.status).toBe(200);
    expect(viaExpress.status).toBe(200);
    const names = [...SHARED, 'cache-control', 'etag', 'vary', 'content-type', 'content-encoding', 'link', 'last-modified'];
    expect(pick(viaExpress.headers, names)).toEqual(pick(fast.headers, names));
    // Every security header is there, once.
    for (const name of SHARED) expect(typeof fast.headers[name], name).toBe('string');
  });

  it('on errors: the fast path (414) and Express (404) carry the same common headers, and neither is cached', async () => {
    const early = await sidecar.request(`/${'x'.repeat(9000)}`);
    const late = await sidecar.request('/api/no-such-thing');
    expect([early.status, late.status]).toEqual([414, 404]);
    expect(pick(late.headers, SHARED)).toEqual(pick(early.headers, SHARED));
    expect([early.headers['cache-control'], late.headers['cache-control']]).toEqual(['no-store', 'no-store']);
  });
});
