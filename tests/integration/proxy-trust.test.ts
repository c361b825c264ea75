/**
 * Issue 26 item 1 — rate limits behind a proxy. nginx runs the build's dist/nginx.conf in front of a
 * sidecar with TRUST_PROXY=1; clients connect from different loopback addresses (127.0.0.2, .3, …)
 * and forge X-Forwarded-For on every request. The search limit and the hub's subscribe limit still
 * count per real client; two real clients are still told apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpRequest } from '../helpers/http-client.ts';
import { startHubSidecar, type HubSidecar } from '../helpers/hub-sidecar.ts';
import { startShippedNginx, type NginxServer } from '../helpers/nginx-server.ts';

const SEARCH_LIMIT = 5;
const SUBSCRIBE_LIMIT = 3;
let dir: string;
let sidecar: HubSidecar;
let nginx: NginxServer;
const clients: Client[] = [];

/** A client of nginx whose connections come from `address` (any 127.0.0.0/8 address is this machine). */
function clientFrom(address: string): Client {
  const client = new Client(nginx.url, { pipelining: 0, localAddress: address });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shingle-proxy-'));
  sidecar = await startHubSidecar({
    distDir: inject('distDir'),
    dbPath: join(dir, 'hub.db'),
    env: { TRUST_PROXY: '1', DYNAMIC_RATE_LIMIT_MAX: String(SEARCH_LIMIT), HUB_SUBSCRIBE_RATE: String(SUBSCRIBE_LIMIT) },
  });
  nginx = await startShippedNginx(inject('distDir'), [sidecar.url]);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await nginx?.close();
  await sidecar?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rate limits behind nginx (dist/nginx.conf, TRUST_PROXY=1)', () => {
  it('search: a forged X-Forwarded-For on every request does not reset the limit; another client is counted apart', async () => {
    const forger = clientFrom('127.0.0.2');
    const statuses: number[] = [];
    for (let i = 0; i < SEARCH_LIMIT + 3; i++) {
      const r = await httpRequest(forger, `/api/reviews/search?query=roof&limit=${i + 1}`, {
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array<number>(SEARCH_LIMIT).fill(200), 429, 429, 429]);
    const other = await httpRequest(clientFrom('127.0.0.3'), '/api/reviews/search?query=roof&limit=1', {
      headers: { 'x-forwarded-for': '127.0.0.2' },
    });
    expect(other.status).toBe(200);
  });

  it('hub subscribe: a forged X-Forwarded-For on every request does not reset the limit', async () => {
    const forger = clientFrom('127.0.0.4');
    const statuses: number[] = [];
    for (let i = 0; i < SUBSCRIBE_LIMIT + 2; i++) {
      const body = new URLSearchParams({
        'hub.mode': 'subscribe',
        'hub.callback': `https://127.0.0.1:9/cb/${i}`,
        'hub.topic': `${sidecar.baseUrl}/feed.xml`,
      }).toString();
      const r = await httpRequest(forger, '/api/websub/hub', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${i}, 198.51.100.${i}` },
        body,
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([...Array<number>(SUBSCRIBE_LIMIT).fill(202), 429, 429]);
  });
});
