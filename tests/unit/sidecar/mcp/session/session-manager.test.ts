import { createSecretKey } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRevocationStore } from '../../../../../sidecar/mcp/session/revocation-store.ts';
import { CLOCK_SKEW_SECONDS, createSessionManager } from '../../../../../sidecar/mcp/session/session-manager.ts';
import { createSqliteRevocationStore } from '../../../../../sidecar/mcp/session/sqlite-revocation-store.ts';
import { signSessionId, verifySessionId } from '../../../../../sidecar/mcp/session/session-token.ts';

const key = createSecretKey(Buffer.alloc(32, 3));
const T0 = Date.UTC(2026, 10, 1);

function setup(idleSeconds = 60) {
  let now = T0;
  const revocations = createMemoryRevocationStore();
  const sessions = createSessionManager({ key, idleSeconds, revocations, now: () => now });
  return { sessions, revocations, advance: (ms: number) => void (now += ms) };
}

describe('session manager', () => {
  it('400 without an id, 404 for one it did not issue', async () => {
    const { sessions } = setup();
    expect(await sessions.sessionCheck(undefined)).toMatchObject({ ok: false, status: 400 });
    expect(await sessions.sessionCheck('')).toMatchObject({ ok: false, status: 400 });
    expect(await sessions.sessionCheck('not-a-session')).toMatchObject({ ok: false, status: 404 });
    const foreign = createSessionManager({
      key: createSecretKey(Buffer.alloc(32, 9)),
      idleSeconds: 60,
      revocations: createMemoryRevocationStore(),
      now: () => T0,
    });
    expect(await sessions.sessionCheck(foreign.sessionOpen())).toMatchObject({ ok: false, status: 404 });
  });

  it('accepts a fresh id and renews it once time has moved on', async () => {
    const { sessions, advance } = setup();
    const id = sessions.sessionOpen();
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: true, renewed: null });
    advance(5_000);
    const check = await sessions.sessionCheck(id);
    if (!check.ok || !check.renewed) throw new Error('expected a renewed id');
    const before = verifySessionId(key, id)!;
    const after = verifySessionId(key, check.renewed)!;
    expect(after).toEqual({ sid: before.sid, issuedAt: before.issuedAt, seenAt: before.seenAt + 5 });
  });

  it('expires after the idle window, and renewal slides it', async () => {
    const { sessions, advance } = setup(60);
    const id = sessions.sessionOpen();
    advance(60_000);
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: true });
    advance(1_000);
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: false, status: 404, message: expect.stringContaining('expired') });

    const second = sessions.sessionOpen();
    advance(50_000);
    const renewed = await sessions.sessionCheck(second);
    if (!renewed.ok || !renewed.renewed) throw new Error('expected renewal');
    advance(50_000);
    expect(await sessions.sessionCheck(second)).toMatchObject({ ok: false, status: 404 });
    expect(await sessions.sessionCheck(renewed.renewed)).toMatchObject({ ok: true });
  });

  it('refuses ids from the future beyond the tolerated clock skew', async () => {
    const { sessions } = setup();
    const t = Math.floor(T0 / 1000);
    const sid = 'AAAAAAAAAAAAAAAAAAAAAA';
    expect(await sessions.sessionCheck(signSessionId(key, { sid, issuedAt: t, seenAt: t + CLOCK_SKEW_SECONDS }))).toMatchObject({ ok: true });
    expect(await sessions.sessionCheck(signSessionId(key, { sid, issuedAt: t, seenAt: t + CLOCK_SKEW_SECONDS + 1 }))).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it('ends a session for every id of it, renewed or not', async () => {
    const { sessions, advance } = setup();
    const id = sessions.sessionOpen();
    advance(2_000);
    const check = await sessions.sessionCheck(id);
    if (!check.ok || !check.renewed) throw new Error('expected renewal');
    await sessions.sessionEnd(check.claims);
    expect(await sessions.sessionCheck(id)).toMatchObject({ ok: false, status: 404, message: expect.stringContaining('ended') });
    expect(await sessions.sessionCheck(check.renewed)).toMatchObject({ ok: false, status: 404 });
    expect(await sessions.sessionCheck(sessions.sessionOpen())).toMatchObject({ ok: true });
  });
});

describe('revocation stores', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('memory: forgets entries once they are past their expiry and stays bounded', async () => {
    const store = createMemoryRevocationStore(3);
    await store.sessionRevoke('a', 100, 0);
    expect(await store.sessionIsRevoked('a', 100)).toBe(true);
    expect(await store.sessionIsRevoked('a', 101)).toBe(false);
    for (const sid of ['b', 'c', 'd', 'e']) await store.sessionRevoke(sid, 1_000, 0);
    expect((await Promise.all(['a', 'b', 'c', 'd', 'e'].map((s) => store.sessionIsRevoked(s, 50)))).filter(Boolean).length).toBeLessThanOrEqual(3);
  });

  it('sqlite: a session ended through one store is refused by another opened on the same file (other process, restart)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-revocations-'));
    dirs.push(dir);
    const path = join(dir, 'nested', 'revoked.db');
    const a = createSqliteRevocationStore(path);
    const b = createSqliteRevocationStore(path);
    await a.sessionRevoke('sid-1', 2_000, 1_000);
    expect(await b.sessionIsRevoked('sid-1', 1_500)).toBe(true);
    expect(await b.sessionIsRevoked('sid-1', 2_001)).toBe(false);
    await a.close();
    const reopened = createSqliteRevocationStore(path);
    expect(await reopened.sessionIsRevoked('sid-1', 1_500)).toBe(true);
    await reopened.sessionRevoke('sid-2', 3_000, 2_500); // purges sid-1, now expired
    expect(await b.sessionIsRevoked('sid-1', 0)).toBe(false);
    await b.close();
    await reopened.close();
  });

  it('names its table mcp_revoked_sessions as PostgreSQL does, and keeps the revocations of a file from before the rename', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-revocations-'));
    dirs.push(dir);
    const path = join(dir, 'revoked.db');
    const old = new DatabaseSync(path);
    old.exec('CREATE TABLE mcp_revoked_session (sid TEXT PRIMARY KEY, until INTEGER NOT NULL) STRICT');
    old.prepare('INSERT INTO mcp_revoked_session (sid, until) VALUES (?, ?)').run('sid-old', 2_000);
    old.close();
    const store = createSqliteRevocationStore(path);
    expect(await store.sessionIsRevoked('sid-old', 1_500)).toBe(true);
    await store.close();
    const db = new DatabaseSync(path);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    db.close();
    expect(tables.map((t) => t.name)).toEqual(['mcp_revoked_sessions']);
  });
});
