/**
 * The set-up of the hub tests on a real PostgreSQL (several `node sidecar/main.ts` processes or one
 * through an outage): a throw-away PostgreSQL server with one database, a test CA, an HTTPS
 * subscriber trusting it and a private workspace (content/ and a copy of the built dist/). Whatever a
 * test starts on top registers its own clean-up with `undo`; `close()` undoes everything, newest first.
 */
import { createTestCa, startHttpsSubscriber, type HttpsSubscriber, type TestCa } from './https-subscriber.ts';
import type { HubWorkspace } from './hub-test-bed.ts';
import { makeWorkspace } from './hub-workspace.ts';
import { startPostgres, type PostgresServer } from './postgres-server.ts';
import { createUndoStack, type UndoStack } from './undo-stack.ts';

export interface PostgresHubBed {
  postgres: PostgresServer;
  /** The database the sidecars share (DATABASE_URL). */
  databaseUrl: string;
  ca: TestCa;
  sub: HttpsSubscriber;
  ws: HubWorkspace;
  /** Clean-up of what the test starts on top of the bed, run by `close()` before the bed's own. */
  undo: UndoStack['push'];
  close(): Promise<void>;
}

/** Starts PostgreSQL (database `database`), a CA, a subscriber and a workspace on a copy of `sourceDist`. */
export async function startPostgresHubBed(sourceDist: string, database: string): Promise<PostgresHubBed> {
  const undo = createUndoStack();
  try {
    const [postgres, ca, ws] = await Promise.all([
      startPostgres().then((p) => undo.push(p, (s) => s.close())),
      Promise.resolve(undo.push(createTestCa(), (c) => c.dispose())),
      makeWorkspace(sourceDist).then((w) => undo.push(w, (x) => x.dispose())),
    ]);
    const databaseUrl = await postgres.createDatabase(database);
    const sub = undo.push(await startHttpsSubscriber({ ca }), (s) => s.close());
    return { postgres, databaseUrl, ca, sub, ws, undo: undo.push, close: () => undo.run() };
  } catch (e) {
    await undo.run().catch(() => undefined);
    throw e;
  }
}
