import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPgDatabase, type PgDatabase } from '../../../../../sidecar/storage/postgres/pg-database.ts';

/** A URL whose client cannot even be made: pg reads the CA file it names in the constructor. */
const MISSING_CA_URL = 'postgres://shingle@127.0.0.1:1/hub?sslmode=verify-full&sslrootcert=/nonexistent/shingle-ca.pem';

describe('openPgDatabase', () => {
  let db: PgDatabase | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await db?.close();
    vi.useRealTimers();
  });

  it('a LISTEN connection that cannot be made (a CA file missing) is reported and tried again later, never an unhandled rejection', async () => {
    const heard: string[] = [];
    db = openPgDatabase({ url: MISSING_CA_URL, onError: (event, e) => heard.push(`${event}: ${String(e)}`) });
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toEqual([expect.stringMatching(/^db\.listen_lost: .*ENOENT.*shingle-ca\.pem/)]);
    // Backing off: the second try after 500 ms, the third 1 s after that.
    await vi.advanceTimersByTimeAsync(500);
    expect(heard).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(heard).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(heard).toHaveLength(3);
  });
});
