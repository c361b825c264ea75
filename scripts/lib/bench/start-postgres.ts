import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findBinary, postgresBinDirs } from '../find-binary.ts';
import { freePort } from './free-port.ts';

const run = promisify(execFile);
/** How long pg_ctl waits for the server to start or stop before it reports failure. */
const PG_CTL_WAIT_SECONDS = '60';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut) without deleting its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and deletes its directory. */
  close(): Promise<void>;
}

/**
 * Starts a throw-away PostgreSQL server (Debian's `postgresql` package): `initdb` and `pg_ctl` in
 * a temporary directory the test owns, on a free loopback port, trust authentication, fsync off.
 * initdb refuses to run as root, so as root the server runs as the `postgres` user (runuser). The one
 * PostgreSQL launcher of the benches and the tests; a server that never becomes ready (`pg_ctl -w`
 * times out) fails loudly with its log, stopped and removed.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const dirs = postgresBinDirs();
  const initdb = findBinary('initdb', 'postgresql', dirs);
  const pgCtl = findBinary('pg_ctl', 'postgresql', dirs);
  const dir = mkdtempSync(join(tmpdir(), 'shingle-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | null = null;
  if (asRoot) {
    const id = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error('running as root needs the "postgres" user to start PostgreSQL: install the Debian package "postgresql"');
    });
    const uid = Number(id.stdout.trim());
    owner = { uid, gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()) };
    chownSync(dir, owner.uid, owner.gid);
  }
  const exec = (bin: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args));
  await exec(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = async () => {
    await exec(pgCtl, ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', PG_CTL_WAIT_SECONDS, 'start']);
  };
  const stop = async () => {
    await exec(pgCtl, ['-D', data, '-m', 'fast', '-w', '-t', PG_CTL_WAIT_SECONDS, 'stop']);
  };
  try {
    await start();
  } catch (e) {
    // pg_ctl -w gave up or the server exited: stop what may run, quote its log, leave no folder behind.
    const log = serverLog(dir);
    await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start on 127.0.0.1:${port}: ${(e as Error).message}\n${log}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let running = true;
  return {
    url,
    port,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async close() {
      if (running && statSync(data, { throwIfNoEntry: false })) await stop().catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server's log, for the error when it would not start (empty when it wrote none). */
function serverLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'server.log'), 'utf8');
  } catch {
    return '';
  }
}
