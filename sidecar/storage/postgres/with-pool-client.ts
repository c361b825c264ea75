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
  let lost: Error | undefined;
  const hear = (e: Error) => {
    lost ??= e;
  };
  // The callback form: pg-pool calls it in the same turn as it removes its idle listener (possibly inside the
  // data handler of this very connection), so the listener is there before the rest of that chunk is parsed.
  const client = await new Promise<pg.PoolClient>((resolve, reject) =>
    pool.connect((err, c) => {
      if (err || !c) return reject(err ?? new Error('no client'));
      c.on('error', hear);
      resolve(c);
    }),
  );
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
