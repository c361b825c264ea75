import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Router } from 'express';
import { Client } from 'undici';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { isSecretKey, parseConfig, redactConfig } from '../../sidecar/config.ts';
import { ROOT, tempDir } from '../helpers/build-fixture.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { startSidecar } from '../helpers/start-server.ts';
import { withDeadline } from '../helpers/wait-for.ts';

const distDir = inject('distDir');
/** How often the slow client of the requestTimeout test sends one more byte of its body. */
const DRIP_MS = 200;
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Limits short enough to watch them act: the server checks its connections every 100 ms. */
const TIMEOUT_ENV = { HEADERS_TIMEOUT_MS: '1000', CONNECTIONS_CHECKING_INTERVAL_MS: '100' };

/**
 * Starts a sidecar with `env`, opens a raw connection, lets `talk` write on it, and resolves with what
 * the server replied and how long after the start it closed the connection (failing after `deadlineMs`).
 */
async function connectionLifetime(
  env: Record<string, string>,
  talk: (socket: Socket) => void,
  deadlineMs: number,
): Promise<{ reply: string; closedAfter: number }> {
  const sidecar = await startSidecar({ distDir, env: { ...TIMEOUT_ENV, ...env } });
  try {
    const { port } = new URL(sidecar.url);
    const started = performance.now();
    const socket = connect(Number(port), '127.0.0.1', () => talk(socket));
    const closed = new Promise<{ reply: string; closedAfter: number }>((resolve) => {
      let reply = '';
      socket.on('data', (d) => (reply += d));
      socket.on('close', () => resolve({ reply, closedAfter: performance.now() - started }));
      socket.on('error', () => {});
    });
    try {
      return await withDeadline(closed, { what: 'the server to close the connection', timeoutMs: deadlineMs });
    } finally {
      socket.destroy();
    }
  } finally {
    await sidecar.close();
  }
}

describe('server timeouts', () => {
  it('cuts off a client that never finishes its headers (headersTimeout + connectionsCheckingInterval)', async () => {
    const { reply, closedAfter } = await connectionLifetime(
      { REQUEST_TIMEOUT_MS: '1000' },
      (socket) => socket.write('GET /reviews.json HTTP/1.1\r\nHost: x\r\n'),
      5_000,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(3000);
  });

  it('cuts off a client that trickles its body too slowly (requestTimeout)', async () => {
    let drip: NodeJS.Timeout | undefined;
    const { closedAfter } = await connectionLifetime(
      { REQUEST_TIMEOUT_MS: '1500' },
      (socket) => {
        socket.write('POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n');
        // The slow client itself: one byte every DRIP_MS, never a wait of the test.
        drip = setInterval(() => socket.write('x'), DRIP_MS);
        socket.on('close', () => clearInterval(drip));
      },
      6_000,
    );
    expect(closedAfter).toBeLessThan(4000);
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then resolves', async () => {
    // The handler answers only when the test lets it: the request is in flight for as long as the test needs.
    let arrived!: () => void;
    const inHandler = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const slow = Router();
    slow.all('/', async (_req, res) => {
      arrived();
      await released;
      res.json({ slow: true });
    });
    const sidecar = await startSidecar({ distDir, mcpHandler: slow });
    const client = new Client(sidecar.url);
    try {
      const inFlight = httpRequest(client, '/mcp', { method: 'POST' });
      await inHandler;
      // shutdown() closes the listening socket at once (server.close): a new connection is refused from here on.
      const stopping = sidecar.server.shutdown(5000);
      const refused = await httpRequest(new Client(sidecar.url), '/healthz').then(
        () => false,
        () => true,
      );
      release();
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ slow: true });
      expect(refused).toBe(true);
      expect(await stopping).toEqual({ forced: false });
    } finally {
      release();
      await client.close().catch(() => {});
      sidecar.app.close();
    }
  });
});

/** Runs `node sidecar/main.ts` and collects its JSON log lines. */
function startMain(env: Record<string, string>): {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stderr: () => string;
  waitFor: (event: string, ms?: number) => Promise<Record<string, unknown>>;
} {
  // Vitest sets BASE_URL=/ in the worker's environment (Vite's import.meta.env); give the real one.
  const base = { ...process.env, BASE_URL: inject('baseUrl'), HOST: '127.0.0.1', PORT: '0' };
  const child = spawn(process.execPath, ['sidecar/main.ts'], { cwd: ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Record<string, unknown>[] = [];
  let err = '';
  let buffer = '';
  const waiters: { event: string; resolve: (l: Record<string, unknown>) => void }[] = [];
  child.stdout!.on('data', (d: Buffer) => {
    buffer += d.toString();
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
      buffer = buffer.slice(nl + 1);
      lines.push(line);
      for (const w of waiters.filter((w) => w.event === line.event)) w.resolve(line);
    }
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const waitFor = (event: string, ms = 60_000) =>
    withDeadline(
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const found = lines.find((l) => l.event === event);
        if (found) return resolve(found);
        waiters.push({ event, resolve });
        child.once('exit', (code) => reject(new Error(`exited ${code} before ${event}; stderr:\n${err}`)));
      }),
      { what: `the log line ${event}`, timeoutMs: ms },
    ).catch((e: unknown) => {
      throw new Error(`${String(e)}; stderr:\n${err}`);
    });
  return { child, lines, stderr: () => err, waitFor };
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));

describe('npm start (sidecar/main.ts)', () => {
  it('prints its config, serves a prebuilt dist/ on one port, and stops cleanly on SIGTERM', async () => {
    const main = startMain({ DIST_DIR: distDir, BUILD_ON_START: 'never', WATCH_INTERVAL_MS: '0', LOG_LEVEL: 'debug' });
    try {
      const config = await main.waitFor('config');
      expect(config.level).toBe('debug');
      expect(config).toMatchObject({ PORT: 0, BUILD_ON_START: 'never', RATE_LIMIT_ENABLED: false });
      const { url } = (await main.waitFor('listening')) as { url: string };
      const client = new Client(url);
      expect((await httpRequest(client, '/healthz')).status).toBe(200);
      expect((await httpRequest(client, '/reviews.json')).status).toBe(200);
      expect((await httpRequest(client, '/api/reviews/search?rating=5')).status).toBe(200);
      expect((await httpRequest(client, '/')).header('content-type')).toMatch(/text\/html/);
      await client.close();
      main.child.kill('SIGTERM');
      expect(await exitCode(main.child)).toBe(0);
      expect(main.lines.map((l) => l.event)).toEqual(expect.arrayContaining(['shutdown_started', 'shutdown_finished']));
      expect(main.lines.filter((l) => l.event === 'request').length).toBeGreaterThanOrEqual(4);
    } finally {
      main.child.kill('SIGKILL');
    }
  });

  it('opens with one short line and a clickable localhost URL, not a 2 KB config dump or 0.0.0.0', async () => {
    const main = startMain({ DIST_DIR: distDir, BUILD_ON_START: 'never', WATCH_INTERVAL_MS: '0', HOST: '0.0.0.0' });
    try {
      const { url } = (await main.waitFor('listening')) as { url: string };
      const port = new URL(url).port;
      await vi.waitFor(() => expect(main.stderr()).toContain('\n'));
      const [first] = main.stderr().split('\n');
      expect(first).toMatch(new RegExp(`^Shingle is serving \\d+ reviews at http://localhost:${port}/ \\(Ctrl\\+C stops it\\)$`));
      expect(main.lines.map((l) => l.event)).not.toContain('config');
      expect(Math.max(...main.lines.map((l) => JSON.stringify(l).length))).toBeLessThan(400);
      main.child.kill('SIGTERM');
      expect(await exitCode(main.child)).toBe(0);
    } finally {
      main.child.kill('SIGKILL');
    }
  });

  it('builds dist/ first when it is missing', async () => {
    const dir = tempDir('main-dist');
    temps.push(dir);
    const dist = join(dir, 'dist');
    const main = startMain({ DIST_DIR: dist, BUILD_ON_START: 'auto', WATCH_INTERVAL_MS: '0' });
    try {
      expect(await main.waitFor('build_needed', 10_000)).toMatchObject({ reason: 'missing' });
      const { url } = (await main.waitFor('listening', 120_000)) as { url: string };
      const client = new Client(url);
      expect((await httpRequest(client, '/reviews.json')).status).toBe(200);
      await client.close();
      main.child.kill('SIGTERM');
      expect(await exitCode(main.child)).toBe(0);
    } finally {
      main.child.kill('SIGKILL');
    }
  }, 150_000);

  it('refuses an invalid config with exit code 2 and names the key', async () => {
    const main = startMain({ PORT: 'eighty', DIST_DIR: distDir });
    expect(await exitCode(main.child)).toBe(2);
    expect(main.stderr()).toMatch(/PORT/);
  });
});

describe('config', () => {
  it('is validated by Zod with defaults, and never prints secrets', () => {
    const parsed = parseConfig({ PORT: '8080', RATE_LIMIT_ENABLED: 'true', UNRELATED: 'x', HOST: '' });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', RATE_LIMIT_ENABLED: true, SERVE_STATIC: true });
    expect(parseConfig({ RATE_LIMIT_MAX: '0' }).success).toBe(false);
    expect(parseConfig({ SERVE_STATIC: 'maybe' }).success).toBe(false);
    expect(isSecretKey('HUB_SECRET')).toBe(true);
    expect(isSecretKey('MCP_TOKEN')).toBe(true);
    const shown = redactConfig({ ...parsed.data!, HUB_SECRET: 's3cr3t', API_TOKEN: '' } as never);
    expect(shown.HUB_SECRET).toBe('***');
    expect(shown.API_TOKEN).toBe('');
    expect(JSON.stringify(shown)).not.toContain('s3cr3t');
  });
});
