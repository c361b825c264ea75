import { createSecretKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRevocationStore } from '../../../../sidecar/mcp/session/revocation-store.ts';
import { CLOCK_SKEW_SECONDS, createSessionManager } from '../../../../sidecar/mcp/session/session-manager.ts';
import { createSqliteRevocationStore } from '../../../../sidecar/mcp/session/sqlite-revocation-store.ts';
import { signSessionId, verifySessionId } from '../../../../sidecar/mcp/session/session-token.ts';

const key = createSecretKey(Buffer.alloc(32, 3));
const T0 = Date.UTC(2026, 10, 1);

function setup(idleSeconds = 60) {
  let now = T0;
  const revocations = createMemoryRevocationStore();
  const sessions = createSessionManager({ key, idleSeconds, revocations, now: () => now });
  return { sessions, revocations, advance: (ms: number) => void (now += ms) };
}

describe('session manager', () => {
  it('400 without an id, 404 for one it did not issue', () => {
    const { sessions } = setup();
    expect(sessions.sessionCheck(undefined)).toMatchObject({ ok: false, status: 400 });
    expect(sessions.sessionCheck('')).toMatchObject({ ok: false, status: 400 });
    expect(sessions.sessionCheck('not-a-session')).toMatchObject({ ok: false, status: 404 });
    const foreign = createSessionManager({ key: createSecretKey(Buffer.alloc(32, 9)), idleSeconds: 60, revocations: createMemoryRevocationStore(), now: () => T0 });
    expect(sessions.sessionCheck(foreign.sessionOpen())).toMatchObject({ ok: false, status: 404 });
  });

  it('accepts a fresh id and renews it once time has moved on', () => {
    const { sessions, advance } = setup();
    const id = sessions.sessionOpen();
    expect(sessions.sessionCheck(id)).toMatchObject({ ok: true, renewed: null });
    advance(5_000);
    const check = sessions.sessionCheck(id);
    if (!check.ok || !check.renewed) throw new Error('expected a renewed id');
    const before = verifySessionId(key, id)!;
    const after = verifySessionId(key, check.renewed)!;
    expect(after).toEqual({ sid: before.sid, issuedAt: before.issuedAt, seenAt: before.seenAt + 5 });
  });

  it('expires after the idle window, and renewal slides it', () => {
    const { sessions, advance } = setup(60);
    const id = sessions.sessionOpen();
    advance(60_000);
    expect(sessions.sessionCheck(id)).toMatchObject({ ok: true });
    advance(1_000);
    expect(sessions.sessionCheck(id)).toMatchObject({ ok: false, status: 404, message: expect.stringContaining('expired') });

    const second = sessions.sessionOpen();
    advance(50_000);
    const renewed = sessions.sessionCheck(second);
    if (!renewed.ok || !renewed.renewed) throw new Error('expected renewal');
    advance(50_000);
    expect(sessions.sessionCheck(second)).toMatchObject({ ok: false, status: 404 });
    expect(sessions.sessionCheck(renewed.renewed)).toMatchObject({ ok: true });
  });

  it('refuses ids from the future beyond the tolerated clock skew', () => {
    const { sessions } = setup();
    const t = Math.floor(T0 / 1000);
    const sid = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(sessions.sessionCheck(signSessionId(key, { sid, issuedAt: t, seenAt: t + CLOCK_SKEW_SECONDS }))).toMatchObject({ ok: true });
    expect(sessions.sessionCheck(signSessionId(key, { sid, issuedAt: t, seenAt: t + CLOCK_SKEW_SECONDS + 1 }))).toMatchObject({ ok: false, status: 404 });
  });

  it('ends a session for every id of it, renewed or not', () => {
    const { sessions, advance } = setup();
    const id = sessions.sessionOpen();
    advance(2_000);
    const check = sessions.sessionCheck(id);
    if (!check.ok || !check.renewed) throw new Error('expected renewal');
    sessions.sessionEnd(check.claims);
    expect(sessions.sessionCheck(id)).toMatchObject({ ok: false, status: 404, message: expect.stringContaining('ended') });
    expect(sessions.sessionCheck(check.renewed)).toMatchObject({ ok: false, status: 404 });
    expect(sessions.sessionCheck(sessions.sessionOpen())).toMatchObject({ ok: true });
  });
});

describe('revocation stores', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('memory: forgets entries once they are past their expiry and stays bounded', () => {
    const store = createMemoryRevocationStore(3);
    store.sessionRevoke('a', 100, 0);
    expect(store.sessionIsRevoked('a', 100)).toBe(true);
    expect(store.sessionIsRevoked('a', 101)).toBe(false);
    for (const sid of ['b', 'c', 'd', 'e']) store.sessionRevoke(sid, 1_000, 0);
    expect(['a', 'b', 'c', 'd', 'e'].filter((s) => store.sessionIsRevoked(s, 50)).length).toBeLessThanOrEqual(3);
  });

  it('sqlite: a session ended through one store is refused by another opened on the same file (other process, restart)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-revocations-'));
    dirs.push(dir);
    const path = join(dir, 'nested', 'revoked.db');
    const a = createSqliteRevocationStore(path);
    const b = createSqliteRevocationStore(path);
    a.sessionRevoke('sid-1', 2_000, 1_000);
    expect(b.sessionIsRevoked('sid-1', 1_500)).toBe(true);
    expect(b.sessionIsRevoked('sid-1', 2_001)).toBe(false);
    a.close();
    const reopened = createSqliteRevocationStore(path);
    expect(reopened.sessionIsRevoked('sid-1', 1_500)).toBe(true);
    reopened.sessionRevoke('sid-2', 3_000, 2_500); // purges sid-1, now expired
    expect(b.sessionIsRevoked('sid-1', 0)).toBe(false);
    b.close();
    reopened.close();
  });
});
