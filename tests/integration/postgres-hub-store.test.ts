import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgDatabase } from '../../sidecar/storage/postgres/pg-database.ts';
import { migratePostgres, POSTGRES_MIGRATIONS } from '../../sidecar/storage/postgres/pg-migrations.ts';
import { createPostgresHubStore } from '../../sidecar/storage/postgres/postgres-hub-store.ts';
import { StoreUnavailableError } from '../../sidecar/storage/hub-store.ts';
import { createPostgresRevocationStore } from '../../sidecar/mcp/session/postgres-revocation-store.ts';
import { hubStoreContract } from '../helpers/hub-store-contract.ts';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server.ts';
import { withDeadline } from '../helpers/wait-for.ts';

/** Issue 14 — the hub store contract on a real PostgreSQL server (Debian's postgresql, started here). */
let server: PostgresServer;
let counter = 0;
/** Rounds of terminating every pool connection in the stress test (each takes a few milliseconds). */
const TERMINATION_ROUNDS = 300;
beforeAll(async () => {
  server = await startPostgres();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function freshUrl(): Promise<string> {
  return server.createDatabase(`contract_${process.pid}_${++counter}`);
}

hubStoreContract('PostgreSQL', async () => {
  const url = await freshUrl();
  const dbs: ReturnType<typeof openPgDatabase>[] = [];
  let migrated = false;
  return {
    async open() {
      const db = openPgDatabase({ url, poolSize: 4 });
      dbs.push(db);
      if (!migrated) await migratePostgres(db.pool);
      migrated = true;
      const store = createPostgresHubStore(db);
      return { ...store, close: async () => db.close() };
    },
    async dispose() {
      for (const db of dbs) await db.close().catch(() => undefined);
    },
  };
});

describe('PostgreSQL migrations', () => {
  const tables = async (pool: pg.Pool) =>
    (await pool.query("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")).rows.map(
      (r) => r.table_name as string,
    );

  it('from empty: every step in order, recorded in shingle_migrations; running again changes nothing', async () => {
    const pool = new pg.Pool({ connectionString: await freshUrl() });
    try {
      expect(await migratePostgres(pool)).toBe(POSTGRES_MIGRATIONS.length);
      expect(await tables(pool)).toEqual(['deliveries', 'mcp_revoked_sessions', 'shingle_migrations', 'subscriptions', 'topics', 'verifications']);
      expect((await pool.query('SELECT version FROM shingle_migrations ORDER BY version')).rows.map((r) => r.version)).toEqual(
        POSTGRES_MIGRATIONS.map((m) => m.version),
      );
      expect(await migratePostgres(pool)).toBe(POSTGRES_MIGRATIONS.length);
    } finally {
      await pool.end();
    }
  });

  it('from the previous version: data of schema 1 (with a claim from before) survives and is served', async () => {
    const url = await freshUrl();
    const pool = new pg.Pool({ connectionString: url });
    await migratePostgres(pool, POSTGRES_MIGRATIONS, 1);
    await pool.query(`INSERT INTO subscriptions VALUES ('s1', 'https://a.example/cb', 'http://localhost:4321/feed.xml', 'a.example', NULL, 3600, 9999999999999, 0, 0, 0);
      INSERT INTO deliveries VALUES ('s1', 'd1', 'http://localhost:4321/feed.xml', 'h', 0, 0, 50);
      INSERT INTO topics VALUES ('http://localhost:4321/feed.xml', 'h', 0);`);
    await pool.end();
    const db = openPgDatabase({ url });
    try {
      expect(await migratePostgres(db.pool)).toBe(POSTGRES_MIGRATIONS.length);
      const store = createPostgresHubStore(db);
      expect(await store.deliveryClaim(49, 10, 1_000)).toEqual([]);
      expect(await store.deliveryClaim(50, 10, 1_000)).toMatchObject([{ id: 'd1', callback: 'https://a.example/cb' }]);
    } finally {
      await db.close();
    }
  });

  it('replicas starting together migrate once (advisory lock); a newer database is refused', async () => {
    const url = await freshUrl();
    const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: url }));
    try {
      expect(await Promise.all(pools.map((p) => migratePostgres(p)))).toEqual([2, 2, 2]);
      expect(Number((await pools[0]!.query('SELECT count(*) AS n FROM shingle_migrations')).rows[0].n)).toBe(POSTGRES_MIGRATIONS.length);
      await pools[0]!.query("INSERT INTO shingle_migrations (version, name) VALUES (99, 'from the future')");
      await expect(migratePostgres(pools[1]!)).rejects.toThrow(/newer than this sidecar/);
    } finally {
      for (const p of pools) await p.end();
    }
  });
});

describe('PostgreSQL session revocations', () => {
  it('a session ended through one replica is refused by another; expired entries are purged', async () => {
    const url = await freshUrl();
    const [a, b] = [openPgDatabase({ url }), openPgDatabase({ url })];
    try {
      await migratePostgres(a.pool);
      const ra = createPostgresRevocationStore(a);
      const rb = createPostgresRevocationStore(b);
      await ra.sessionRevoke('sid-1', 2_000, 1_000);
      expect(await rb.sessionIsRevoked('sid-1', 1_500)).toBe(true);
      expect(await rb.sessionIsRevoked('sid-1', 2_001)).toBe(false);
      expect(await rb.sessionIsRevoked('sid-2', 1_500)).toBe(false);
      await rb.sessionRevoke('sid-2', 3_000, 2_500); // purges sid-1
      expect(Number((await a.pool.query('SELECT count(*) AS n FROM mcp_revoked_sessions')).rows[0].n)).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('PostgreSQL connection lost inside a transaction', () => {
  it('between two statements: the transaction fails as unavailable, the process lives on, the next one gets a new connection', async () => {
    const url = await freshUrl();
    const db = openPgDatabase({ url, poolSize: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      let lostPid = 0;
      const failure = await db
        .tx(async (client) => {
          lostPid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
          // As when the server is stopped: FATAL 57P01, then the connection closes, while the client is lent out.
          const ended = new Promise((closed) => client.once('end', closed));
          await admin.query('SELECT pg_terminate_backend($1)', [lostPid]);
          await withDeadline(ended, { what: 'the terminated connection to close' });
          await client.query('SELECT 1');
        })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      const next = await db.tx(async (client) => (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
      expect(next).not.toBe(lostPid);
    } finally {
      await admin.end();
      await db.close();
    }
  });

  it('every backend terminated again and again while eight callers share a pool of five: each call succeeds or fails as unavailable, and the process lives on', async () => {
    const url = await freshUrl();
    const db = openPgDatabase({ url, poolSize: 5, timeoutMs: 1_000 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await migratePostgres(db.pool);
    const store = createPostgresHubStore(db);
    const outcomes = { ok: 0, unavailable: 0, other: [] as unknown[] };
    let running = true;
    // A client handed from one caller to a waiting one in the same turn as its connection's last bytes are read:
    // the window in which a lent-out client heard no 'error' (fatal before withPoolClient listened in connect's callback).
    const caller = async (n: number) => {
      for (let i = 0; running; i++) {
        try {
          await store.verificationAdd(
            {
              mode: 'subscribe',
              callback: `https://c${n}.example/${i % 5}`,
              topic: 'https://t.example/feed.xml',
              host: `c${n}.example`,
              secret: null,
              leaseSeconds: 60,
            },
            Date.now(),
          );
          await store.deliveryClaim(Date.now(), 5, 1_000);
          outcomes.ok++;
        } catch (e) {
          if (e instanceof StoreUnavailableError) outcomes.unavailable++;
          else outcomes.other.push(e);
        }
      }
    };
    const callers = Array.from({ length: 8 }, (_, n) => caller(n));
    try {
      for (let round = 0; round < TERMINATION_ROUNDS; round++) {
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'shingle-sidecar'");
        await new Promise((next) => setImmediate(next));
      }
    } finally {
      running = false;
      await Promise.all(callers);
      await admin.end();
      await db.close();
    }
    expect(outcomes.other).toEqual([]);
    expect(outcomes.unavailable).toBeGreaterThan(0);
    expect(outcomes.ok).toBeGreaterThan(0);
  });
});
