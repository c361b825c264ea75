import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { migrateSqlite, openSqliteHubStore, SQLITE_MIGRATIONS } from '../../../../sidecar/storage/sqlite-hub-store.ts';
import { POSTGRES_MIGRATIONS } from '../../../../sidecar/storage/postgres/pg-migrations.ts';
import { hubStoreContract } from '../../../helpers/hub-store-contract.ts';

hubStoreContract('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hub-store-'));
  return {
    open: async () => openSqliteHubStore(join(dir, 'hub.db')),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SQLite hub store', () => {
  const withDir = async (fn: (dir: string) => Promise<void>) => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-store-'));
    try {
      await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('uses WAL and synchronous FULL', () =>
    withDir(async (dir) => {
      const store = openSqliteHubStore(join(dir, 'hub.db'));
      const db = new DatabaseSync(join(dir, 'hub.db'), { readOnly: true });
      expect(db.prepare('PRAGMA journal_mode').get()?.journal_mode).toBe('wal');
      db.close();
      await store.close();
    }));

  it('migrates from empty to the newest schema', () =>
    withDir(async (dir) => {
      const store = openSqliteHubStore(join(dir, 'hub.db'));
      await store.close();
      const db = new DatabaseSync(join(dir, 'hub.db'));
      expect(db.prepare('PRAGMA user_version').get()?.user_version).toBe(SQLITE_MIGRATIONS.length);
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((r) => r.name);
      expect(tables).toEqual(['deliveries', 'subscriptions', 'topics', 'verifications']);
      db.close();
    }));

  it('migrates a database of the previous version (schema 1, with a claim from before) and keeps its data', () =>
    withDir(async (dir) => {
      const path = join(dir, 'hub.db');
      const db = new DatabaseSync(path);
      expect(migrateSqlite(db, 1)).toBe(1);
      db.exec(`INSERT INTO subscriptions VALUES ('s1', 'https://a.example/cb', 'http://localhost:4321/feed.xml', 'a.example', NULL, 3600, 9999999999999, 0, 0, 0);
        INSERT INTO deliveries VALUES ('s1', 'd1', 'http://localhost:4321/feed.xml', 'h', 0, 0, 50);
        INSERT INTO topics VALUES ('http://localhost:4321/feed.xml', 'h', 0);`);
      db.close();
      const store = openSqliteHubStore(path);
      expect(await store.topicHashGet('http://localhost:4321/feed.xml')).toBe('h');
      expect(await store.deliveryClaim(49, 10, 1_000)).toEqual([]); // the old claim still holds until it expires
      expect(await store.deliveryClaim(50, 10, 1_000)).toMatchObject([{ id: 'd1', callback: 'https://a.example/cb' }]);
      await store.close();
    }));

  it('refuses a database newer than the code', () =>
    withDir(async (dir) => {
      const db = new DatabaseSync(join(dir, 'hub.db'));
      db.exec(`PRAGMA user_version = ${SQLITE_MIGRATIONS.length + 1}`);
      db.close();
      expect(() => openSqliteHubStore(join(dir, 'hub.db'))).toThrow(/newer than this sidecar/);
    }));
});

describe('one schema description, two dialects (sidecar/storage/hub-schema.ts)', () => {
  /** Table name → column names, as each step's DDL creates or alters them. */
  const shape = (steps: readonly string[]) =>
    steps.map((sql) =>
      [...sql.matchAll(/(?:CREATE TABLE(?: IF NOT EXISTS)? (\w+) \(([^;]*)\);|ALTER TABLE (\w+) ADD COLUMN (\w+))/g)].map((m) =>
        m.slice(1).join('|'),
      ),
    );

  it('gives SQLite and PostgreSQL the same steps with the same tables, PostgreSQL adding only the MCP revocations', () => {
    const sqlite = shape(SQLITE_MIGRATIONS);
    const postgres = shape(POSTGRES_MIGRATIONS.map((m) => m.sql)).map((step) => step.filter((t) => !t.startsWith('mcp_revoked_sessions|')));
    expect(POSTGRES_MIGRATIONS.map((m) => m.version)).toEqual(SQLITE_MIGRATIONS.map((_, i) => i + 1));
    expect(postgres.map((step) => step.map((t) => t.replaceAll('BIGINT', 'INTEGER')))).toEqual(sqlite);
    expect(POSTGRES_MIGRATIONS.at(-1)!.sql).toContain('CREATE TABLE mcp_revoked_sessions');
  });
});
