/**
 * The hub's schema, described once: each step's DDL is written for both dialects at once, with the
 * column types that differ named by the dialect. sqlite-hub-store.ts (PRAGMA user_version) and
 * postgres/pg-migrations.ts (table shingle_migrations) each take their dialect's list from here,
 * so both backends hold the same data in the same shape. Append only: an applied step is never
 * edited, a change is a new step.
 */

export type Dialect = 'sqlite' | 'postgres';

/** What the DDL of a step may differ in between the dialects. */
interface DialectWords {
  /** Epoch milliseconds from the sidecar's clock: SQLite's INTEGER is 64-bit already; PostgreSQL needs BIGINT. */
  time: string;
}

const WORDS: Record<Dialect, DialectWords> = { sqlite: { time: 'INTEGER' }, postgres: { time: 'BIGINT' } };

interface SchemaStep {
  name: string;
  /** The DDL, as one text per dialect. */
  sql: (w: DialectWords, dialect: Dialect) => string;
}

/** MCP session revocations: in PostgreSQL beside the hub; SQLite keeps them in their own file (sqlite-revocation-store.ts). */
const REVOCATIONS_DDL = `
CREATE TABLE mcp_revoked_sessions (
  sid TEXT PRIMARY KEY,
  until BIGINT NOT NULL
);
CREATE INDEX mcp_revoked_sessions_until ON mcp_revoked_sessions (until);`;

const HUB_SCHEMA: readonly SchemaStep[] = [
  {
    name: 'hub subscriptions, deliveries and topics',
    sql: ({ time }) => `
CREATE TABLE IF NOT EXISTS subscriptions (
  id TEXT PRIMARY KEY,
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL,
  expires_at ${time} NOT NULL,
  created_at ${time} NOT NULL,
  verified_at ${time} NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  UNIQUE (callback, topic)
);
CREATE INDEX IF NOT EXISTS subscriptions_topic ON subscriptions (topic, expires_at);
CREATE INDEX IF NOT EXISTS subscriptions_host ON subscriptions (host, expires_at);
CREATE INDEX IF NOT EXISTS subscriptions_expiry ON subscriptions (expires_at);
-- At most one pending notification per subscription: a newer build replaces it.
CREATE TABLE IF NOT EXISTS deliveries (
  subscription_id TEXT PRIMARY KEY REFERENCES subscriptions (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  topic TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${time} NOT NULL,
  claimed_until ${time}
);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (next_attempt_at);
CREATE TABLE IF NOT EXISTS topics (
  topic TEXT PRIMARY KEY,
  content_hash TEXT NOT NULL,
  published_at ${time} NOT NULL
);
`,
  },
  {
    name: 'claim owners, durable verifications, MCP session revocations',
    // Claims owned by one store instance (expiry-based recovery, no release at start-up); durable verifications.
    sql: ({ time }, dialect) => `
ALTER TABLE deliveries ADD COLUMN claimed_by TEXT;
CREATE TABLE verifications (
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  id TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe')),
  host TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL,
  created_at ${time} NOT NULL,
  claimed_until ${time},
  claimed_by TEXT,
  PRIMARY KEY (callback, topic)
);
CREATE INDEX verifications_due ON verifications (created_at);
CREATE INDEX verifications_host ON verifications (host);
${dialect === 'postgres' ? REVOCATIONS_DDL : ''}`,
  },
];

/** One dialect's migration: version (1-based, the step's place in the description), name and DDL. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migration list of one dialect, from the one description. */
export function hubMigrations(dialect: Dialect): readonly Migration[] {
  return HUB_SCHEMA.map((step, i) => ({ version: i + 1, name: step.name, sql: step.sql(WORDS[dialect], dialect) }));
}
