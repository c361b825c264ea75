/**
 * Issue 26 items 2 and 3 — the three tiers agree. nginx runs the build's dist/nginx.conf in front of a
 * sidecar (with its hub and MCP endpoint):
 * - every operation of the OpenAPI document answers through nginx as it does from the sidecar
 *   (status, content type, body), ranked search included;
 * - for every kind of path (pages, /embed/, /embed, assets, data documents, 404s, OPTIONS preflights,
 *   precompressed siblings by name) nginx, the sidecar and dist/_headers give exactly the headers of
 *   the one table in core/http/response-headers.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isEmbedPath, PREFLIGHT, tableHeaders } from '../../core/http/response-headers.ts';
import { declaredHeaders, parseHeadersFile, type HeadersRule } from '../helpers/headers-file.ts';
import { httpRequest, type TestResponse } from '../helpers/http-client.ts';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { startShippedNginx, type NginxServer } from '../helpers/nginx-server.ts';

let dir: string;
let distDir: string;
let sidecar: HubSidecar;
let nginx: NginxServer;
let viaNginx: Client;
let direct: Client;
let rules: HeadersRule[];

beforeAll(async () => {
  distDir = inject('distDir');
  dir = mkdtempSync(join(tmpdir(), 'shingle-parity-'));
  sidecar = await startHubSidecar({ distDir, dbPath: join(dir, 'hub.db'), env: { MCP_SESSION_SECRET: 'x'.repeat(40) } });
  nginx = await startShippedNginx(distDir, [sidecar.url]);
  viaNginx = new Client(nginx.url, { pipelining: 0 });
  direct = new Client(sidecar.url, { pipelining: 0 });
  rules = parseHeadersFile(readFileSync(join(distDir, '_headers'), 'utf8'));
}, 60_000);

afterAll(async () => {
  await viaNginx?.close();
  await direct?.close();
  await nginx?.close();
  await sidecar?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Init = { method?: string; headers?: Record<string, string>; body?: string };
const both = (path: string, init: Init = {}) => Promise.all([httpRequest(viaNginx, path, init), httpRequest(direct, path, init)]);

/** A request for each operation of the OpenAPI document, with the parameters filled in. */
function operations(): { path: string; init: Init; where: string }[] {
  const openapi = JSON.parse(readFileSync(join(distDir, '.well-known', 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const out: { path: string; init: Init; where: string }[] = [];
  const json = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'parity', version: '1' } },
  });
  for (const [template, methods] of Object.entries(openapi.paths)) {
    // A date outside the build's window (the sidecar answers) and one inside it (a file answers).
    const paths = template.includes('{date}') ? ['2000-01-01', '2026-11-01'].map((d) => template.replace('{date}', d)) : [template];
    for (const method of Object.keys(methods)) {
      for (const path of paths) {
        const where = `${method.toUpperCase()} ${path}`;
        if (path === '/mcp' && method === 'post') out.push({ path, where, init: { method: 'POST', headers: json, body: initialize } });
        else if (path === '/api/websub/hub')
          out.push({
            path,
            where,
            init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'hub.mode=subscribe' },
          });
        else out.push({ path, where, init: { method: method.toUpperCase(), headers: { accept: 'application/json' } } });
        if (path === '/api/reviews/search') out.push({ path: `${path}?query=roof&limit=3`, where: `${where}?query`, init: {} });
        if (path === '/api/reviews/find') out.push({ path: `${path}?q=leak%20roof&limit=3`, where: `${where}?q`, init: {} });
      }
    }
  }
  return out;
}

describe('every path of the OpenAPI document through nginx', () => {
  it('answers as the sidecar does: status, content type and body (ranked search included)', async () => {
    const ops = operations();
    expect(ops.map((o) => o.where)).toContain('GET /api/reviews/find?q');
    for (const op of ops) {
      const [n, s] = await both(op.path, op.init);
      expect(n.status, op.where).toBe(s.status);
      expect(n.header('content-type'), op.where).toBe(s.header('content-type'));
      // MCP sessions carry a fresh id and time: compare the JSON-RPC result instead of the bytes.
      if (op.path === '/mcp' && op.init.method === 'POST') expect(n.text().includes('"serverInfo"'), op.where).toBe(true);
      else expect(n.text(), op.where).toBe(s.text());
    }
  });

  it('/healthz too', async () => {
    const [n, s] = await both('/healthz');
    expect([n.status, s.status]).toEqual([200, 200]);
  });
});

/** The _astro asset with a .br sibling, the first one. */
function asset(): string {
  const name = readdirSync(join(distDir, '_astro')).find((f) => f.endsWith('.js') && readdirSync(join(distDir, '_astro')).includes(`${f}.br`));
  return `/_astro/${name}`;
}

describe('one header table for nginx, dist/_headers and the sidecar', () => {
  const expectTable = (r: TestResponse, path: string, where: string) => {
    for (const [name, value] of tableHeaders(path)) expect(r.header(name), `${where}: ${name}`).toBe(value);
    if (isEmbedPath(path)) expect(r.header('x-frame-options'), where).toBeUndefined();
  };

  it('GET of pages, the widget’s pages, assets, data documents and a 404: the same table from all three', async () => {
    const paths = [
      '/',
      '/reviews/',
      '/developers/',
      '/embed/',
      '/embed/snippet.html',
      '/favicon.svg',
      asset(),
      '/reviews.json',
      '/api/feed.json',
      '/feed.xml',
      '/widget.js',
    ];
    for (const path of paths) {
      const [n, s] = await both(path, { headers: { 'accept-encoding': 'gzip, br', accept: 'text/html' } });
      expect([n.status, s.status], path).toEqual([200, 200]);
      expectTable(n, path, `nginx ${path}`);
      expectTable(s, path, `sidecar ${path}`);
      const declared = declaredHeaders(rules, path);
      for (const [name, value] of tableHeaders(path)) expect(declared.get(name.toLowerCase()), `_headers ${path}: ${name}`).toBe(value);
      // gzip or br was sent: a cache must keep the variants apart.
      expect(n.header('vary'), `nginx ${path}`).toBe('Accept-Encoding');
      expect(s.header('vary'), `sidecar ${path}`).toBe('Accept-Encoding');
    }
    const [n, s] = await both('/no-such-page/', { headers: { accept: 'text/html' } });
    expect([n.status, s.status]).toEqual([404, 404]);
    expectTable(n, '/no-such-page/', 'nginx 404');
    expectTable(s, '/no-such-page/', 'sidecar 404');
  });

  it('no two _headers rules that match one path set the same header (CDNs would merge or pick differently)', () => {
    for (const path of ['/', '/reviews/', '/embed/', '/embed', '/reviews.json', '/api/feed.json', '/api/reviews/since/2026-11-01', asset()]) {
      const names = rules.filter((r) => r.matches(path)).flatMap((r) => r.headers.map(([k]) => k.toLowerCase()));
      expect(names.length, path).toBe(new Set(names).size);
    }
  });

  it('/embed without its slash: a redirect to /embed/ under the embed policy, from nginx and the sidecar', async () => {
    const [n, s] = await both('/embed');
    expect([n.status, s.status]).toEqual([301, 301]);
    expect([n.header('location'), s.header('location')]).toEqual(['/embed/', '/embed/']);
    expectTable(n, '/embed', 'nginx /embed');
    expectTable(s, '/embed', 'sidecar /embed');
    expect(declaredHeaders(rules, '/embed').get('content-security-policy')).toBe(
      tableHeaders('/embed').find(([k]) => k === 'Content-Security-Policy')![1],
    );
  });

  it('OPTIONS: 204 with the CORS preflight headers from nginx as from the sidecar, on pages and documents', async () => {
    const cases: [string, string | undefined][] = [
      ['/reviews/', undefined],
      ['/reviews.json', 'If-None-Match, X-Custom'],
      ['/embed/', 'not a header list;'],
      ['/feed.xml', 'Content-Type'],
    ];
    for (const [path, requested] of cases) {
      const headers: Record<string, string> = { origin: 'https://other.example', 'access-control-request-method': 'GET' };
      if (requested) headers['access-control-request-headers'] = requested;
      const [n, s] = await both(path, { method: 'OPTIONS', headers });
      const where = `OPTIONS ${path} (${requested ?? 'no headers'})`;
      expect([n.status, s.status], where).toEqual([204, 204]);
      for (const name of [
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-max-age',
        'allow',
        'access-control-allow-origin',
      ])
        expect(n.header(name), `${where}: ${name}`).toBe(s.header(name));
      expect(n.header('access-control-allow-methods')).toBe(PREFLIGHT.methods);
      expect(n.header('access-control-allow-headers')).toBe(
        requested && PREFLIGHT.headerList.test(requested) ? requested : PREFLIGHT.defaultAllowedHeaders,
      );
      expectTable(n, path, `nginx ${where}`);
    }
  });

  it('precompressed siblings are never served by their own name (as text/plain or otherwise)', async () => {
    const manifest = JSON.parse(readFileSync(join(distDir, 'build-manifest.json'), 'utf8')) as {
      documents: { gzip: { file: string }; br: { file: string } }[];
    };
    const doc = manifest.documents[0]!;
    for (const path of [
      '/index.html.gz',
      '/reviews/index.html.br',
      '/embed/index.html.gz',
      `${asset()}.br`,
      `/${doc.gzip.file}`,
      `/${doc.br.file}`,
    ]) {
      const [n, s] = await both(path, { headers: { accept: 'text/html' } });
      expect([n.status, s.status], path).toEqual([404, 404]);
      expect(n.header('content-type') ?? '', path).not.toMatch(/text\/plain/);
    }
  });
});
