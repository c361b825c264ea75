import type pg from 'pg';
import { hubMigrations, type Migration } from '../hub-schema.ts';
import { isConnectionError } from './pg-database.ts';
import { withPoolClient } from './with-pool-client.ts';

/**
 * The PostgreSQL schema of the hub and the MCP session revocations, from the one description in
 * hub-schema.ts that the SQLite store's list comes from too. Times are epoch milliseconds (BIGINT)
 * from the sidecar's clock, as in SQLite.
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = hubMigrations('postgres');

/** Advisory lock key: replicas starting together apply the migrations one at a time ("shingle" in ASCII). */
const MIGRATION_LOCK = 0x7368696e676c65;

/**
 * Applies the steps after the newest one recorded in `shingle_migrations`, up to `target`
 * (default: all), in one transaction under an advisory lock: a replica that starts while another
 * migrates waits, then finds the work done. A database newer than this code is refused.
 * Returns the version the database is at.
 */
export async function migratePostgres(pool: pg.Pool, migrations: readonly Migration[] = POSTGRES_MIGRATIONS, target?: number): Promise<number> {
  const latest = migrations.at(-1)?.version ?? 0;
  const goal = target ?? latest;
  return withPoolClient(
    pool,
    async (client) => {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        await client.query(`CREATE TABLE IF NOT EXISTS shingle_migrations (
          version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
        const { rows } = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM shingle_migrations');
        const current = rows[0]?.v ?? 0;
        if (current > latest) throw new Error(`database schema is at version ${current}, newer than this sidecar (${latest}): upgrade the sidecar`);
        for (const m of migrations) {
          if (m.version <= current || m.version > goal) continue;
          await client.query(m.sql);
          await client.query('INSERT INTO shingle_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        }
        await client.query('COMMIT');
        return Math.max(current, goal);
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    isConnectionError,
  );
}
