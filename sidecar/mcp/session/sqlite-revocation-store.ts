import { DatabaseSync } from 'node:sqlite';
import { preparePrivateDatabaseFile } from '../../storage/private-file.ts';
import type { RevocationStore } from './revocation-store.ts';

/**
 * Revocations in a SQLite file: every process that opens the same file (replicas on one host or a
 * shared volume) refuses a session ended by any of them, and so does a restarted process.
 * WAL mode and a busy timeout let several processes read and write it at once.
 */
export function createSqliteRevocationStore(path: string): RevocationStore {
  preparePrivateDatabaseFile(path);
  const db = new DatabaseSync(path, { timeout: 2000 });
  db.exec(`PRAGMA journal_mode = WAL;
    CREATE TABLE IF NOT EXISTS mcp_revoked_session (sid TEXT PRIMARY KEY, until INTEGER NOT NULL) STRICT;`);
  const insert = db.prepare('INSERT INTO mcp_revoked_session (sid, until) VALUES (?, ?) ON CONFLICT(sid) DO UPDATE SET until = excluded.until');
  const select = db.prepare('SELECT until FROM mcp_revoked_session WHERE sid = ?');
  const purge = db.prepare('DELETE FROM mcp_revoked_session WHERE until < ?');
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
