import type { PgDatabase } from '../../storage/postgres/pg-database.ts';
import type { RevocationStore } from './revocation-store.ts';

/**
 * Revocations in PostgreSQL (table mcp_revoked_sessions, created by the store migrations): a session
 * ended on one replica is refused by all of them at once. A database that cannot be reached makes
 * the check reject (StoreUnavailableError → 503), never silently accept an ended session.
 */
export function createPostgresRevocationStore(db: PgDatabase): RevocationStore {
  return {
    async sessionRevoke(sid, untilSeconds, nowSeconds) {
      await db.tx(async (c) => {
        await c.query('INSERT INTO mcp_revoked_sessions (sid, until) VALUES ($1, $2) ON CONFLICT (sid) DO UPDATE SET until = excluded.until', [
          sid,
          untilSeconds,
        ]);
        await c.query('DELETE FROM mcp_revoked_sessions WHERE until < $1', [nowSeconds]);
      });
    },
    async sessionIsRevoked(sid, nowSeconds) {
      const { rows } = await db.query('SELECT 1 FROM mcp_revoked_sessions WHERE sid = $1 AND until >= $2', [sid, nowSeconds]);
      return rows.length > 0;
    },
    async close() {
      // The pool belongs to open-stores.ts.
    },
  };
}
