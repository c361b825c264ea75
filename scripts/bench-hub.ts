/**
 * WebSub hub fan-out benchmark (`npm run bench -- hub`, or `node scripts/bench-hub.ts`).
 *
 * N HTTPS subscribers on loopback, each on its own host name (`s<i>.bench.test`, resolved by an
 * injected resolver) with its own certificate (SNI), so every delivery needs a fresh TCP + TLS
 * connection. The subscribers run in child processes; the hub runs here, exactly as the sidecar
 * builds it (createHub, SQLite store with WAL + synchronous FULL, the SSRF-pinned undici agent).
 * Subscriptions are seeded straight into the database (verification is not what is measured); a
 * changed Atom feed is then published with onSnapshot, and the clock runs until all N
 * subscribers have acknowledged it. Reported: time, deliveries/s, hub RSS and heap during the fan-out.
 *
 * Run with `node --expose-gc` to also report the live heap (sampled after a full GC each second).
 * Environment: HUB_BENCH_SIZES (default "1000,10000"), HUB_BENCH_CONCURRENCY (default: the
 * hub default, HUB_CONCURRENCY), HUB_BENCH_CHILDREN (subscriber processes, default 2).
 *
 * `--replicas 1,2` (or HUB_BENCH_REPLICAS): the same fan-out on PostgreSQL (a throw-away server,
 * Debian's postgresql) with that many hub processes, each pinned to one core with taskset where
 * available. Every replica sees the same new build; the first to record it queues the fan-out and
 * NOTIFY wakes the others. Reported: time to all acknowledged, hub CPU (all replicas) per delivery.
 */
import { DEFAULT_BASE_URL } from '../core/build/build-options.ts';
import { loadConfig } from '../sidecar/config.ts';
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { getHeapStatistics } from 'node:v8';
import { createSecureContext, type SecureContext } from 'node:tls';
import { TOPIC_PATHS } from '../core/model/published-paths.ts';
import type { Snapshot, SnapshotSource } from '../sidecar/data/snapshot.ts';
import { createHub } from '../sidecar/hub/create-hub.ts';
import { silentLogger } from '../sidecar/logger.ts';
import { openSqliteHubStore } from '../sidecar/storage/sqlite-hub-store.ts';
import { createTestCa } from './lib/test-ca.ts';
import { printTable } from './lib/bench/print-table.ts';
import { formatMachine, machineInfo } from './lib/machine-info.ts';
import { fanOutFigures, runHubReplica, runReplicaFanOut, startReplicaBench } from './lib/bench-hub-replicas.ts';
import { currentSnapshot, withChangedFeed } from './lib/bench-hub-snapshot.ts';
import { readyWithin } from './lib/wait-until-ready.ts';

const BASE_URL = DEFAULT_BASE_URL;
const hostOf = (i: number) => `s${i}.bench.test`;

type Row = Record<string, string | number>;
export type ChildMessage = { ready: true; port: number } | { acks: number; bad: number; cpuMicros: number };

// ---- subscriber child process ----------------------------------------------------------------

/** Serves the host names listed in the file, one certificate each, and reports acknowledgements. */
async function runSubscriberChild(file: string): Promise<void> {
  const { key, certs, expectedBytes } = JSON.parse(readFileSync(file, 'utf8')) as {
    key: string;
    certs: Record<string, string>;
    expectedBytes: number;
  };
  const contexts = new Map<string, SecureContext>(Object.entries(certs).map(([host, cert]) => [host, createSecureContext({ key, cert })]));
  const first = Object.values(certs)[0]!;
  let acks = 0;
  let bad = 0;
  let reported = -1;
  let cpuStart = process.cpuUsage();
  const cpuMicros = () => {
    const c = process.cpuUsage(cpuStart);
    return c.user + c.system;
  };
  const server = createServer({ key, cert: first, SNICallback: (name, cb) => cb(null, contexts.get(name)) }, (req, res) => {
    let size = 0;
    req.on('data', (c: Buffer) => (size += c.length));
    req.on('end', () => {
      if (size === expectedBytes) acks++;
      else bad++;
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 5_000; // Node's default
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.send!({ ready: true, port: (server.address() as AddressInfo).port } satisfies ChildMessage);
  setInterval(() => {
    if (acks + bad !== reported) {
      reported = acks + bad;
      process.send!({ acks, bad, cpuMicros: cpuMicros() } satisfies ChildMessage);
    }
  }, 20);
  process.on('message', (m: { reset?: boolean }) => {
    if (m.reset) {
      [acks, bad, reported] = [0, 0, -1];
      cpuStart = process.cpuUsage();
    }
  });
  process.on('disconnect', () => process.exit(0));
}

// ---- the benchmark -------------------------------------------------------------------------------

type SubscriberChild = { child: ChildProcess; port: number; acks: number; bad: number; cpuMicros: number };

function startChildren(count: number, files: string[]): Promise<SubscriberChild[]> {
  return Promise.all(
    files.slice(0, count).map((file) => {
      const child = fork(import.meta.filename, ['--subscriber-child', file], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const entry: SubscriberChild = { child, port: 0, acks: 0, bad: 0, cpuMicros: 0 };
      const ready = new Promise<SubscriberChild>((ok) => {
        child.on('message', (m: ChildMessage) => {
          if ('ready' in m) {
            entry.port = m.port;
            ok(entry);
          } else [entry.acks, entry.bad, entry.cpuMicros] = [m.acks, m.bad, m.cpuMicros];
        });
      });
      return readyWithin('subscriber process', child, ready);
    }),
  );
}

function replicaCounts(): number[] {
  const i = process.argv.indexOf('--replicas');
  const value = i >= 0 ? process.argv[i + 1] : process.env.HUB_BENCH_REPLICAS;
  return value
    ? value
        .split(',')
        .map(Number)
        .filter((r) => r > 0)
    : [];
}

/** Runs the fan-out for each size (and, with --replicas, on PostgreSQL for each replica count); returns one row per run. */
export async function runHubBench(sizes = (process.env.HUB_BENCH_SIZES ?? '1000,10000').split(',').map(Number)): Promise<Row[]> {
  const replicas = replicaCounts();
  const max = Math.max(...sizes);
  const childCount = Number(process.env.HUB_BENCH_CHILDREN ?? 2);
  const work = mkdtempSync(join(tmpdir(), 'bench-hub-'));
  const ca = createTestCa('Shingle Bench CA');
  const base = await currentSnapshot();
  const expectedBytes = withChangedFeed(base, '0').documents.get('/feed.xml')!.identity.bytes.length;

  // One certificate per host name, split over the subscriber processes.
  const files = Array.from({ length: childCount }, (_, k) => {
    const certs: Record<string, string> = {};
    let key = '';
    for (let i = k; i < max; i += childCount) {
      const issued = ca.issue([hostOf(i)]);
      certs[hostOf(i)] = issued.cert;
      key = issued.key;
    }
    const file = join(work, `child-${k}.json`);
    writeFileSync(file, JSON.stringify({ key, certs, expectedBytes }));
    return file;
  });
  const children = await startChildren(childCount, files);
  const rows: Row[] = [];
  const reset = () => {
    for (const c of children) {
      c.child.send({ reset: true });
      [c.acks, c.bad, c.cpuMicros] = [0, 0, 0];
    }
  };
  const pg = replicas.length > 0 ? await startReplicaBench() : null;
  try {
    let run = 0;
    for (const n of sizes) {
      reset();
      rows.push({ store: 'sqlite (in process)', replicas: 1, ...(await fanOut(n, run++, base, children, ca.caFile, work)) });
      for (const r of replicas) {
        reset();
        rows.push(
          await runReplicaFanOut(pg!, {
            n,
            run: run++,
            replicas: r,
            ports: children.map((c) => c.port),
            caFile: ca.caFile,
            acked: () => children.reduce((s, c) => s + c.acks, 0),
            bad: () => children.reduce((s, c) => s + c.bad, 0),
            subscriberCpuMicros: () => children.reduce((s, c) => s + c.cpuMicros, 0),
          }),
        );
      }
    }
  } finally {
    await pg?.close();
    for (const c of children) c.child.disconnect();
    ca.dispose();
    rmSync(work, { recursive: true, force: true });
  }
  return rows;
}

async function fanOut(n: number, run: number, base: Snapshot, children: SubscriberChild[], caFile: string, work: string): Promise<Row> {
  const dbPath = join(work, `hub-${run}.db`);
  const store = openSqliteHubStore(dbPath);
  // The current build is already published: only the change below fans out.
  for (const path of TOPIC_PATHS)
    await store.topicPublish(`${BASE_URL}${path}`, createHash('sha256').update(base.documents.get(path)!.identity.bytes).digest('hex'), Date.now());
  seedSubscriptions(
    dbPath,
    n,
    children.map((c) => c.port),
  );

  let current = base;
  const snapshots: SnapshotSource = { current: () => current, onChange: () => () => {} };
  const concurrency = process.env.HUB_BENCH_CONCURRENCY;
  const hub = await createHub({
    snapshots,
    logger: silentLogger,
    store,
    resolve: async (host) => (host.endsWith('.bench.test') ? [{ address: '127.0.0.1', family: 4 }] : []),
    config: loadConfig({
      BASE_URL,
      HUB_CA_FILE: caFile,
      HUB_ALLOW_PRIVATE_CALLBACKS: '127.0.0.0/8',
      HUB_DELIVERY_TIMEOUT: '30s',
      HUB_SWEEP_CRON: 'off',
      ...(concurrency ? { HUB_CONCURRENCY: concurrency } : {}),
    }),
  });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let heapPeak = process.memoryUsage().heapUsed;
  // With --expose-gc, also sample the live heap (after a full GC) once a second: what the fan-out
  // really retains, as opposed to garbage not yet collected.
  let liveHeapPeak = 0;
  let ticks = 0;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size);
    if (global.gc && ++ticks % 10 === 0) {
      global.gc();
      liveHeapPeak = Math.max(liveHeapPeak, getHeapStatistics().used_heap_size);
    }
  }, 100);
  const acked = () => children.reduce((s, c) => s + c.acks, 0);

  const previous = current;
  current = withChangedFeed(base, String(run + 1));
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  hub.onSnapshot(current, previous);
  const deadline = started + 120_000;
  while (acked() < n && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(sampler);
  const done = acked();
  await hub.close();
  await store.close();
  const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
  return {
    subscribers: n,
    acknowledged: done,
    'wrong bodies': children.reduce((s, c) => s + c.bad, 0),
    'feed bytes': current.documents.get('/feed.xml')!.identity.bytes.length,
    ...fanOutFigures(done, seconds, cpuSeconds),
    // The subscribers' TLS server side runs on the same cores: time ≈ (hub + subscriber CPU) / cores on a quiet machine.
    'subscriber CPU ms/delivery': (children.reduce((s, c) => s + c.cpuMicros, 0) / 1000 / Math.max(done, 1)).toFixed(2),
    'hub RSS before (MB)': mb(rssBefore),
    'hub RSS peak (MB)': mb(rssPeak),
    'heap peak (MB)': mb(heapPeak),
    'live heap peak (MB)': global.gc ? mb(liveHeapPeak) : 'n/a (--expose-gc)',
    target: n === 10_000 ? (seconds < 20 && done === n ? 'met (< 20 s)' : 'MISSED (< 20 s)') : '',
  };
}

/** Inserts N active subscriptions in one transaction (the store's own path verifies each first). */
function seedSubscriptions(dbPath: string, n: number, ports: number[]): void {
  const db = new DatabaseSync(dbPath);
  const insert =
    db.prepare(`INSERT INTO subscriptions (id, callback, topic, host, secret, lease_seconds, expires_at, created_at, verified_at, failures)
    VALUES (?, ?, ?, ?, NULL, 864000, ?, ?, ?, 0)`);
  const now = Date.now();
  db.exec('BEGIN');
  for (let i = 0; i < n; i++) {
    insert.run(
      `bench-${i}`,
      `https://${hostOf(i)}:${ports[i % ports.length]}/websub`,
      `${BASE_URL}/feed.xml`,
      hostOf(i),
      now + 864_000_000,
      now,
      now,
    );
  }
  db.exec('COMMIT');
  db.close();
}

if (process.argv[2] === '--subscriber-child') {
  await runSubscriberChild(process.argv[3]!);
} else if (process.argv[2] === '--hub-replica') {
  await runHubReplica(process.argv[3]!);
} else if (import.meta.main) {
  const machine = formatMachine(await machineInfo());
  printTable('hub fan-out', await runHubBench());
  console.log(`\n${machine}`);
}
