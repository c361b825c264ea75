import { DatabaseSync } from 'node:sqlite';
import { preparePrivateDatabaseFile } from '../../storage/private-file.ts';
import type { RevocationStore } from './revocation-store.ts';

/**
 * Creates `mcp_revoked_sessions`, the name PostgreSQL's migrations give the table, and moves the rows of
 * `mcp_revoked_session` (the name files written before had) into it. One transaction, taken before any
 * reader, so processes opening the same file at once migrate it once and never see it half done.
 */
export function migrateRevocations(db: DatabaseSync): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS mcp_revoked_sessions (sid TEXT PRIMARY KEY, until INTEGER NOT NULL) STRICT;
      CREATE INDEX IF NOT EXISTS mcp_revoked_sessions_until ON mcp_revoked_sessions (until);`);
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'mcp_revoked_session'").get()) {
      db.exec(`INSERT INTO mcp_revoked_sessions (sid, until) SELECT sid, until FROM mcp_revoked_session WHERE true
          ON CONFLICT (sid) DO UPDATE SET until = max(until, excluded.until);
        DROP TABLE mcp_revoked_session;`);
    }
    db.exec('COMMIT');
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
}

/**
 * Revocations in a SQLite file: every process that opens the same file (replicas on one host or a
 * shared volume) refuses a session ended by any of them, and so does a restarted process.
 * WAL mode and a busy timeout let several processes read and write it at once.
 */
export function createSqliteRevocationStore(path: string): RevocationStore {
  preparePrivateDatabaseFile(path);
  const db = new DatabaseSync(path, { timeout: 2000 });
  db.exec('PRAGMA journal_mode = WAL;');
  migrateRevocations(db);
  const insert = db.prepare('INSERT INTO mcp_revoked_sessions (sid, until) VALUES (?, ?) ON CONFLICT(sid) DO UPDATE SET until = excluded.until');
  const select = db.prepare('SELECT until FROM mcp_revoked_sessions WHERE sid = ?');
  const purge = db.prepare('DELETE FROM mcp_revoked_sessions WHERE until < ?');
  return {
    async sessionRevoke(sid, untilSeconds, nowSeconds) {
      insert.run(sid, untilSeconds);
      purge.run(nowSeconds);
    },
    async sessionIsRevoked(sid, nowSeconds) {
      const row = select.get(sid) as { until: number } | undefined;
      return row !== undefined && row.until >= nowSeconds;
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
