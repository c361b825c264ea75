import type pg from 'pg';

/**
 * Runs `fn` with a client checked out of `pool`, and releases it after. A checked-out client has no
 * error listener of the pool's: when its connection is lost between two statements (the server is
 * stopped, the backend is terminated) it emits 'error' with no one listening, and Node ends the
 * process. That is how the sidecar died when PostgreSQL was stopped in the middle of a transaction.
 * Here the error is heard: `fn`'s next statement rejects (the client is no longer queryable), and the
 * client is released with the error so the pool discards it rather than lend it again.
 * `isLost` says which errors thrown by `fn` also mean the connection is gone.
 */
export async function withPoolClient<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>, isLost: (e: unknown) => boolean): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const hear = (e: Error) => {
    lost ??= e;
  };
  client.on('error', hear);
  try {
    return await fn(client);
  } catch (e) {
    if (isLost(e)) lost ??= e as Error;
    throw e;
  } finally {
    client.removeListener('error', hear);
    client.release(lost);
  }
}
