/**
 * The MCP router on its own (as mounted ahead of any app-wide CORS handler): its preflight answers
 * and its refusal of preflights from origins that are not allowed.
 */
import { loadConfig } from '../../sidecar/config.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnapshotSource } from '../../sidecar/data/snapshot-source.ts';
import { silentLogger } from '../../sidecar/logger.ts';
import { createMcpHandler } from '../../sidecar/mcp/create-mcp-handler.ts';
import { createFakeSnapshot } from '../helpers/mcp/fake-snapshot.ts';
import { INITIALIZE, post, raw } from '../helpers/mcp/raw-mcp.ts';

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use(
    '/mcp',
    createMcpHandler({
      snapshots: createSnapshotSource(createFakeSnapshot()),
      config: loadConfig({ BASE_URL: 'https://reviews.example', MCP_ALLOWED_ORIGINS: 'https://agent.example', MCP_SESSION_REVOCATION_DB: 'memory' }),
      logger: silentLogger,
    }),
  );
  server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const preflight = (origin: string) =>
  raw(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-session-id' },
  });

describe('MCP router CORS', () => {
  it('answers a preflight from an allowed origin with the MCP headers', async () => {
    for (const origin of ['https://agent.example', 'https://reviews.example']) {
      const res = await preflight(origin);
      expect(res.status).toBe(204);
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'POST, DELETE, OPTIONS',
        'access-control-allow-headers': 'Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID, Authorization',
        'access-control-expose-headers': 'Mcp-Session-Id',
        vary: 'Origin',
      });
    }
  });

  it('refuses a preflight from any other origin with 403', async () => {
    const res = await preflight('https://evil.example');
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers OPTIONS without Origin with Allow, and serves allowed browser origins', async () => {
    const res = await raw(url, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('POST, DELETE, OPTIONS');
    const init = await post(url, INITIALIZE, { origin: 'https://agent.example' });
    expect(init.status).toBe(200);
    expect(init.headers['access-control-allow-origin']).toBe('https://agent.example');
  });
});
