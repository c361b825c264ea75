import { createSecretKey } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SESSION_ID_LENGTH, newSessionIdentity, signSessionId, verifySessionId } from '../../../../../sidecar/mcp/session/session-token.ts';

const key = createSecretKey(Buffer.alloc(32, 1));
const claims = { sid: newSessionIdentity(), issuedAt: 1_800_000_000, seenAt: 1_800_000_100 };

describe('session ids', () => {
  it('round-trips the claims and is visible ASCII only', () => {
    const id = signSessionId(key, claims);
    expect(verifySessionId(key, id)).toEqual(claims);
    expect(id).toMatch(/^[\x21-\x7e]+$/);
    expect(id.length).toBeLessThanOrEqual(MAX_SESSION_ID_LENGTH);
  });

  it('refuses ids signed with another key', () => {
    expect(verifySessionId(createSecretKey(Buffer.alloc(32, 2)), signSessionId(key, claims))).toBeNull();
  });

  it('refuses any edited id (property)', () => {
    const id = signSessionId(key, claims);
    fc.assert(
      fc.property(fc.nat({ max: id.length - 1 }), fc.integer({ min: 0x21, max: 0x7e }), (at, code) => {
        const edited = id.slice(0, at) + String.fromCharCode(code) + id.slice(at + 1);
        if (edited === id) return;
        expect(verifySessionId(key, edited)).toBeNull();
      }),
    );
  });

  it('refuses junk, oversized values and seenAt before issuedAt', () => {
    for (const junk of ['', 'abc', 's1....', 'x'.repeat(500), `${signSessionId(key, claims)}.extra`]) expect(verifySessionId(key, junk)).toBeNull();
    expect(verifySessionId(key, signSessionId(key, { ...claims, seenAt: claims.issuedAt - 1 }))).toBeNull();
  });

  it('gives every session a new identity', () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionIdentity));
    expect(ids.size).toBe(1000);
  });
});
