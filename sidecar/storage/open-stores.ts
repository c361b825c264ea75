import { resolve } from 'node:path';
import type { SidecarConfig } from '../config.ts';
import type { Logger } from '../logger.ts';
import { resolveMcpSettings } from '../mcp/mcp-config.ts';
import { createPostgresRevocationStore } from '../mcp/session/postgres-revocation-store.ts';
import { createMemoryRevocationStore, type RevocationStore } from '../mcp/session/revocation-store.ts';
import { createSqliteRevocationStore } from '../mcp/session/sqlite-revocation-store.ts';
import type { HubStore } from './hub-store.ts';
import { openPgDatabase } from './postgres/pg-database.ts';
import { migratePostgres } from './postgres/pg-migrations.ts';
import { createPostgresHubStore } from './postgres/postgres-hub-store.ts';
import { openSqliteHubStore } from './sqlite-hub-store.ts';

/** What /healthz says about the store. */
export interface StoreHealth {
  kind: 'sqlite' | 'postgres';
  reachable: boolean;
}

/** Every stateful part of the sidecar, on one backend. */
export interface Stores {
  kind: 'sqlite' | 'postgres';
  hub: HubStore;
  revocations: RevocationStore;
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

/** A health check answers within this long; a database that does not is reported unreachable. */
const HEALTH_TIMEOUT_MS = 1_000;

async function reachable(hub: HubStore): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS)));
  try {
    return await Promise.race([
      hub.ping().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long start-up keeps trying to reach PostgreSQL (and migrate) before giving up. */
const STARTUP_RETRY_MS = 30_000;

/**
 * The composition root's one call for state: PostgreSQL when DATABASE_URL is set (one pool for the
 * hub and the MCP revocations, migrations applied first), else the embedded SQLite files exactly
 * as before (HUB_DB_PATH, MCP_SESSION_REVOCATION_DB).
 */
export async function openStores(config: SidecarConfig, logger: Logger, root = process.cwd()): Promise<Stores> {
  const url = config.DATABASE_URL;
  if (url === '') {
    const hub = openSqliteHubStore(resolve(root, config.HUB_DB_PATH));
    const path = resolveMcpSettings(config).revocationDbPath;
    const revocations = path ? createSqliteRevocationStore(resolve(root, path)) : createMemoryRevocationStore();
    return {
      kind: 'sqlite',
      hub,
      revocations,
      health: async () => ({ kind: 'sqlite', reachable: await reachable(hub) }),
      async close() {
        await hub.close();
        await revocations.close();
      },
    };
  }
  const db = openPgDatabase({
    url,
    poolSize: config.DATABASE_POOL_SIZE,
    timeoutMs: config.DATABASE_TIMEOUT_MS,
    onError: (event, e) => logger.warn(event, { error: e instanceof Error ? e.message : String(e) }),
  });
  const started = Date.now();
  for (;;) {
    try {
      const version = await migratePostgres(db.pool);
      logger.info('db.ready', { kind: 'postgres', schemaVersion: version });
      break;
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (Date.now() - started > STARTUP_RETRY_MS || /newer than this sidecar/.test(message)) {
        await db.close();
        throw new Error(`PostgreSQL (DATABASE_URL) not usable: ${message}`, { cause: e });
      }
      logger.warn('db.waiting', { error: message });
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const hub = createPostgresHubStore(db);
  return {
    kind: 'postgres',
    hub,
    revocations: createPostgresRevocationStore(db),
    health: async () => ({ kind: 'postgres', reachable: await reachable(hub) }),
    close: () => db.close(),
  };
}
