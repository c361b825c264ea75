/**
 * Errors no one listened to, each of which ended the sidecar process (found by an audit for this kind of fault):
 * - its log on a full disk (stdout and stderr on /dev/full: ENOSPC at the first line);
 * - the HTTP server's 'error' once listening (accept failing: ENFILE, ENOMEM);
 * - a build or pull child that cannot be spawned because every file descriptor is taken (EMFILE): the caller got its
 *   rejection, and then an 'error' event on the child no one heard.
 * The PostgreSQL clients' part is in postgres-hub-store.test.ts and tests/unit/sidecar/storage/postgres/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request } from 'undici';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../../sidecar/logger.ts';
import { freePort } from '../helpers/postgres-server.ts';
import { startSidecar, TEST_SIDECAR_ENV, type TestSidecar } from '../helpers/start-server.ts';
import { waitUntil } from '../helpers/wait-for.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** Descriptors the EMFILE child may hold: enough to load its modules, then it takes the rest itself. */
const SMALL_FD_LIMIT = 256;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const status = async (url: string) => (await request(url)).statusCode;

describe('the sidecar outlives errors nobody listened to', () => {
  it('its log on a full disk: stdout and stderr on /dev/full, it starts and answers every request', async () => {
    const port = await freePort();
    const full = openSync('/dev/full', 'w');
    const child: ChildProcess = spawn(process.execPath, [join(ROOT, 'sidecar', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...TEST_SIDECAR_ENV,
        PORT: String(port),
        DIST_DIR: inject('distDir'),
        BASE_URL: inject('baseUrl'),
        LOG_REQUESTS: 'true',
      },
      stdio: ['ignore', full, full],
    });
    closeSync(full);
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`the sidecar exited with code ${child.exitCode}`);
        return (await status(`${url}/healthz`).catch(() => 0)) === 200;
      },
      { what: 'the sidecar to answer /healthz', timeoutMs: 30_000 },
    );
    // Every request writes a log line (LOG_REQUESTS), each of which fails.
    for (const path of ['/reviews.json', '/healthz', '/feed.xml']) expect(await status(`${url}${path}`)).toBe(200);
    expect(child.exitCode).toBeNull();
  });

  it('the HTTP server failing to accept once listening: logged as server_error, and it goes on serving', async () => {
    const lines: string[] = [];
    const sidecar: TestSidecar = await startSidecar({ distDir: inject('distDir'), logger: createLogger((l) => lines.push(l)) });
    cleanups.push(() => sidecar.close());
    sidecar.server.server.emit('error', Object.assign(new Error('accept: too many open files in system'), { code: 'ENFILE' }));
    expect(lines.map((l) => JSON.parse(l))).toContainEqual(expect.objectContaining({ level: 'error', event: 'server_error' }));
    expect((await sidecar.request('/healthz')).status).toBe(200);
  });

  it('a build or pull child that cannot be spawned (every descriptor taken): the caller gets EMFILE, and the process lives on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shingle-emfile-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const script = join(dir, 'spawn-without-descriptors.mjs');
    writeFileSync(
      script,
      `import { openSync } from 'node:fs';
const { runBuild } = await import(${JSON.stringify(join(ROOT, 'sidecar', 'build', 'run-build.ts'))});
const { runPullChild } = await import(${JSON.stringify(join(ROOT, 'sidecar', 'pull', 'run-pull-child.ts'))});
const held = [];
try { for (;;) held.push(openSync('/dev/null', 'r')); } catch {}
const outcome = (p) => p.then(() => 'resolved', (e) => e.code ?? e.message);
const outcomes = [
  await outcome(runBuild({ DIST_DIR: ${JSON.stringify(join(dir, 'dist'))}, CONTENT_DIR: 'content', BASE_URL: 'https://example.com', SINCE_WINDOW_DAYS: 30 }, { onOutput: () => {} })),
  await outcome(runPullChild({ root: ${JSON.stringify(ROOT)}, env: process.env })),
];
// The 'error' event comes a tick after the spawn: give it time to end the process if no one hears it.
await new Promise((next) => setTimeout(next, 200));
process.stdout.write(JSON.stringify(outcomes), () => process.exit(0)); // the pull's timeout timer would hold the loop open
`,
    );
    const child = spawn('bash', ['-c', `ulimit -n ${SMALL_FD_LIMIT} && exec "$0" "$1"`, process.execPath, script], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    const code = await new Promise<number | null>((done) => child.once('close', (c) => done(c)));
    expect({ code, stderr: stderr.slice(-2_000) }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(stdout)).toEqual(['EMFILE', 'EMFILE']);
  });
});
