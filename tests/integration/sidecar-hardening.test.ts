/**
 * Issue 12 (adversarial pass): one test per finding, against the real app with the real MCP
 * router and the real hub, on a real socket. Raw sockets where the client library would refuse
 * to send what an attacker sends (HTTP/1.0 framing, missing Host, unfinished bodies).
 */
import { createHash, createHmac, createSecretKey } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays } from '../../core/model/calendar.ts';
import { ErrorBodySchema } from '../../core/schemas/error-schema.ts';
import type { ReviewsDocument } from '../../core/schemas/reviews-document-schema.ts';
import { composeSidecar } from '../../sidecar/compose-sidecar.ts';
import { parseConfig } from '../../sidecar/config.ts';
import { createLogger } from '../../sidecar/logger.ts';
import { httpRequest, type TestResponse } from '../helpers/http-client.ts';
import { HUB_TEST_ENV } from '../helpers/hub-sidecar.ts';
import { makeWorkspace } from '../helpers/hub-workspace.ts';
import { ACCEPT_BOTH, call, INITIALIZE, openSession } from '../helpers/mcp/raw-mcp.ts';
import { waitUntil, withDeadline } from '../helpers/wait-for.ts';

const distDir = inject('distDir');
const { reviews } = JSON.parse(readFileSync(join(distDir, 'reviews.json'), 'utf8')) as ReviewsDocument;
const oldest = reviews.at(-1)!.date;
const newest = reviews[0]!.date;
const MCP_SECRET = 'hardening-test-secret-of-at-least-32-chars';

interface Running {
  url: string;
  logs: Record<string, unknown>[];
  /** Connections the server has accepted so far. */
  accepted(): number;
  request(path: string, init?: { method?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<TestResponse>;
  close(): Promise<void>;
}

/** The whole sidecar (app, MCP, hub) through composeSidecar, as sidecar/main.ts runs it, logging into an array. */
async function startFull(env: Record<string, string> = {}): Promise<Running> {
  const workspace = await makeWorkspace();
  const parsed = parseConfig({
    ...HUB_TEST_ENV,
    HOST: '127.0.0.1',
    PORT: '0',
    DIST_DIR: distDir,
    HUB_DB_PATH: join(workspace.dir, 'hub.db'),
    MCP_SESSION_SECRET: MCP_SECRET,
    WATCH_INTERVAL_MS: '0',
    LOG_REQUESTS: 'true',
    ...env,
  });
  if (!parsed.success) throw new Error(`config: ${JSON.stringify(parsed.error.issues)}`);
  const config = parsed.data;
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger((line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  const sidecar = await composeSidecar(config, { logger });
  const server = await sidecar.listen();
  let accepted = 0;
  server.server.on('connection', () => accepted++);
  const client = new Client(server.url, { pipelining: 0 });
  return {
    url: server.url,
    logs,
    accepted: () => accepted,
    request: (path, init) => httpRequest(client, path, init),
    async close() {
      await client.close();
      await server.shutdown(500);
      await sidecar.close();
      workspace.dispose();
    },
  };
}

/**
 * Sends raw bytes on a fresh connection; resolves as soon as one whole response (by its
 * Content-Length) has arrived, or with everything the server wrote when it closes the connection.
 * Fails after `deadlineMs` without either.
 */
async function rawExchange(url: string, bytes: string, deadlineMs = 2000): Promise<string> {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  const exchange = new Promise<string>((resolve) => {
    let received = '';
    const finish = () => resolve(received);
    socket.on('data', (d) => {
      received += d.toString('latin1');
      const length = Number(headerOf(received, 'content-length') ?? NaN);
      if (received.includes('\r\n\r\n') && Buffer.byteLength(bodyOf(received), 'latin1') >= length) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
    socket.write(bytes);
  });
  try {
    return await withDeadline(exchange, { what: 'a response or the end of the connection', timeoutMs: deadlineMs });
  } finally {
    socket.destroy();
  }
}

const headerOf = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw)?.[1]?.trim();
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

let sidecar: Running;
beforeAll(async () => {
  sidecar = await startFull();
});
afterAll(() => sidecar?.close());

describe('item 2: dynamic endpoints cannot starve the data documents', () => {
  it('a since date before the oldest review is answered with the document of the oldest date', async () => {
    const boundary = await sidecar.request(`/api/reviews/since/${oldest}`);
    for (const date of [addDays(oldest, -1), '1001-01-01', '1001-01-02']) {
      const r = await sidecar.request(`/api/reviews/since/${date}`);
      expect(r.status).toBe(200);
      expect(r.body.equals(boundary.body)).toBe(true);
      expect(r.header('etag')).toBe(boundary.header('etag'));
      expect(r.header('content-location')).toBe(`/api/reviews/since/${oldest}`);
    }
  });

  it('a since date after the newest review is answered with the (empty) document of the day after it', async () => {
    const dayAfter = addDays(newest, 1);
    const boundary = await sidecar.request(`/api/reviews/since/${dayAfter}`);
    expect(boundary.json()).toMatchObject({ since: dayAfter, count: 0, reviews: [] });
    for (const date of [addDays(newest, 2), '2999-12-31']) {
      const r = await sidecar.request(`/api/reviews/since/${date}`);
      expect(r.body.equals(boundary.body)).toBe(true);
      expect(r.header('content-location')).toBe(`/api/reviews/since/${dayAfter}`);
    }
  });

  it('dynamic answers above DYNAMIC_COMPRESS_MAX_BYTES are sent uncompressed', async () => {
    const small = await startFull({ DYNAMIC_COMPRESS_MAX_BYTES: '4096' });
    try {
      const big = await small.request(`/api/reviews/since/${oldest}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(big.body.length).toBeGreaterThan(4096);
      expect(big.header('content-encoding')).toBeUndefined();
      const search = await small.request('/api/reviews/search?limit=3');
      expect(search.body.length).toBeGreaterThan(1024);
      expect(search.body.length).toBeLessThanOrEqual(4096);
      // Below the limit compression still happens (possibly on a later request: it runs off the critical path).
      let encoded: string | undefined;
      for (let i = 0; i < 20 && !encoded; i++)
        encoded = (await small.request('/api/reviews/search?limit=3', { headers: { 'accept-encoding': 'br' } })).header('content-encoding');
      expect(encoded).toBe('br');
    } finally {
      await small.close();
    }
  });

  it('more dynamic requests at once than DYNAMIC_MAX_PENDING: 503 with Retry-After, while documents keep answering', async () => {
    const tight = await startFull({ DYNAMIC_MAX_PENDING: '1' });
    try {
      // Fifty connections opened first, then fifty requests written in one go: they arrive within one turn of the event loop.
      const { port } = new URL(tight.url);
      const sockets = await Promise.all(
        Array.from(
          { length: 50 },
          () =>
            new Promise<Socket>((done) => {
              const socket = connect(Number(port), '127.0.0.1', () => done(socket));
            }),
        ),
      );
      const replies = sockets.map(
        (socket) =>
          new Promise<string>((done) => {
            let text = '';
            socket.on('data', (d) => (text += d.toString('latin1')));
            socket.on('close', () => done(text));
          }),
      );
      await waitUntil(() => tight.accepted() >= sockets.length, { what: 'the server to accept all fifty connections' });
      sockets.forEach((socket, i) =>
        socket.write(
          `GET /api/reviews/search?query=${String.fromCharCode(97 + (i % 26))}&limit=${51 + i} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
        ),
      );
      const raws = await Promise.all(replies);
      const statuses = raws.map((raw) => Number(raw.slice(9, 12)));
      expect(statuses).toContain(200);
      expect(statuses).toContain(503);
      const refusedRaw = raws.find((raw) => raw.startsWith('HTTP/1.1 503'))!;
      expect(headerOf(refusedRaw, 'retry-after')).toBe('1');
      expect(headerOf(refusedRaw, 'cache-control')).toBe('no-store');
      expect(ErrorBodySchema.parse(JSON.parse(bodyOf(refusedRaw))).error).toMatch(/busy/i);
      expect((await tight.request('/reviews.json')).status).toBe(200);
    } finally {
      await tight.close();
    }
  });

  it('a default rate limit applies to the dynamic paths only (RATE_LIMIT_ENABLED stays off)', async () => {
    const limited = await startFull({ DYNAMIC_RATE_LIMIT_MAX: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await limited.request(`/api/reviews/search?query=x${i}`)).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      const refused = await limited.request('/api/reviews/since/2026-01-01');
      expect(refused.status).toBe(429);
      expect(refused.header('retry-after')).toMatch(/^\d+$/);
      for (let i = 0; i < 10; i++) expect((await limited.request('/reviews.json')).status).toBe(200);
      expect(new Set(limited.logs.filter((l) => l.event === 'request').map((l) => l.status))).toEqual(new Set([200, 429]));
    } finally {
      await limited.close();
    }
  });

  it('by default, a real client (a few requests a second) never meets the dynamic limits', async () => {
    for (let i = 0; i < 60; i++) expect((await sidecar.request(`/api/reviews/search?query=roof${i}`)).status).toBe(200);
  });
});

describe('item 5: the hub stops reading over-limit bodies', () => {
  it('a declared Content-Length over the limit is answered 413 at once, without waiting for the body', async () => {
    const started = performance.now();
    const raw = await rawExchange(
      sidecar.url,
      'POST /api/websub/hub HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n',
      4000,
    );
    expect(raw).toMatch(/^HTTP\/1\.1 413 /);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(headerOf(raw, 'cache-control')).toBe('no-store');
  });

  it('a chunked body is cut off at the limit: 413, and the server stops reading', async () => {
    const { port } = new URL(sidecar.url);
    const socket: Socket = connect(Number(port), '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    socket.on('error', () => {});
    socket.write(
      'POST /api/websub/hub HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = `4000\r\n${'a'.repeat(0x4000)}\r\n`;
    let sent = 0;
    const started = performance.now();
    // A client that keeps sending (and reads what comes back) until the server hangs up.
    while (!socket.destroyed && performance.now() - started < 10_000 && sent < 64 * 1024 * 1024) {
      // A full send buffer: go on when it drains, or stop when the server has hung up.
      if (!socket.write(chunk)) await Promise.race([once(socket, 'drain').catch(() => undefined), closed]);
      else await new Promise((r) => setImmediate(r));
      sent += 0x4000;
    }
    await withDeadline(closed, { what: 'the server to close the connection', timeoutMs: 3000 });
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(socket.destroyed).toBe(true);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
    socket.destroy();
  });
});

describe('item 6: error bodies do not amplify', () => {
  // 1,200 distinct unknown names in a 3.6 KB query (the finding: 2,000 names in 6 KB gave a 336 KB 400).
  const many = Array.from({ length: 1200 }, (_, i) => i.toString(36).padStart(2, '0')).join('&');

  it('search: at most 20 issues plus a count of the rest; the accepted list said once', async () => {
    const r = await sidecar.request(`/api/reviews/search?${many}`);
    expect(r.status).toBe(400);
    const body = ErrorBodySchema.parse(r.json());
    expect(body.issues).toHaveLength(21);
    expect(body.issues.at(-1)).toEqual({ path: '', code: 'too_many_issues', message: '1180 more issues not shown' });
    expect(r.body.length).toBeLessThan(6000);
    expect(r.text().match(/min_rating/g)).toHaveLength(1);
    expect(body.error).toMatch(/Accepted parameters: rating, min_rating/);
  });

  it('since: the same cap', async () => {
    const r = await sidecar.request(`/api/reviews/since/2026-01-01?${many}`);
    const body = ErrorBodySchema.parse(r.json());
    expect(body.issues).toHaveLength(21);
    expect(body.issues.at(-1)!.message).toBe('1180 more issues not shown');
    expect(r.body.length).toBeLessThan(6000);
  });
});

describe('item 7: MCP and hub requests are logged with their full path', () => {
  it('logs /mcp and /api/websub/hub, not /', async () => {
    await sidecar.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH },
      body: JSON.stringify(INITIALIZE),
    });
    await sidecar.request('/api/websub/hub', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'hub.mode=nonsense',
    });
    // Each request is logged once its response is finished, which may be just after the client has it.
    const posts = () => sidecar.logs.filter((l) => l.event === 'request' && l.method === 'POST');
    await waitUntil(() => posts().length >= 2, { what: 'the two POSTs to be logged' });
    const paths = sidecar.logs.filter((l) => l.event === 'request' && l.method === 'POST').map((l) => l.path);
    expect(paths).toContain('/mcp');
    expect(paths).toContain('/api/websub/hub');
    expect(paths).not.toContain('/');
  });
});

describe('item 8: a publish ping from a browser is refused', () => {
  it('loopback form POST with an Origin header and no token → 403; without Origin → 202', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const body = `hub.mode=publish&hub.url=${encodeURIComponent('http://localhost:4321/feed.xml')}`;
    const fromBrowser = await sidecar.request('/api/websub/hub', { method: 'POST', headers: { ...form, origin: 'http://evil.example' }, body });
    expect(fromBrowser.status).toBe(403);
    expect(fromBrowser.header('cache-control')).toBe('no-store');
    expect((await sidecar.request('/api/websub/hub', { method: 'POST', headers: form, body })).status).toBe(202);
  });

  it('an Origin header with the publish token is accepted', async () => {
    const withToken = await startFull({ HUB_PUBLISH_TOKEN: 'tok-123456' });
    try {
      const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example', 'x-hub-publish-token': 'tok-123456' };
      const r = await withToken.request('/api/websub/hub', {
        method: 'POST',
        headers,
        body: 'hub.mode=publish&hub.url=http%3A%2F%2Flocalhost%3A4321%2Ffeed.xml',
      });
      expect(r.status).toBe(202);
    } finally {
      await withToken.close();
    }
  });
});

describe('item 4: MCP never shows exception text; bad cursors are invalid params', () => {
  // The codec's own derivation (cursor-codec.ts): anyone holding the key can sign any payload.
  const sessionKey = createSecretKey(createHash('sha256').update(MCP_SECRET).digest());
  const cursorKey = createSecretKey(createHmac('sha256', sessionKey).update('shingle-mcp-cursor-v1').digest());
  /** A cursor that passes the signature check but whose payload is not what we issue. */
  const forged = (operation: string, payload: string) => {
    const body = Buffer.from(payload).toString('base64url');
    const mac = createHmac('sha256', cursorKey).update(`${operation}|${body}`).digest('base64url').slice(0, 22);
    return `${body}.${mac}`;
  };
  let session: string;
  beforeAll(async () => {
    session = await openSession(`${sidecar.url}/mcp`);
  });

  it.each(['notjson', 'null', '[]', '"x"'])('resources/list with a signed cursor %j → -32602 with a fixed message', async (payload) => {
    const res = await call(`${sidecar.url}/mcp`, session, 'resources/list', { cursor: forged('resources/list', payload) });
    expect(res.json.error.code).toBe(-32602);
    expect(res.json.error.message).toMatch(/^cursor is not a valid resources\/list cursor/);
    expect(res.text).not.toMatch(/Unexpected token|JSON|TypeError|Cannot read/);
  });

  it.each(['notjson', 'null'])('search_reviews with a signed cursor %j → a tool error, never -32603', async (payload) => {
    const res = await call(`${sidecar.url}/mcp`, session, 'tools/call', {
      name: 'search_reviews',
      arguments: { cursor: forged('search_reviews', payload) },
    });
    expect(res.json.error).toBeUndefined();
    expect(res.json.result.isError).toBe(true);
    expect(res.json.result.content[0].text).toMatch(/cursor is not a valid search_reviews cursor/);
  });

  it.each(['__proto__', 'constructor', 'toString'])('prompts/get %j is an unknown prompt', async (name) => {
    const res = await call(`${sidecar.url}/mcp`, session, 'prompts/get', { name, arguments: {} });
    expect(res.json.error.code).toBe(-32602);
    expect(res.json.error.message).toMatch(/^Unknown prompt/);
    const completion = await call(`${sidecar.url}/mcp`, session, 'completion/complete', {
      ref: { type: 'ref/prompt', name },
      argument: { name: 'x', value: '' },
    });
    expect(completion.json.error.code).toBe(-32602);
  });
});

describe('item 9: small protocol gaps', () => {
  const expectUsualErrorHeaders = (raw: string, status: number) => {
    expect(raw).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(headerOf(raw, 'content-type')).toBe('application/json; charset=utf-8');
    expect(headerOf(raw, 'cache-control')).toBe('no-store');
    expect(headerOf(raw, 'access-control-allow-origin')).toBe('*');
    expect(headerOf(raw, 'x-content-type-options')).toBe('nosniff');
    expect(headerOf(raw, 'content-security-policy')).toBeDefined();
    expect(ErrorBodySchema.safeParse(JSON.parse(bodyOf(raw))).success).toBe(true);
  };

  it('Expect: foo → JSON 417 with the usual headers', async () => {
    expectUsualErrorHeaders(await rawExchange(sidecar.url, 'GET /reviews.json HTTP/1.1\r\nHost: localhost\r\nExpect: foo\r\n\r\n'), 417);
  });

  it('missing Host on HTTP/1.1 → JSON 400 with the usual headers', async () => {
    expectUsualErrorHeaders(await rawExchange(sidecar.url, 'GET /reviews.json HTTP/1.1\r\nAccept: */*\r\n\r\n'), 400);
  });

  it('a malformed request (parser error) → JSON 400 with the usual headers', async () => {
    expectUsualErrorHeaders(await rawExchange(sidecar.url, 'GET /reviews.json HTTP/1.1\r\nHost localhost\r\n\r\n'), 400);
  });

  it('HTTP/1.0 with Transfer-Encoding: chunked is refused', async () => {
    const raw = await rawExchange(
      sidecar.url,
      'POST /api/websub/hub HTTP/1.0\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhub.m\r\n0\r\n\r\n',
    );
    expectUsualErrorHeaders(raw.replace(/^HTTP\/1\.0/, 'HTTP/1.1'), 400);
  });

  it('hub and MCP errors carry Cache-Control: no-store', async () => {
    const hub = await sidecar.request('/api/websub/hub', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'hub.mode=subscribe',
    });
    expect(hub.status).toBe(400);
    expect(hub.header('cache-control')).toBe('no-store');
    const hubGet = await sidecar.request('/api/websub/hub');
    expect(hubGet.status).toBe(405);
    expect(hubGet.header('cache-control')).toBe('no-store');
    const mcp = await sidecar.request('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT_BOTH }, body: '{' });
    expect(mcp.status).toBe(400);
    expect(mcp.header('cache-control')).toBe('no-store');
    const mcpGet = await sidecar.request('/mcp');
    expect(mcpGet.status).toBe(405);
    expect(mcpGet.header('cache-control')).toBe('no-store');
  });

  it('Accept-Encoding: identity;q=0 alone → 406 (nothing acceptable); with gzip listed → gzip', async () => {
    for (const path of ['/reviews.json', `/api/reviews/since/${oldest}`, '/api/reviews/search?limit=1']) {
      const refused = await sidecar.request(path, { headers: { 'accept-encoding': 'identity;q=0' } });
      expect(refused.status).toBe(406);
      expect(refused.header('cache-control')).toBe('no-store');
      const gzip = await sidecar.request(path, { headers: { 'accept-encoding': 'identity;q=0, gzip' } });
      expect(gzip.status).toBe(200);
    }
    expect((await sidecar.request('/reviews.json', { headers: { 'accept-encoding': 'identity;q=0, gzip' } })).header('content-encoding')).toBe(
      'gzip',
    );
    expect((await sidecar.request('/', { headers: { 'accept-encoding': 'identity;q=0' } })).status).toBe(406);
  });

  it('a trailing slash is treated the same on search and since: 404 naming the path without it', async () => {
    const search = await sidecar.request('/api/reviews/search/');
    const since = await sidecar.request(`/api/reviews/since/${oldest}/`);
    for (const [r, path] of [
      [search, '/api/reviews/search'],
      [since, `/api/reviews/since/${oldest}`],
    ] as const) {
      expect(r.status).toBe(404);
      expect(ErrorBodySchema.parse(r.json()).error).toContain(`did you mean ${path}`);
    }
  });
});
