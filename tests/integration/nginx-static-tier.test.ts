/**
 * Issue 14 — the self-hosted static tier: nginx (Debian's nginx-light) runs the dist/nginx.conf the
 * build wrote, serving dist/ itself and proxying dynamic paths to a sidecar. Every data document, in
 * every encoding, answers as the sidecar does (status, body, headers; 304 included) and with exactly
 * the headers _headers declares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BuildManifest } from '../../core/build/build-manifest-schema.ts';
import { httpRequest, type TestResponse } from '../helpers/http-client.ts';
import { startNginx, type NginxServer } from '../helpers/nginx-server.ts';
import { startSidecar, type TestSidecar } from '../helpers/start-server.ts';

let sidecar: TestSidecar;
let nginx: NginxServer;
let client: Client;
let manifest: BuildManifest;
let declared: { pattern: string; headers: [string, string][] }[];

/** _headers blocks: a path pattern line, then indented `Name: value` lines. */
function parseHeadersFile(text: string): { pattern: string; headers: [string, string][] }[] {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => {
      const [pattern, ...lines] = block.split('\n');
      return {
        pattern: pattern!.trim(),
        headers: lines.map(
          (l) =>
            l
              .trim()
              .split(/:\s(.*)/s)
              .slice(0, 2) as [string, string],
        ),
      };
    });
}

function declaredFor(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const b of declared) {
    const match = b.pattern.endsWith('*') ? path.startsWith(b.pattern.slice(0, -1)) : path === b.pattern;
    if (match) for (const [k, v] of b.headers) out.set(k.toLowerCase(), v);
  }
  return out;
}

beforeAll(async () => {
  const distDir = inject('distDir');
  manifest = JSON.parse(readFileSync(join(distDir, 'build-manifest.json'), 'utf8')) as BuildManifest;
  declared = parseHeadersFile(readFileSync(join(distDir, '_headers'), 'utf8'));
  sidecar = await startSidecar({ distDir });
  // nginx workers read dist/ directly.
  const port = new URL(sidecar.url).port;
  const conf = readFileSync(join(distDir, 'nginx.conf'), 'utf8');
  expect(conf).toContain('server 127.0.0.1:4321 max_fails=0;');
  expect(conf).toContain('listen 8080;');
  expect(conf).toContain("root '/srv/shingle/dist';");
  // The three lines an operator edits (or sets with NGINX_UPSTREAMS, NGINX_LISTEN, NGINX_ROOT at build time).
  nginx = await startNginx(
    conf
      .replace('server 127.0.0.1:4321 max_fails=0;', `server 127.0.0.1:${port} max_fails=0;`)
      .replace('listen 8080;', 'listen 127.0.0.1:{{PORT}};')
      .replace("root '/srv/shingle/dist';", `root '${distDir}';`),
  );
  client = new Client(nginx.url, { pipelining: 0 });
}, 120_000);

afterAll(async () => {
  await client?.close();
  await nginx?.close();
  await sidecar?.close();
});

/** Headers both answers must agree on (the sidecar adds security headers of its own on top). */
const COMPARED = [
  'content-type',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'cache-control',
  'vary',
  'link',
  'access-control-allow-origin',
  'x-content-type-options',
];
const pick = (r: TestResponse) => Object.fromEntries(COMPARED.map((h) => [h, r.header(h)]));

describe('nginx serving dist/ with the build’s nginx.conf', () => {
  const encodings: (string | undefined)[] = [undefined, 'gzip', 'br', 'gzip, deflate, br', 'br;q=0, gzip', 'identity', 'gzip;q=0'];

  it('every data document, in every encoding: same status, body and headers as the sidecar; exactly the headers _headers declares', async () => {
    let compared = 0;
    for (const doc of manifest.documents) {
      for (const ae of encodings) {
        const headers: Record<string, string> = ae === undefined ? {} : { 'accept-encoding': ae };
        const [viaNginx, viaSidecar] = await Promise.all([httpRequest(client, doc.path, { headers }), sidecar.request(doc.path, { headers })]);
        const where = `${doc.path} (Accept-Encoding: ${ae ?? '—'})`;
        expect(viaNginx.status, where).toBe(200);
        expect(viaSidecar.status, where).toBe(200);
        expect(viaNginx.body.equals(viaSidecar.body), where).toBe(true);
        expect(pick(viaNginx), where).toEqual(pick(viaSidecar));
        for (const [name, value] of declaredFor(doc.path)) expect(viaNginx.header(name), `${where} ${name}`).toBe(value);
        compared++;
      }
    }
    expect(compared).toBe(manifest.documents.length * encodings.length);
  });

  it('If-None-Match with the current ETag: 304 from both, same headers, no body; a stale ETag gets 200', async () => {
    for (const doc of manifest.documents) {
      for (const ae of ['gzip', 'br', undefined]) {
        const headers: Record<string, string> = ae === undefined ? {} : { 'accept-encoding': ae };
        const first = await httpRequest(client, doc.path, { headers });
        const conditional = { ...headers, 'if-none-match': first.header('etag')! };
        const [viaNginx, viaSidecar] = await Promise.all([
          httpRequest(client, doc.path, { headers: conditional }),
          sidecar.request(doc.path, { headers: conditional }),
        ]);
        const where = `${doc.path} (Accept-Encoding: ${ae ?? '—'})`;
        expect([viaNginx.status, viaSidecar.status], where).toEqual([304, 304]);
        expect(viaNginx.body.length, where).toBe(0);
        for (const h of ['etag', 'cache-control', 'vary', 'last-modified', 'link', 'access-control-allow-origin'])
          expect(viaNginx.header(h), `${where} ${h}`).toBe(viaSidecar.header(h));
        const stale = await httpRequest(client, doc.path, { headers: { ...headers, 'if-none-match': '"stale"' } });
        expect(stale.status, where).toBe(200);
      }
    }
  });

  it('If-Modified-Since alone repeating Last-Modified: 304 from both; an older date gets 200 from both', async () => {
    let checked = 0;
    for (const doc of manifest.documents) {
      const first = await httpRequest(client, doc.path);
      const lastModified = first.header('last-modified');
      if (!lastModified) continue;
      const echo = { 'if-modified-since': lastModified };
      const [viaNginx, viaSidecar] = await Promise.all([
        httpRequest(client, doc.path, { headers: echo }),
        sidecar.request(doc.path, { headers: echo }),
      ]);
      expect([viaNginx.status, viaSidecar.status], doc.path).toEqual([304, 304]);
      expect(viaNginx.body.length, doc.path).toBe(0);
      const older = { 'if-modified-since': new Date(Date.parse(lastModified) - 86_400_000).toUTCString() };
      const [olderNginx, olderSidecar] = await Promise.all([
        httpRequest(client, doc.path, { headers: older }),
        sidecar.request(doc.path, { headers: older }),
      ]);
      expect([olderNginx.status, olderSidecar.status], doc.path).toEqual([200, 200]);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('proxies the dynamic paths to the sidecars and hides build files', async () => {
    for (const path of ['/api/reviews/search?query=roof&limit=3', '/api/reviews/since/2000-01-01', '/healthz']) {
      const [viaNginx, viaSidecar] = await Promise.all([httpRequest(client, path), sidecar.request(path)]);
      expect(viaNginx.status, path).toBe(viaSidecar.status);
      if (path !== '/healthz') expect(viaNginx.body.equals(viaSidecar.body), path).toBe(true);
    }
    for (const path of ['/nginx.conf', '/_headers', '/build-manifest.json']) expect((await httpRequest(client, path)).status, path).toBe(404);
    const home = await httpRequest(client, '/');
    expect(home.status).toBe(200);
    expect(home.header('x-content-type-options')).toBe('nosniff');
  });
});
