import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Router } from 'express';
import { Client } from 'undici';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { isSecretKey, parseConfig, redactConfig } from '../../sidecar/config.ts';
import { ROOT, tempDir } from '../helpers/build-fixture.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { startSidecar } from '../helpers/start-server.ts';

const distDir = inject('distDir');
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('server timeouts', () => {
  it('cuts off a client that never finishes its headers (headersTimeout + connectionsCheckingInterval)', async () => {
    const sidecar = await startSidecar({
      distDir,
      env: { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1000', CONNECTIONS_CHECKING_INTERVAL_MS: '100' },
    });
    try {
      const { port } = new URL(sidecar.url);
      const started = performance.now();
      const { reply, closedAfter } = await new Promise<{ reply: string; closedAfter: number }>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /reviews.json HTTP/1.1\r\nHost: x\r\n'));
        let reply = '';
        socket.on('data', (d) => (reply += d));
        socket.on('close', () => resolve({ reply, closedAfter: performance.now() - started }));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('connection still open after 5 s')), 5000).unref();
      });
      expect(reply).toMatch(/^HTTP\/1\.1 408/);
      expect(closedAfter).toBeGreaterThanOrEqual(900);
      expect(closedAfter).toBeLessThan(3000);
    } finally {
      await sidecar.close();
    }
  });

  it('cuts off a client that trickles its body too slowly (requestTimeout)', async () => {
    const sidecar = await startSidecar({
      distDir,
      env: { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500', CONNECTIONS_CHECKING_INTERVAL_MS: '100' },
    });
    try {
      const { port } = new URL(sidecar.url);
      const started = performance.now();
      const closedAfter = await new Promise<number>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write('POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n'));
        const drip = setInterval(() => socket.write('x'), 200);
        socket.on('close', () => {
          clearInterval(drip);
          resolve(performance.now() - started);
        });
        socket.on('error', () => {});
        setTimeout(() => reject(new Error('still open after 6 s')), 6000).unref();
      });
      expect(closedAfter).toBeLessThan(4000);
    } finally {
      await sidecar.close();
    }
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, refuses new connections, then resolves', async () => {
    const slow = Router();
    slow.all('/', (_req, res) => void setTimeout(() => res.json({ slow: true }), 400));
    const sidecar = await startSidecar({ distDir, mcpHandler: slow });
    const client = new Client(sidecar.url);
    try {
      const inFlight = httpRequest(client, '/mcp', { method: 'POST' });
      await new Promise((r) => setTimeout(r, 100));
      const stopping = sidecar.server.shutdown(5000);
      await new Promise((r) => setTimeout(r, 50));
      const refused = await httpRequest(new Client(sidecar.url), '/healthz').then(
        () => false,
        () => true,
      );
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ slow: true });
      expect(refused).toBe(true);
      expect(await stopping).toEqual({ forced: false });
    } finally {
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
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = lines.find((l) => l.event === event);
      if (found) return resolve(found);
      waiters.push({ event, resolve });
      setTimeout(() => reject(new Error(`no ${event} within ${ms} ms; stderr:\n${err}`)), ms).unref();
      child.once('exit', (code) => reject(new Error(`exited ${code} before ${event}; stderr:\n${err}`)));
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
