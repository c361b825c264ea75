import pg from 'pg';
import { StoreUnavailableError, type WakeKind } from '../hub-store.ts';
import { withPoolClient } from './with-pool-client.ts';

/** The NOTIFY channel replicas use to wake each other's workers. */
export const WAKE_CHANNEL = 'shingle_hub';

export interface PgDatabaseOptions {
  url: string;
  /** Connections in the pool (per process). */
  poolSize?: number;
  /** Connecting and each query give up after this long: a request gets 503 rather than hanging. */
  timeoutMs?: number;
  onError?: (event: string, error: unknown) => void;
}

/** One pool per process, shared by the hub store and the revocation store, plus a LISTEN connection. */
export interface PgDatabase {
  pool: pg.Pool;
  /** Runs `fn` in a transaction; connection failures become StoreUnavailableError. */
  tx<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** One statement outside a transaction; connection failures become StoreUnavailableError. */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** Wake-ups from every replica (NOTIFY) and from this process. */
  onWake(listener: (kind: WakeKind) => void): () => void;
  /** Wakes this process's listeners at once (the NOTIFY reaches the others). */
  wakeLocal(kind: WakeKind): void;
  close(): Promise<void>;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Lost or refused connections, server shutdown, timeouts: the database is unavailable (not a bug in a query). */
export function isConnectionError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))) return true;
  return /Connection terminated|connection timeout|timeout exceeded|Query read timeout|not queryable|connection error|the database system is/i.test(
    e.message,
  );
}

export function unavailable(e: unknown): unknown {
  return isConnectionError(e) ? new StoreUnavailableError(`database unavailable: ${e instanceof Error ? e.message : String(e)}`, { cause: e }) : e;
}

/**
 * Opens the pool and the LISTEN connection. The pool reconnects by itself once the server is back;
 * the LISTEN connection is re-opened with back-off, and the workers poll meanwhile.
 */
export function openPgDatabase(options: PgDatabaseOptions): PgDatabase {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const onError = options.onError ?? (() => {});
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs * 2,
    idleTimeoutMillis: 30_000,
    application_name: 'shingle-sidecar',
  });
  // An idle client whose server went away emits here; without a listener the process would crash.
  pool.on('error', (e) => onError('db.pool_error', e));
  const listeners = new Set<(kind: WakeKind) => void>();
  const wakeLocal = (kind: WakeKind) => {
    for (const l of listeners) l(kind);
  };

  let closed = false;
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let backoff = 500;
  const later = (e: unknown) => {
    if (closed) return;
    onError('db.listen_lost', e);
    retryTimer = setTimeout(() => void listen(), backoff);
    backoff = Math.min(backoff * 2, 10_000);
  };
  // Started without anyone awaiting it (at open, and again on every retry): it must never reject.
  const listen = async () => {
    if (closed || listener) return;
    let client: pg.Client;
    try {
      // The constructor reads the files the URL names (sslrootcert, sslcert, sslkey): one missing, or mid-rotation, throws here.
      client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: timeoutMs, application_name: 'shingle-sidecar-listen' });
    } catch (e) {
      return later(e);
    }
    listener = client;
    const retry = (e: unknown) => {
      if (listener !== client) return;
      listener = null;
      client.end().catch(() => undefined);
      later(e);
    };
    client.on('error', retry);
    client.on('end', () => retry(new Error('LISTEN connection ended')));
    client.on('notification', (n) => {
      if (n.payload === 'deliveries' || n.payload === 'verifications') wakeLocal(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKE_CHANNEL}`);
      backoff = 500;
      // Whatever was queued while we were not listening.
      wakeLocal('deliveries');
      wakeLocal('verifications');
    } catch (e) {
      retry(e);
    }
  };
  void listen();

  return {
    pool,
    async tx(fn) {
      try {
        return await withPoolClient(
          pool,
          async (client) => {
            await client.query('BEGIN');
            try {
              const result = await fn(client);
              await client.query('COMMIT');
              return result;
            } catch (e) {
              if (!isConnectionError(e)) await client.query('ROLLBACK').catch(() => undefined);
              throw e;
            }
          },
          isConnectionError,
        );
      } catch (e) {
        throw unavailable(e);
      }
    },
    async query(sql, values) {
      try {
        return await pool.query(sql, values);
      } catch (e) {
        throw unavailable(e);
      }
    },
    onWake(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    wakeLocal,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const l = listener;
      listener = null;
      await l?.end().catch(() => undefined);
      listeners.clear();
      await pool.end();
    },
  };
}
