import type pg from 'pg';

/** One schema step. Append only: an applied step is never edited, a change is a new step. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The PostgreSQL schema of the hub and the MCP session revocations. Steps mirror the SQLite
 * store's (sqlite-hub-store.ts), so both backends hold the same data in the same shape.
 * Times are epoch milliseconds (BIGINT) from the sidecar's clock, as in SQLite.
 */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'hub subscriptions, deliveries and topics',
    sql: `
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL,
  expires_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  verified_at BIGINT NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  UNIQUE (callback, topic)
);
CREATE INDEX subscriptions_topic ON subscriptions (topic, expires_at);
CREATE INDEX subscriptions_host ON subscriptions (host, expires_at);
CREATE INDEX subscriptions_expiry ON subscriptions (expires_at);
CREATE TABLE deliveries (
  subscription_id TEXT PRIMARY KEY REFERENCES subscriptions (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  topic TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,
  claimed_until BIGINT
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at);
CREATE TABLE topics (
  topic TEXT PRIMARY KEY,
  content_hash TEXT NOT NULL,
  published_at BIGINT NOT NULL
);`,
  },
  {
    version: 2,
    name: 'claim owners, durable verifications, MCP session revocations',
    sql: `
ALTER TABLE deliveries ADD COLUMN claimed_by TEXT;
CREATE TABLE verifications (
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe')),
  host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL,
  created_at BIGINT NOT NULL,
  claimed_until BIGINT,
  claimed_by TEXT,
  PRIMARY KEY (callback, topic)
);
CREATE INDEX verifications_due ON verifications (created_at);
CREATE INDEX verifications_host ON verifications (host);
CREATE TABLE mcp_revoked_sessions (
  sid TEXT PRIMARY KEY,
  until BIGINT NOT NULL
);
CREATE INDEX mcp_revoked_sessions_until ON mcp_revoked_sessions (until);`,
  },
];

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
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
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
  } finally {
    client.release();
  }
}
