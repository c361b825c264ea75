/**
 * The `--replicas N` mode of the hub benchmark: N hub processes (each pinned to one core with
 * taskset where available) sharing one PostgreSQL store, fanning out one changed build.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOPIC_PATHS } from '../../core/model/published-paths.ts';
import type { Snapshot, SnapshotSource } from '../../sidecar/data/snapshot.ts';
import { loadConfig } from '../../sidecar/config.ts';
import { createHub } from '../../sidecar/hub/create-hub.ts';
import { silentLogger } from '../../sidecar/logger.ts';
import { openPgDatabase } from '../../sidecar/storage/postgres/pg-database.ts';
import { migratePostgres } from '../../sidecar/storage/postgres/pg-migrations.ts';
import { createPostgresHubStore } from '../../sidecar/storage/postgres/postgres-hub-store.ts';
import { currentSnapshot, withChangedFeed } from './bench-hub-snapshot.ts';
import { readyWithin } from './wait-until-ready.ts';
import { startPostgres, type PostgresServer } from './bench/start-postgres.ts';

const BASE_URL = 'http://localhost:4321';
const BENCH_FILE = join(import.meta.dirname, '..', 'bench-hub.ts');

interface ReplicaConfig {
  databaseUrl: string;
  caFile: string;
  concurrency?: string;
}
type ReplicaMessage = { ready: true } | { cpuMicros: number; rssMb: number };

/** Starts the shared PostgreSQL server for the replica runs. */
export async function startReplicaBench(): Promise<PostgresServer> {
  return startPostgres();
}

/** Child process: one hub on the shared store; publishes the changed build when told, reports its CPU time. */
export async function runHubReplica(configFile: string): Promise<void> {
  const config = JSON.parse(readFileSync(configFile, 'utf8')) as ReplicaConfig;
  const base = await currentSnapshot();
  let current: Snapshot = base;
  const snapshots: SnapshotSource = { current: () => current, onChange: () => () => {} };
  const db = openPgDatabase({ url: config.databaseUrl, poolSize: 4 });
  const hub = await createHub({
    snapshots,
    logger: silentLogger,
    store: createPostgresHubStore(db),
    resolve: async (host) => (host.endsWith('.bench.test') ? [{ address: '127.0.0.1', family: 4 }] : []),
    config: loadConfig({
      BASE_URL,
      HUB_CA_FILE: config.caFile,
      HUB_ALLOW_PRIVATE_CALLBACKS: '127.0.0.0/8',
      HUB_DELIVERY_TIMEOUT: '30s',
      HUB_SWEEP_CRON: 'off',
      ...(config.concurrency ? { HUB_CONCURRENCY: config.concurrency } : {}),
    }),
  });
  let cpuStart = process.cpuUsage();
  process.on('message', (m: { publish?: string; report?: boolean }) => {
    if (m.publish) {
      cpuStart = process.cpuUsage();
      const previous = current;
      current = withChangedFeed(base, m.publish);
      hub.onSnapshot(current, previous);
    }
    if (m.report) {
      const cpu = process.cpuUsage(cpuStart);
      process.send!({ cpuMicros: cpu.user + cpu.system, rssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024) } satisfies ReplicaMessage);
    }
  });
  process.on('disconnect', () => {
    void hub
      .close()
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
  process.send!({ ready: true } satisfies ReplicaMessage);
}

function startReplica(configFile: string, core: number | null): Promise<ChildProcess> {
  const args = [process.execPath, BENCH_FILE, '--hub-replica', configFile];
  const [cmd, ...rest] = core === null ? args : ['taskset', '-c', String(core), ...args];
  const child = spawn(cmd!, rest, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return readyWithin('hub replica', child, new Promise<ChildProcess>((ok) => child.once('message', () => ok(child))));
}

export interface ReplicaRun {
  n: number;
  run: number;
  replicas: number;
  ports: number[];
  caFile: string;
  acked(): number;
  bad(): number;
  /** Subscriber processes' CPU time since the reset, microseconds. */
  subscriberCpuMicros(): number;
}

/** Seeds N subscriptions in a fresh database, starts the replicas, publishes the change to all of them and times the fan-out. */
/** The time and cost columns of a fan-out row, the same for the in-process SQLite hub and the PostgreSQL replicas. */
export function fanOutFigures(done: number, seconds: number, cpuSeconds: number): Record<string, string | number> {
  return {
    'time to all acked (s)': seconds.toFixed(2),
    'deliveries/s': Math.round(done / seconds),
    'hub CPU (s)': cpuSeconds.toFixed(1),
    'hub CPU ms/delivery': ((cpuSeconds * 1000) / Math.max(done, 1)).toFixed(2),
  };
}

export async function runReplicaFanOut(pg: PostgresServer, o: ReplicaRun): Promise<Record<string, string | number>> {
  const databaseUrl = await pg.createDatabase(`bench_${process.pid}_${o.run}`);
  const db = openPgDatabase({ url: databaseUrl });
  await migratePostgres(db.pool);
  const base = await currentSnapshot();
  const store = createPostgresHubStore(db);
  for (const path of TOPIC_PATHS)
    await store.topicPublish(`${BASE_URL}${path}`, createHash('sha256').update(base.documents.get(path)!.identity.bytes).digest('hex'), Date.now());
  const now = Date.now();
  await db.query(
    `INSERT INTO subscriptions (id, callback, topic, host, secret, lease_seconds, expires_at, created_at, verified_at, failures)
     SELECT 'bench-' || i, 'https://s' || i || '.bench.test:' || ($1::int[])[1 + i % array_length($1::int[], 1)] || '/websub', $2, 's' || i || '.bench.test',
       NULL, 864000, $3, $4, $4, 0 FROM generate_series(0, $5 - 1) AS i`,
    [o.ports, `${BASE_URL}/feed.xml`, now + 864_000_000, now, o.n],
  );
  await db.close();

  const configFile = join(tmpdir(), `bench-hub-replica-${process.pid}-${o.run}.json`);
  const concurrency = process.env.HUB_BENCH_CONCURRENCY;
  writeFileSync(configFile, JSON.stringify({ databaseUrl, caFile: o.caFile, ...(concurrency ? { concurrency } : {}) } satisfies ReplicaConfig));
  const pin = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
  const cores = availableParallelism();
  const replicas = await Promise.all(Array.from({ length: o.replicas }, (_, k) => startReplica(configFile, pin ? k % cores : null)));

  const started = performance.now();
  // Same length as the subscribers expect (they check the body size): one digit.
  for (const r of replicas) r.send({ publish: String((o.run + 1) % 10) });
  const deadline = started + 180_000;
  while (o.acked() < o.n && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - started) / 1000;
  const done = o.acked();
  const reports = await Promise.all(
    replicas.map(
      (r) =>
        new Promise<{ cpuMicros: number; rssMb: number }>((ok) => {
          r.once('message', (m: ReplicaMessage) => ok(m as { cpuMicros: number; rssMb: number }));
          r.send({ report: true });
        }),
    ),
  );
  await Promise.all(replicas.map((r) => new Promise((ok) => (r.once('exit', ok), r.disconnect()))));
  rmSync(configFile, { force: true });
  const cpuSeconds = reports.reduce((s, r) => s + r.cpuMicros, 0) / 1e6;
  return {
    store: 'postgres',
    replicas: `${o.replicas}${pin ? ' (pinned)' : ''}`,
    subscribers: o.n,
    acknowledged: done,
    'wrong bodies': o.bad(),
    ...fanOutFigures(done, seconds, cpuSeconds),
    'subscriber CPU ms/delivery': (o.subscriberCpuMicros() / 1000 / Math.max(done, 1)).toFixed(2),
    'hub RSS peak (MB)': reports.map((r) => r.rssMb).join(' + '),
  };
}
