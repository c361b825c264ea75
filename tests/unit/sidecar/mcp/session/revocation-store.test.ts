import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRevocationStore } from '../../../../../sidecar/mcp/session/revocation-store.ts';
import { createSqliteRevocationStore } from '../../../../../sidecar/mcp/session/sqlite-revocation-store.ts';

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
